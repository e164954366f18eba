import type { RichTextNode } from '../../../../blocks/text/rich-text-schema.js';
import { decimalSeparator } from '../../../../domain/catalog/price-input.js';
import { fractionDigits } from '../../../../domain/money/fraction-digits.js';
import type { OwnerProduct } from '../../../../edge/services/catalog/product-read.js';

/** SPEC §3 ProductType names the editor handles (paywall products belong to the members area). */
export const TYPE_NAMES = { 1: 'physical', 2: 'digital', 3: 'service', 4: 'giftCard' } as const;
export type TypeName = (typeof TYPE_NAMES)[keyof typeof TYPE_NAMES];
export const TYPE_LABELS: Record<TypeName, string> = { physical: 'Physical product', digital: 'Digital product', service: 'Service', giftCard: 'Gift card' };

export function typeName(value: unknown): TypeName | undefined {
  if (typeof value === 'number') return TYPE_NAMES[value as keyof typeof TYPE_NAMES];
  return Object.values(TYPE_NAMES).includes(value as TypeName) ? (value as TypeName) : undefined;
}

/** One option (Size) with its values (S, M, L); `key` keeps React rows and drag ids stable. */
export interface DraftOption {
  key: string;
  name: string;
  values: string[];
}

/** A variant as the form edits it: prices and counts as typed. */
export interface DraftVariant {
  key: string;
  id?: string;
  sku: string;
  price: string;
  salePrice: string;
  onSale: boolean;
  attributes: Record<string, string>;
  /** Starting stock of a new variant, as typed; an existing variant shows `stockNow`. */
  qtyInStock: string;
  stockNow?: number;
  unlimited: boolean;
  weightGrams: string;
  imageAssetId: string | null;
  /** The loaded prices: an untouched price is sent back as these minor units. */
  loaded?: { price: string; priceCents: number; salePrice: string; salePriceCents: number };
}

export interface DraftImage {
  assetId: string;
  altText: string;
  url: string;
  fileName: string;
}

export interface ProductDraft {
  id?: string;
  version?: number;
  collectionId: string;
  productType: TypeName;
  currency: string;
  fullUrl?: string;
  title: string;
  description: RichTextNode;
  slug: string;
  status: 'published' | 'draft' | 'archived';
  visible: boolean;
  categories: string[];
  tags: string[];
  options: DraftOption[];
  variants: DraftVariant[];
  images: DraftImage[];
  /** Top-level body fields the extra panels changed (sent in every save). */
  extra: Record<string, unknown>;
  /** The product as loaded (the extra panels read their fields from it). */
  loaded: Record<string, unknown>;
}

let serial = 0;
export const freshKey = (prefix: string) => `${prefix}${++serial}`;


/**
 * Minor units as a plain decimal in the site locale's format ("24.50" in en-US, "24,50" in
 * de-DE; no grouping), the form's starting text for a stored price: the server parses what
 * the owner types with the same locale (domain/catalog/price-input.ts).
 */
export function minorToText(minor: number, currency: string, locale = 'en-US'): string {
  const places = fractionDigits(currency);
  if (places === 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const unit = 10 ** places;
  return `${sign}${Math.floor(abs / unit)}${decimalSeparator(locale)}${String(abs % unit).padStart(places, '0')}`;
}

export function blankVariant(attributes: Record<string, string> = {}, like?: DraftVariant): DraftVariant {
  return { key: freshKey('v'), sku: '', price: like?.price ?? '', salePrice: '', onSale: false, attributes, qtyInStock: '0', unlimited: false, weightGrams: like?.weightGrams ?? '', imageAssetId: null };
}

export function newDraft(collectionId: string, productType: TypeName, currency = 'USD'): ProductDraft {
  return {
    collectionId, productType, currency, title: '', description: { type: 'doc', content: [] } as unknown as RichTextNode, slug: '', status: 'draft', visible: true,
    categories: [], tags: [], options: [], variants: [blankVariant()], images: [], extra: {}, loaded: { productType },
  };
}

/** A loaded product as the form's draft. */
export function draftOf(product: OwnerProduct, locale?: string): ProductDraft {
  const type = typeName(product.productType) ?? 'physical';
  const names = product.variantOptionOrdering;
  // A gift card's denominations are its variants; its 'Amount' option is the editor's own.
  const options: DraftOption[] = type === 'giftCard' ? [] : names.map((name) => ({ key: freshKey('o'), name, values: [...new Set(product.variants.map((v) => v.attributes[name] ?? '').filter(Boolean))] }));
  return {
    id: product.id, version: product.version, collectionId: product.collectionId, productType: type, currency: product.currency, fullUrl: product.fullUrl,
    title: product.title, description: product.description as RichTextNode, slug: product.urlId, status: product.status === 'published' || product.status === 'archived' ? product.status : 'draft', visible: product.visible,
    categories: product.categories, tags: product.tags, options,
    variants: product.variants.map((v) => {
      const price = minorToText(v.priceCents, product.currency, locale);
      const salePrice = v.salePriceCents ? minorToText(v.salePriceCents, product.currency, locale) : '';
      return {
        key: freshKey('v'), id: v.id, sku: v.sku, price, salePrice, onSale: v.onSale, attributes: v.attributes, qtyInStock: String(v.qtyInStock), stockNow: v.qtyInStock,
        unlimited: v.unlimited, weightGrams: v.weightGrams === null ? '' : String(v.weightGrams), imageAssetId: v.imageAssetId ?? null,
        loaded: { price, priceCents: v.priceCents, salePrice, salePriceCents: v.salePriceCents },
      };
    }),
    images: product.images.map((i) => ({ assetId: i.assetId, altText: i.altText, url: i.url, fileName: i.fileName })),
    extra: {},
    loaded: { ...(product as unknown as Record<string, unknown>), productType: type },
  };
}

const comboKey = (names: readonly string[], attributes: Record<string, string>) => JSON.stringify(names.map((n) => attributes[n] ?? ''));

/**
 * 'Generate variants': one variant per combination of the options' values (the cartesian
 * product, in option order). A variant whose attributes match a combination is kept as it
 * is; new ones get a blank sku and the first variant's price.
 * @example generateVariants([{ name: 'Size', values: ['S', 'M'] }], []) // two variants, Size S and Size M
 */
export function generateVariants(options: readonly Pick<DraftOption, 'name' | 'values'>[], current: readonly DraftVariant[]): DraftVariant[] {
  const used = options.filter((o) => o.name.trim() && o.values.length > 0);
  const names = used.map((o) => o.name.trim());
  if (used.length === 0) return current.length ? [current[0]!] : [blankVariant()];
  let combos: Record<string, string>[] = [{}];
  for (const option of used) combos = combos.flatMap((c) => [...new Set(option.values)].map((value) => ({ ...c, [option.name.trim()]: value })));
  const existing = new Map(current.map((v) => [comboKey(names, v.attributes), v]));
  const like = current[0];
  return combos.map((attributes) => {
    const keep = existing.get(comboKey(names, attributes));
    return keep && Object.keys(keep.attributes).length === names.length ? keep : blankVariant(attributes, like);
  });
}

/** A price field's value for the body: untouched stored prices go back as minor units, typed ones as typed (the server parses locale decimals). */
function priceValue(typed: string, loadedText: string | undefined, loadedMinor: number | undefined): string | number {
  return loadedText !== undefined && loadedMinor !== undefined && typed.trim() === loadedText ? loadedMinor : typed.trim();
}

const wholeNumber = (text: string): number | string => (/^\s*\d+\s*$/.test(text) ? Number(text) : text);

/** The save's body: the editor's fields plus every key the extra panels changed. */
export function bodyOf(draft: ProductDraft): Record<string, unknown> {
  const giftCard = draft.productType === 'giftCard';
  const stocked = draft.productType === 'physical' || draft.productType === 'service';
  const names = giftCard ? (draft.variants.length > 1 ? ['Amount'] : []) : draft.options.map((o) => o.name.trim()).filter(Boolean);
  const body: Record<string, unknown> = {
    title: draft.title,
    description: draft.description,
    status: draft.status,
    visible: draft.visible,
    categories: draft.categories,
    tags: draft.tags,
    variantOptionOrdering: names,
    variants: draft.variants.map((v) => {
      const out: Record<string, unknown> = { sku: v.sku, price: priceValue(v.price, v.loaded?.price, v.loaded?.priceCents) };
      if (v.id) out.id = v.id;
      if (giftCard) {
        if (names.length) out.attributes = { Amount: v.price.trim() };
      } else {
        out.attributes = Object.fromEntries(names.map((n) => [n, v.attributes[n] ?? '']));
        if (v.salePrice.trim()) out.salePrice = priceValue(v.salePrice, v.loaded?.salePrice, v.loaded?.salePriceCents);
        out.onSale = v.onSale;
      }
      if (stocked) {
        out.unlimited = v.unlimited;
        if (!v.id && !v.unlimited) out.qtyInStock = wholeNumber(v.qtyInStock || '0');
      }
      if (draft.productType === 'physical') out.weightGrams = v.weightGrams.trim() === '' ? null : wholeNumber(v.weightGrams);
      out.imageAssetId = v.imageAssetId;
      return out;
    }),
    images: draft.images.map((i) => ({ assetId: i.assetId, altText: i.altText })),
    ...draft.extra,
  };
  if (draft.slug.trim()) body.slug = draft.slug.trim();
  if (!draft.id) {
    body.collectionId = draft.collectionId;
    body.productType = draft.productType;
  }
  return body;
}

/** The store URL preview of the product's address. */
export function urlPreview(storeUrl: string, slug: string, title: string, slugify: (s: string) => string): string {
  const tail = slugify(slug || title) || 'product';
  return `${storeUrl.replace(/\/$/, '')}/${tail}`;
}

/** Moves item `from` to index `to` (drag-and-drop reorders). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}
