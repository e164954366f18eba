import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { AddToCartButton, type Selection } from '../../components/add-to-cart-button.js';
import type { AddToCartTexts } from '../../components/add-to-cart-texts.js';
import { QUANTITY_DEFAULT, QUANTITY_MIN, QUANTITY_SIZE } from '../../../domain/constants/storefront.js';
import { VARIANT_IMAGE_EVENT, emit, type VariantImageDetail } from '../../runtime/events.js';
import { formatCents } from '../../runtime/money.js';
import { MESSAGES } from '../../../domain/messages/storefront-messages.js';
import { loadWhenReached, retryingImport } from '../../runtime/retry-import.js';
import { InstalmentMessage } from './instalment-message.js';
import type { InstalmentSettings } from '../../../domain/commerce/instalments.js';
import {
  buttonLabel,
  isSoldOut,
  labelColon,
  matchVariant,
  quantityError,
  quantityMax,
  showsQuantity,
  unselectedOptions,
  variantOptions,
  variantSoldOut,
  type ProductJson,
  type VariantJson,
} from './product-logic.js';

export interface Merchandising {
  scarcityEnabled?: boolean;
  scarcityText?: string | null;
  scarcityTemplateViews?: { qtyInStock: number; attributes: Record<string, string> }[];
  /** SPEC §4: the owner's texts for the restock form (`successText` replaces 'Signed up!'). */
  restockNotificationMessages?: { successText?: string };
}

export interface ProductFormProps {
  itemId: string;
  title: string;
  product: ProductJson;
  currency: string;
  strings?: Record<string, string>;
  /** Store settings; `restockSuccessText` is the site-wide restock success text (a product's own wins). */
  store?: { multipleQuantityAllowedForServices?: boolean; expressCheckout?: boolean; restockSuccessText?: string };
  merchandising?: Merchandising;
  /** The server's price markup (engine output) shown until a variant is chosen. */
  priceHtml?: string;
  /** The server's restock sign-up markup per variant id (SPEC §3), shown for a sold-out choice. */
  restockHtml?: Record<string, string>;
  /** Quick view on a listing: a success shows the added-item popover. */
  popover?: boolean;
  /** SPEC §9 buy-now-pay-later settings and the page locale (instalment pill). */
  instalments?: InstalmentSettings;
  locale?: string;
  /** The add-to-cart button's words in the page's language (issue 29); English without. */
  texts?: AddToCartTexts | undefined;
  /** The store text `labelValue` of the page's language ('{label}\u00a0: {value}' in French): the labels' colon. */
  labelValue?: string | undefined;
}

/** The price; a sale price with its hidden labels (SPEC §3 `salePriceText`, `originalPriceText`: the page's language). */
function Price({ variant, currency, strings }: { variant: VariantJson; currency: string; strings: Record<string, string> }) {
  const price = formatCents(variant.price, currency);
  if (!variant.onSale) return <>{price}</>;
  // SPEC §9: sale price display with the hidden labels.
  return (
    <>
      <span className="visually-hidden">{`${strings.salePriceText ?? 'Sale Price:'} `}</span>
      {formatCents(variant.salePrice, currency)} <span className="visually-hidden">{`${strings.originalPriceText ?? 'Original Price:'} `}</span>
      <span className="original-price">{price}</span>
    </>
  );
}

function fill(text: string, qty: number): string {
  return text.replaceAll('{qtyInStock}', String(qty));
}

/**
 * The purchase controls of a product (SPEC §1, §4, §5): variant selects in
 * variantOptionOrdering order, price and stock of the choice, the quantity input and
 * the add-to-cart button; the main image follows the chosen variant.
 */
export function ProductForm(props: ProductFormProps) {
  const { itemId, title, product, currency, strings = {}, store = {}, merchandising, priceHtml, restockHtml = {}, popover, instalments, locale = 'en-US', texts, labelValue } = props;
  const base = useId();
  const options = variantOptions(product);
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [quantity, setQuantity] = useState(String(QUANTITY_DEFAULT));
  const variant = matchVariant(product, chosen);
  const soldOut = isSoldOut(product) || (!!variant && variantSoldOut(product, variant));
  const max = quantityMax(product, variant);

  const choose = (name: string, value: string) => {
    const next = { ...chosen, [name]: value };
    setChosen(next);
    const picked = matchVariant(product, next);
    if (picked?.mainImage) emit<VariantImageDetail>(VARIANT_IMAGE_EVENT, { itemId, image: picked.mainImage });
  };

  const select = useCallback((): Selection => {
    const missing = unselectedOptions(product, chosen);
    if (missing.length) return { unselected: missing };
    const picked = matchVariant(product, chosen);
    if (!picked && (product.variants?.length ?? 0) > 0) return { error: MESSAGES.variantUnavailable };
    const bad = showsQuantity(product, store.multipleQuantityAllowedForServices) ? quantityError(quantity) : '';
    if (bad) return { error: bad };
    const qty = showsQuantity(product, store.multipleQuantityAllowedForServices) ? Number(quantity) : 1;
    if (picked && !picked.unlimited && product.productType !== 2 && product.productType !== 4 && qty > picked.qtyInStock) return { error: MESSAGES.notEnoughStock };
    return { sku: picked?.sku ?? null, quantity: qty };
  }, [product, chosen, quantity, store.multipleQuantityAllowedForServices]);

  const scarcity =
    merchandising?.scarcityEnabled && merchandising.scarcityText && variant
      ? merchandising.scarcityTemplateViews?.find((v) => Object.entries(v.attributes).every(([k, val]) => variant.attributes[k] === val))
      : undefined;
  const restock = variant && soldOut ? restockHtml[variant.id] : !variant && isSoldOut(product) ? Object.values(restockHtml)[0] : undefined;

  return (
    <div className="product-form">
      <div className="product-price" aria-live="polite">
        {variant ? <Price variant={variant} currency={currency} strings={strings} /> : priceHtml ? <span dangerouslySetInnerHTML={{ __html: priceHtml }} /> : null}
      </div>
      {instalments && product.productType === 1 && (
        <InstalmentMessage
          priceCents={variant ? (variant.onSale ? variant.salePrice : variant.price) : Math.min(...(product.variants ?? []).map((v) => (v.onSale ? v.salePrice : v.price)))}
          currency={currency}
          settings={instalments}
          locale={locale}
        />
      )}
      {options.length > 0 && (
        <div className="product-variants">
          {options.map((o) => (
            <div className="variant-option" key={o.name}>
              <label className="variant-option-title" htmlFor={`${base}-${o.name}`}>
                {o.name}
                {labelColon(labelValue)}{' '}
              </label>
              <div className="variant-select-wrapper">
                <select id={`${base}-${o.name}`} data-variant-option-name={o.name} value={chosen[o.name] ?? ''} onChange={(e) => choose(o.name, e.target.value)}>
                  <option value="">{(strings.productVariantSelectText ?? 'Select {variantName}').replace('{variantName}', o.name)}</option>
                  {o.values.map((value) => (
                    <option key={value} value={value}>
                      {value}
                    </option>
                  ))}
                </select>
              </div>
            </div>
          ))}
        </div>
      )}
      {showsQuantity(product, store.multipleQuantityAllowedForServices) && (
        <div className="product-quantity-input">
          <label className="quantity-label" htmlFor={`${base}-qty`}>
            {strings.productQuantityInputLabel ?? 'Quantity'}
            {labelColon(labelValue)}
          </label>
          <input id={`${base}-qty`} type="number" min={QUANTITY_MIN} max={max} step={1} size={QUANTITY_SIZE} value={quantity} onChange={(e) => setQuantity(e.target.value)} />
        </div>
      )}
      {scarcity && <div className="product-scarcity">{fill(merchandising!.scarcityText!, scarcity.qtyInStock)}</div>}
      <AddToCartButton
        itemId={itemId}
        title={title}
        label={buttonLabel(product, strings)}
        soldOut={soldOut}
        popover={popover}
        express={store.expressCheckout}
        subscription={product.isSubscribable ? {} : undefined}
        form={product.additionalFieldsForm}
        select={select}
        texts={texts}
      />
      {restock && <RestockSlot html={restock} successText={merchandising?.restockNotificationMessages?.successText || store.restockSuccessText} />}
    </div>
  );
}

const loadRestock = retryingImport(() => import('../restock/mount.js'));

/** The server's restock markup for the chosen variant, made interactive by the restock island (forms). */
function RestockSlot({ html, successText }: { html: string; successText?: string | undefined }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Set: the effect runs after the div below is in the page.
    const el = ref.current!;
    // Only sold-out choices show it: its code is a chunk of its own, fetched when needed; a failed
    // fetch is tried again when the visitor reaches for the server's form (runtime/retry-import.ts).
    loadWhenReached(el, loadRestock, (m) => m.default(el, successText ? { successText } : {}));
  }, [html, successText]);
  // Until the island takes over, the server's form never submits itself (action="#" would put the email in the address).
  return <div ref={ref} className="product-restock" onSubmit={(e) => e.preventDefault()} dangerouslySetInnerHTML={{ __html: html }} />;
}
