import { z } from 'zod';
import { EMPTY_DOC, richTextDoc } from '../../../blocks/text/rich-text-schema.js';
import { parsePrice } from '../../../domain/catalog/price-input.js';
import { PRODUCT_TYPE, type ProductType } from '../../../schema/index.js';
import { ApiError } from '../../errors.js';
import { CATALOG_MESSAGES } from '../../services/catalog/catalog-messages.js';
import type { ProductInput, VariantInput } from '../../services/catalog/product-save.js';
import { extrasInput, productExtraFields } from './product-extras-body.js';

/** SPEC §3 ProductType names the API takes (paywall products belong to the members area). */
export const PRODUCT_TYPE_NAMES = { physical: PRODUCT_TYPE.physical, digital: PRODUCT_TYPE.digital, service: PRODUCT_TYPE.service, giftCard: PRODUCT_TYPE.giftCard } as const;
const typeName = z.enum(Object.keys(PRODUCT_TYPE_NAMES) as [keyof typeof PRODUCT_TYPE_NAMES, ...(keyof typeof PRODUCT_TYPE_NAMES)[]]);

// A price is minor units (a whole number) or a decimal string in the site locale's format.
const price = z.union([z.number(), z.string().max(40)], { error: 'Enter a price.' });
const optionName = z.string().trim().min(1, { error: 'Name the option.' }).max(50, { error: 'An option name is at most 50 characters.' });

const variant = z.strictObject({
  id: z.string().max(64).optional(),
  sku: z.string({ error: 'Enter a SKU.' }).trim().min(1, { error: 'Enter a SKU.' }).max(64, { error: 'A SKU is at most 64 characters.' }),
  price,
  salePrice: price.optional(),
  onSale: z.boolean().optional().default(false),
  attributes: z.record(z.string().max(50), z.string().trim().min(1, { error: 'Enter the option value.' }).max(100)).optional().default({}),
  qtyInStock: z.number().int({ error: 'Enter the stock as a whole number.' }).min(0, { error: 'Stock cannot go below 0.' }).max(1_000_000_000).optional().default(0),
  unlimited: z.boolean().optional().default(false),
  weightGrams: z.number().int({ error: 'Enter the weight in whole grams.' }).min(0, { error: 'A weight cannot be negative.' }).max(10_000_000).nullable().optional().default(null),
  // The variant's main image: one of the product's `images` (cat-editor); absent keeps the stored one.
  imageAssetId: z.string().max(64).nullable().optional(),
});

// Product images (cat-editor): display order, the first is the main image.
const productImage = z.strictObject({
  assetId: z.string({ error: 'Choose an image.' }).min(1, { error: 'Choose an image.' }).max(64),
  altText: z.string().trim().max(250, { error: 'Alt text is at most 250 characters.' }).optional().default(''),
});

const productFields = {
  title: z.string({ error: 'Add a product title.' }).trim().min(1, { error: 'Add a product title.' }).max(200, { error: 'A product title is at most 200 characters.' }),
  description: richTextDoc.optional().default(EMPTY_DOC as never),
  slug: z.string().max(200).optional(),
  status: z.enum(['published', 'draft', 'archived']).optional().default('draft'),
  visible: z.boolean().optional().default(true),
  // SPEC §9: categories at most 25 characters, tags at most 50.
  categories: z.array(z.string().trim().min(1).max(25, { error: 'A category name is at most 25 characters.' })).max(100).optional().default([]),
  tags: z.array(z.string().trim().min(1).max(50, { error: 'A tag is at most 50 characters.' })).max(100).optional().default([]),
  variantOptionOrdering: z.array(optionName).max(6).optional().default([]),
  // SPEC §9: at most 250 items in a user-orderable collection bounds the variants a product may list too.
  variants: z.array(variant, { error: 'Add at least one variant.' }).min(1, { error: 'Add at least one variant.' }).max(250),
  // Issue 26 extra settings (cat-extras, product-extras-body.ts): subscription plan, additional fields, button text,
  // merchandising, SEO, publish time, related products, digital file. All optional; left out = unchanged.
  ...productExtraFields,
  // Product images (cat-editor): 0-50, first = main image; absent keeps the stored images.
  images: z.array(productImage).max(50, { error: 'A product has at most 50 images.' }).optional(),
};

export const productBody = z.strictObject(productFields);
export const newProductBody = z.strictObject({ ...productFields, collectionId: z.string({ error: 'Choose the store.' }).max(64), productType: typeName });

type Body = z.output<typeof productBody>;

/**
 * The body's variants with prices in minor units (domain/catalog/price-input.ts) and the
 * cross-field rules zod cannot see alone; every problem keyed by its field path (400).
 */
export function productInput(body: Body, type: ProductType, currency: string, locale: string): ProductInput {
  const fields: Record<string, string> = {};
  const fail = (key: string, message: string) => (fields[key] ??= message);
  const seenSku = new Map<string, number>();
  const seenOptions = new Set<string>();
  const options = body.variantOptionOrdering;
  if (new Set(options).size !== options.length) fail('variantOptionOrdering', 'Each option is listed once.');
  if (type === PRODUCT_TYPE.digital && body.variants.length !== 1) fail('variants', 'A digital product has exactly one variant.');
  const imageIds = new Set<string>();
  (body.images ?? []).forEach((image, i) => {
    if (imageIds.has(image.assetId)) fail(`images.${i}.assetId`, CATALOG_MESSAGES.imageRepeated);
    imageIds.add(image.assetId);
  });
  const variants: VariantInput[] = body.variants.map((v, i) => {
    const at = `variants.${i}`;
    const first = seenSku.get(v.sku.toLowerCase());
    if (first !== undefined) fail(`${at}.sku`, CATALOG_MESSAGES.skuRepeated(v.sku));
    seenSku.set(v.sku.toLowerCase(), i);
    const parsed = parsePrice(v.price, currency, locale);
    if (!parsed.ok) fail(`${at}.price`, parsed.message);
    const sale = v.salePrice === undefined ? undefined : parsePrice(v.salePrice, currency, locale);
    if (sale && !sale.ok) fail(`${at}.salePrice`, sale.message);
    // SPEC §4: only physical, service and digital products can be on sale (the storefront never shows a gift card's sale).
    if (v.onSale && type === PRODUCT_TYPE.giftCard) fail(`${at}.onSale`, 'A gift card is never on sale.');
    if (v.onSale && !sale) fail(`${at}.salePrice`, 'Enter the sale price.');
    if (v.onSale && sale?.ok && parsed.ok && sale.minor >= parsed.minor) fail(`${at}.salePrice`, 'A sale price is below the price.');
    const keys = Object.keys(v.attributes);
    if (keys.some((k) => !options.includes(k)) || (options.length > 0 && keys.length !== options.length)) fail(`${at}.attributes`, 'Give a value for each option, and only for the options listed.');
    const combo = JSON.stringify(options.map((o) => v.attributes[o] ?? ''));
    if (options.length > 0 && seenOptions.has(combo)) fail(`${at}.attributes`, 'Another variant has the same option values.');
    seenOptions.add(combo);
    // Without `images` in the body a variant image cannot be checked against them: it must come with them.
    if (typeof v.imageAssetId === 'string' && !imageIds.has(v.imageAssetId)) fail(`${at}.imageAssetId`, CATALOG_MESSAGES.variantImageNotListed);
    return {
      id: v.id, sku: v.sku, priceCents: parsed.ok ? parsed.minor : 0, salePriceCents: sale?.ok ? sale.minor : 0, onSale: v.onSale,
      attributes: v.attributes, qtyInStock: v.qtyInStock, unlimited: v.unlimited, weightGrams: v.weightGrams, imageAssetId: v.imageAssetId,
    };
  });
  if (body.variants.length > 1 && options.length === 0) fail('variantOptionOrdering', 'Name the options that tell the variants apart.');
  const extras = extrasInput(body, type, fail);
  const keys = Object.keys(fields);
  if (keys.length) throw new ApiError(400, 'invalid_request', fields[keys[0]!]!, { fields });
  return {
    title: body.title, description: body.description, slug: body.slug, status: body.status, visible: body.visible,
    categories: [...new Set(body.categories)], tags: [...new Set(body.tags)], variantOptionOrdering: options, variants, extras,
    images: body.images?.map((image) => ({ assetId: image.assetId, altText: image.altText })),
  };
}
