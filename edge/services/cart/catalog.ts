import { and, eq, isNull, lte, or } from 'drizzle-orm';
import { forms, items, products, variants, PRODUCT_TYPE, type ProductType } from '../../../schema/index.js';
import type { FormField } from '../../../domain/forms/form-field.js';
import { ApiError } from '../../errors.js';
import { query, type Db } from '../db.js';
import { CART_MESSAGES } from '../../../domain/messages/cart-messages.js';

/** What an add-to-cart may buy: the item, the chosen variant and its price from D1. */
export interface Purchasable {
  itemId: string;
  productType: ProductType;
  isSubscribable: boolean;
  /** Null for products without variants (digital). */
  variantId: string | null;
  sku: string | null;
  unitPriceCents: number;
  currency: string;
  /** SPEC §5: digital and gift-card stock counts as unlimited; else the variant's flag. */
  unlimited: boolean;
  /** The fields of the product's additional-fields form; null when it has none (issue 33, 4b). */
  fieldsForm: FormField[] | null;
}

const unavailable = () => new ApiError(400, 'variant_unavailable', CART_MESSAGES.variantUnavailable, { fields: { sku: CART_MESSAGES.variantUnavailable } });

/**
 * Resolves `itemId` + `sku` of this website to something purchasable, with the price read
 * from D1 (never from the request). Throws the SPEC §5 400s for unknown items, variants
 * that are not the item's and gift cards without a denomination.
 */
export async function findPurchasable(db: Db, websiteId: string, itemId: string, sku: string | null, now: number): Promise<Purchasable> {
  // One statement (the product with each of its variants): adds are D1-round-trip bound.
  const rows = await query(() =>
    db
      .select({ product: products, variant: variants, formFields: forms.fields })
      .from(items)
      .innerJoin(products, eq(products.itemId, items.id))
      .leftJoin(forms, and(eq(forms.id, products.additionalFieldsFormId), eq(forms.websiteId, websiteId)))
      .leftJoin(variants, and(eq(variants.productId, items.id), eq(variants.websiteId, websiteId)))
      .where(
        and(
          eq(items.id, itemId),
          eq(items.websiteId, websiteId),
          eq(items.status, 'published'),
          or(isNull(items.publishOn), lte(items.publishOn, now)),
          // A paywall product (a member area's access) is hidden from the store yet sold by its buy button.
          or(eq(products.visible, true), eq(products.productType, PRODUCT_TYPE.paywall)),
        ),
      ),
  );
  const variantRows = rows.flatMap((r) => (r.variant ? [r.variant] : []));
  const product = rows[0]?.product;
  if (!product) throw unavailable();
  const type = product.productType as ProductType;
  const base = { itemId, productType: type, isSubscribable: product.isSubscribable, fieldsForm: rows[0]!.formFields ?? null };
  if (type === PRODUCT_TYPE.digital) {
    // A digital product is priced on the product and has no variants to choose.
    if (sku !== null || product.priceCents == null) throw unavailable();
    const price = product.onSale ? (product.salePriceCents ?? product.priceCents) : product.priceCents;
    return { ...base, variantId: null, sku: null, unitPriceCents: price, currency: product.currency, unlimited: true };
  }
  if (sku === null && type === PRODUCT_TYPE.giftCard) {
    throw new ApiError(400, 'gift_card_denomination', CART_MESSAGES.giftCardDenomination, { fields: { sku: CART_MESSAGES.giftCardDenomination } });
  }
  // Without a sku only a single-variant product has an unambiguous choice.
  const variant = sku === null ? (variantRows.length === 1 ? variantRows[0] : undefined) : variantRows.find((v) => v.sku === sku);
  if (!variant) throw unavailable();
  return {
    ...base,
    variantId: variant.id,
    sku: variant.sku,
    unitPriceCents: variant.onSale ? variant.salePriceCents : variant.priceCents,
    currency: variant.currency,
    unlimited: type === PRODUCT_TYPE.giftCard || variant.unlimited,
  };
}

/**
 * The fields of the additional-fields form of this website's product `itemId`, or null when
 * the product has none (an entry's answers are edited after the add: SPEC §7 PUT .../additionalFields).
 */
export async function additionalFieldsFormOf(db: Db, websiteId: string, itemId: string): Promise<FormField[] | null> {
  const rows = await query(() =>
    db
      .select({ fields: forms.fields })
      .from(products)
      .innerJoin(forms, and(eq(forms.id, products.additionalFieldsFormId), eq(forms.websiteId, websiteId)))
      .where(and(eq(products.itemId, itemId), eq(products.websiteId, websiteId))),
  );
  return rows[0]?.fields ?? null;
}
