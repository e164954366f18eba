/**
 * `add-to-cart-btn`, `quantity-input`, `variants-select` and `product-checkout`:
 * the purchase controls of a product page (SPEC §4 add-to-cart button, §5 add to
 * cart). The markup lives in templates/; these adapters compute its data.
 */
import { escapeAttr, escapeHtml } from '../../escape.js';
import { asString, getKey, isTruthy, walkPath } from '../../values.js';
import type { Formatter, RenderContext } from '../../plugin-contract.js';
import { fillMessage } from './message.js';
import { localized } from './price-text.js';
import { ProductType, isSubscribable, itemVariantOptions, productType, showsQuantityInput } from './product.js';
import { COMMERCE_TEMPLATES } from './templates/index.js';

/** SPEC §8 fallbacks: 'Add To Cart', or 'Subscribe' for a subscription; a custom label wins. */
function buttonLabel(item: unknown, ctx: RenderContext): string {
  const content = getKey(item, 'structuredContent');
  const custom = getKey(content, 'customAddButtonText');
  if (isTruthy(getKey(content, 'useCustomAddButtonText')) && isTruthy(custom)) return asString(custom);
  if (isSubscribable(item)) return localized(ctx, 'productSubscribeText', 'Subscribe');
  return localized(ctx, 'productAddToCartText', 'Add To Cart');
}

/**
 * The fields a purchase control reads, as the reference's template sees them: each
 * from the value, else (when the value lacks it) from the scopes around the formatter.
 */
function inScope(value: unknown, ctx: RenderContext, keys: readonly string[]): Record<string, unknown> {
  const view: Record<string, unknown> = {};
  for (const key of keys) {
    const own = getKey(value, key);
    view[key] = own !== undefined ? own : ctx.resolve(key);
  }
  return view;
}

const BUTTON_FIELDS = ['id', 'collectionId', 'structuredContent'] as const;

export const addToCartButton: Formatter = (value, _args, ctx) => {
  const item = inScope(value, ctx, BUTTON_FIELDS);
  const content = getKey(item, 'structuredContent');
  const form = getKey(content, 'additionalFieldsForm');
  const subscription = isSubscribable(item);
  return ctx.renderTemplate(COMMERCE_TEMPLATES['add-to-cart-btn'], {
    collectionId: asString(getKey(item, 'collectionId')),
    itemId: asString(getKey(item, 'id')),
    productType: asString(getKey(content, 'productType')),
    useCustomLabel: asString(getKey(content, 'useCustomAddButtonText')),
    useForm: isTruthy(getKey(content, 'additionalFieldsFormId')) && isTruthy(form),
    form,
    isSubscription: subscription,
    subscriptionOptionId: subscription ? asString(walkPath(content, ['productSubscriptionOptions', 0, 'id'])) : '',
    label: buttonLabel(item, ctx),
  });
};

/** SPEC §5: shown only for products that allow more than one in the cart. */
export const quantityInput: Formatter = (item, _args, ctx) => {
  if (!showsQuantityInput(item, ctx.resolve('websiteSettings'))) return undefined;
  return ctx.renderTemplate(COMMERCE_TEMPLATES['quantity-input'], {
    itemId: asString(inScope(item, ctx, ['id']).id),
    label: localized(ctx, 'productQuantityInputLabel', 'Quantity'),
  });
};

// The aria-label carries the wording as the reference renders it (ampersands
// kept); quotes and angle brackets are still escaped so it cannot leave the attribute.
const attrSafe = (s: string) => s.replace(/[<>"]/g, (c) => (c === '"' ? '&quot;' : c === '<' ? '&lt;' : '&gt;'));

/**
 * SPEC §5: one select (and radio group) per option name, values in first-seen order.
 * Gift cards name their single option 'Value' (SPEC §8 fallbacks 'Select Value', 'Value').
 */
export const variantsSelect: Formatter = (item, _args, ctx) => {
  const options = itemVariantOptions(item);
  if (options.length === 0) return undefined;
  const giftCard = productType(item) === ProductType.GIFT_CARD;
  const selectWording = giftCard
    ? localized(ctx, 'giftCardVariantSelectText', 'Select Value')
    : localized(ctx, 'productVariantSelectText', 'Select {variantName}');
  const giftCardTitle = localized(ctx, 'giftCardValueDisplayText', 'Value');
  const content = getKey(item, 'structuredContent');
  return ctx.renderTemplate(COMMERCE_TEMPLATES['variants-select'], {
    itemId: asString(getKey(item, 'id')),
    variants: getKey(content, 'variants'),
    isSubscribable: isTruthy(getKey(content, 'isSubscribable')),
    subscriptionPlan: getKey(content, 'subscriptionPlan'),
    options: options.map((o) => {
      const selectText = fillMessage(selectWording, { variantName: o.name });
      return { ...o, title: giftCard ? giftCardTitle : o.name, selectText, ariaLabel: attrSafe(selectText) };
    }),
  });
};

/** The variant selector, quantity input and add-to-cart button together. */
export const productCheckout: Formatter = (item, _args, ctx) =>
  ctx.renderTemplate(COMMERCE_TEMPLATES['product-checkout'], item, false);

/** The small quick-view button of product lists; `group` names a field or variable. */
export const productQuickView: Formatter = (item, args, ctx) => {
  let group = args[0] ?? '';
  if (group !== '') {
    const own = getKey(item, group);
    const found = own !== undefined ? own : ctx.resolve(group);
    if (found !== undefined) group = asString(found);
  }
  const text = ctx.resolve('localizedStrings.productQuickViewText');
  return (
    `<span class="sqs-product-quick-view-button" role="button" tabindex="0" data-id="${escapeAttr(asString(getKey(item, 'id')))}"` +
    ` data-group="${escapeAttr(group)}">` +
    `${escapeHtml(text === undefined ? 'Quick View' : asString(text))}</span>`
  );
};
