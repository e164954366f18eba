/**
 * Pure product rules the purchase controls apply in the browser (SPEC §1, §4, §5),
 * over `item.structuredContent` as the page context carries it.
 */
import { QUANTITY_MAX } from '../../../domain/constants/storefront.js';
import type { ImageJson } from '../../runtime/images.js';
import type { MoneyJson } from '../../runtime/cart-types.js';
import type { AdditionalFieldsTexts } from '../../../domain/messages/additional-fields-texts.js';

export const PRODUCT_TYPE = { physical: 1, digital: 2, service: 3, giftCard: 4 } as const;

export interface VariantJson {
  id: string;
  sku: string;
  price: number;
  salePrice: number;
  priceMoney?: MoneyJson;
  onSale: boolean;
  qtyInStock: number;
  unlimited: boolean;
  attributes: Record<string, string>;
  mainImage?: ImageJson & { id: string };
}

export interface ProductJson {
  productType: number;
  isSubscribable?: boolean;
  useCustomAddButtonText?: boolean;
  customAddButtonText?: string;
  variantOptionOrdering?: string[];
  variants?: VariantJson[];
  additionalFieldsFormId?: string;
  additionalFieldsForm?: AdditionalFieldsForm;
  priceMoney?: MoneyJson;
}

export interface AdditionalFieldsForm {
  id?: string;
  name?: string;
  submitButtonText?: string;
  fields: { id: string; title?: string; label?: string; type?: string; required?: boolean; options?: string[] }[];
  /** The dialog's words in the page's language, only the translated ones (issue 29). */
  texts?: Partial<AdditionalFieldsTexts>;
}

/** SPEC §5: option values gathered per option name, names in variantOptionOrdering order. */
export function variantOptions(product: ProductJson): { name: string; values: string[] }[] {
  const variants = product.variants ?? [];
  if (variants.length <= 1 || product.productType === PRODUCT_TYPE.digital) return [];
  const names = [...(product.variantOptionOrdering ?? [])];
  for (const v of variants) for (const n of Object.keys(v.attributes)) if (!names.includes(n)) names.push(n);
  return names
    .map((name) => ({ name, values: [...new Set(variants.map((v) => v.attributes[name]).filter((x): x is string => !!x))] }))
    .filter((o) => o.values.length > 0);
}

/** The variant matching every chosen option, or undefined (none chosen yet, or no such combination). */
export function matchVariant(product: ProductJson, chosen: Record<string, string>): VariantJson | undefined {
  const variants = product.variants ?? [];
  if (variants.length === 1) return variants[0];
  const options = variantOptions(product);
  if (options.some((o) => !chosen[o.name])) return undefined;
  return variants.find((v) => options.every((o) => v.attributes[o.name] === chosen[o.name]));
}

/** Option names still unchosen, in display order (for the SPEC §5 message). */
export function unselectedOptions(product: ProductJson, chosen: Record<string, string>): string[] {
  return variantOptions(product).filter((o) => !chosen[o.name]).map((o) => o.name);
}

const unlimitedType = (p: ProductJson) => p.productType === PRODUCT_TYPE.digital || p.productType === PRODUCT_TYPE.giftCard;

/** SPEC §4: physical and service products are sold out when no variant is unlimited or in stock. */
export function isSoldOut(product: ProductJson): boolean {
  if (unlimitedType(product)) return false;
  return !(product.variants ?? []).some((v) => v.unlimited || v.qtyInStock > 0);
}

export function variantSoldOut(product: ProductJson, variant: VariantJson): boolean {
  return !unlimitedType(product) && !variant.unlimited && variant.qtyInStock <= 0;
}

/**
 * SPEC §5: the quantity input shows for physical products, or services when the store
 * allows several, never for subscriptions, and only when total stock exceeds 1
 * (digital and gift-card stock counts as unlimited).
 */
export function showsQuantity(product: ProductJson, multipleQuantityAllowedForServices = true): boolean {
  const t = product.productType;
  if (!(t === PRODUCT_TYPE.physical || (t === PRODUCT_TYPE.service && multipleQuantityAllowedForServices))) return false;
  if (product.isSubscribable) return false;
  const variants = product.variants ?? [];
  if (variants.some((v) => v.unlimited)) return true;
  return variants.reduce((sum, v) => sum + Math.max(0, v.qtyInStock), 0) > 1;
}

/** The quantity input's maximum: SPEC §5 9999, or the chosen variant's stock when lower. */
export function quantityMax(product: ProductJson, variant: VariantJson | undefined): number {
  if (!variant || variant.unlimited || unlimitedType(product)) return QUANTITY_MAX;
  return Math.max(1, Math.min(QUANTITY_MAX, variant.qtyInStock));
}

/** SPEC §5 quantity checks: '' when fine, else the exact message. */
export function quantityError(raw: string): string {
  const text = raw.trim();
  if (text === '' || !Number.isFinite(Number(text))) return 'Quantity must be a number.';
  if (!Number.isInteger(Number(text))) return 'Quantity must be a whole number';
  return '';
}

/** SPEC §3/§8: the owner's custom label, 'Subscribe' for subscriptions, else 'Add To Cart'. */
export function buttonLabel(product: ProductJson, strings: Record<string, string> = {}): string {
  if (product.useCustomAddButtonText && product.customAddButtonText) return product.customAddButtonText;
  if (product.isSubscribable) return strings.productSubscribeText || 'Subscribe';
  return strings.productAddToCartText || 'Add To Cart';
}

/**
 * The colon after a field's label ('Size:', 'Quantity:') in the page's language: what stands
 * between the label and the value in the store text `labelValue` (the page's theme texts), less
 * the space after it. French '{label}\u00a0: {value}' gives a no-break space before the colon
 * ('Taille :'), so it never starts a line of its own; without the text, the English ':'.
 * @example labelColon('{label}\u00a0: {value}') === '\u00a0:'
 */
export function labelColon(labelValue = '{label}: {value}'): string {
  const label = labelValue.indexOf('{label}');
  const value = labelValue.indexOf('{value}');
  // A text without both slots in that order reads as the English colon.
  if (label === -1 || value < label + 7) return ':';
  return labelValue.slice(label + 7, value).replace(/ $/, '');
}
