/**
 * Product marks and merchandising blocks: `product-status` (SPEC §4 badge order),
 * `product-scarcity` and `product-restock-notification`, driven by the page's
 * product merchandising context (SPEC §3).
 */
import { escapeHtml } from '../../escape.js';
import { asBoolean, asString, getKey, isTruthy } from '../../values.js';
import type { Formatter, RenderContext } from '../../plugin-contract.js';
import { fillMessage } from './message.js';
import { localized } from './price-text.js';
import { productBadge } from './product.js';
import { COMMERCE_TEMPLATES } from './templates/index.js';

/** The merchandising settings of one product, by its id. */
function merchandisingOf(item: unknown, ctx: RenderContext): unknown {
  const id = asString(getKey(item, 'id'));
  if (id === '') return undefined;
  return getKey(ctx.resolve('productMerchandisingContext'), id);
}

/** SPEC §4: sold out first, else sale, else nothing; SPEC §8 fallbacks 'sold out', 'sale'. */
export const productStatus: Formatter = (item, _args, ctx) => {
  switch (productBadge(item)) {
    case 'sold-out': {
      const custom = asString(getKey(merchandisingOf(item, ctx), 'customSoldOutText'));
      const text = custom || localized(ctx, 'productSoldOutText', 'sold out');
      return `<div class="product-mark sold-out">${escapeHtml(text)}</div>`;
    }
    case 'sale':
      return `<div class="product-mark sale">${escapeHtml(localized(ctx, 'productSaleText', 'sale'))}</div>`;
    default:
      return undefined;
  }
};

/** One block per stock view; the owner's text gets the view's `{qtyInStock}`. */
export const productScarcity: Formatter = (item, _args, ctx) => {
  const settings = merchandisingOf(item, ctx);
  if (!asBoolean(getKey(settings, 'scarcityEnabled'))) return undefined;
  const wording = asString(getKey(settings, 'scarcityText'));
  const views = getKey(settings, 'scarcityTemplateViews');
  return ctx.renderTemplate(COMMERCE_TEMPLATES['product-scarcity'], {
    views: (Array.isArray(views) ? views : []).map((v) => ({
      attributes: getKey(v, 'attributes'),
      text: fillMessage(wording, { qtyInStock: asString(getKey(v, 'qtyInStock')) }),
    })),
  });
};

/** SPEC §3 restock sign-up form: one per variant view, with the optional mailing-list box and captcha. */
export const productRestockNotification: Formatter = (item, _args, ctx) => {
  const settings = merchandisingOf(item, ctx);
  const messages = getKey(settings, 'restockNotificationMessages');
  const views = getKey(settings, 'restockNotificationViews');
  return ctx.renderTemplate(COMMERCE_TEMPLATES['product-restock-notification'], {
    productId: asString(getKey(item, 'id')),
    views: (Array.isArray(views) ? views : []).map((v) => ({
      variantId: asString(getKey(v, 'variantId')),
      hiddenByDefault: isTruthy(getKey(v, 'hiddenByDefault')),
    })),
    ctaText: asString(getKey(messages, 'CTAText')),
    placeholderText: asString(getKey(messages, 'placeholderText')),
    buttonText: asString(getKey(messages, 'buttonText')),
    mailingListDescription: asString(getKey(messages, 'mailingListDescription')),
    mailingListSignUpEnabled: isTruthy(getKey(settings, 'mailingListSignUpEnabled')),
    mailingListOptInByDefault: isTruthy(getKey(settings, 'mailingListOptInByDefault')),
    captchaSiteKey: isTruthy(ctx.resolve('website.captchaSettings.siteKey')),
    // The restock messages in the page's language, for the restock island (only on pages of an added language).
    texts: getKey(messages, 'texts'),
  });
};
