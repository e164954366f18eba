import { minorToDecimal } from '../../../domain/money/money.js';
import { PRODUCT_TYPE } from '../../../schema/index.js';
import { csvLine } from '../csv.js';
import { query, type Db } from '../db.js';
import { assetUrl } from '../item-json/image-json.js';

export const EXPORT_LAYOUTS = ['shopify', 'atelier'] as const;
export type ExportLayout = (typeof EXPORT_LAYOUTS)[number];

const TYPE_NAMES: Record<number, string> = { [PRODUCT_TYPE.physical]: 'physical', [PRODUCT_TYPE.digital]: 'digital', [PRODUCT_TYPE.service]: 'service', [PRODUCT_TYPE.giftCard]: 'giftCard' };
const PAGE = 50;

interface ExportProduct {
  id: string;
  urlId: string;
  title: string;
  body: string | null;
  status: string;
  visible: number;
  categories: string;
  tags: string;
  productType: number;
  ordering: string;
  r2Key: string | null;
}

interface ExportVariant {
  productId: string;
  sku: string;
  priceCents: number;
  salePriceCents: number;
  onSale: number;
  attributes: string;
  qtyInStock: number;
  unlimited: number;
  weightGrams: number | null;
}

type Cell = string | number | boolean | null;

const SHOPIFY_HEADER = [
  'Handle', 'Title', 'Body (HTML)', 'Vendor', 'Type', 'Tags', 'Published', 'Option1 Name', 'Option1 Value', 'Option2 Name', 'Option2 Value', 'Option3 Name', 'Option3 Value',
  'Variant SKU', 'Variant Grams', 'Variant Inventory Tracker', 'Variant Inventory Qty', 'Variant Inventory Policy', 'Variant Fulfillment Service', 'Variant Price',
  'Variant Compare At Price', 'Variant Requires Shipping', 'Variant Taxable', 'Image Src', 'Image Position', 'Image Alt Text', 'Gift Card', 'Status',
];

const atelierHeader = (options: number) => [
  'Handle', 'Title', 'Product type', 'Description (HTML)', 'Status', 'Visible', 'Categories', 'Tags',
  ...Array.from({ length: options }, (_, i) => [`Option${i + 1} Name`, `Option${i + 1} Value`]).flat(),
  'SKU', 'Price', 'Sale price', 'On sale', 'Stock', 'Unlimited', 'Weight (g)', 'Image URL', 'Image alt text',
];

const TF = (b: boolean) => (b ? 'TRUE' : 'FALSE');

function shopifyRows(p: ExportProduct, variants: ExportVariant[], currency: string, origin: string): Cell[][] {
  const options = (JSON.parse(p.ordering) as string[]).slice(0, 3);
  const categories = JSON.parse(p.categories) as string[];
  const money = (cents: number) => minorToDecimal(cents, currency);
  return variants.map((v, i) => {
    const attrs = JSON.parse(v.attributes) as Record<string, string>;
    const first = i === 0;
    const optionCells = options.length === 0
      ? [first ? 'Title' : '', 'Default Title', '', '', '', '']
      : [0, 1, 2].flatMap((n) => [first ? (options[n] ?? '') : '', options[n] ? (attrs[options[n]!] ?? '') : '']);
    const onSale = v.onSale === 1;
    const shipping = p.productType === PRODUCT_TYPE.physical;
    return [
      p.urlId, first ? p.title : '', first ? (p.body ?? '') : '', '', first ? (categories[0] ?? '') : '', first ? (JSON.parse(p.tags) as string[]).join(', ') : '',
      first ? TF(p.visible === 1) : '', ...optionCells, v.sku, v.weightGrams ?? '', v.unlimited === 1 ? '' : 'shopify', v.unlimited === 1 ? '' : v.qtyInStock, 'deny', 'manual',
      money(onSale ? v.salePriceCents : v.priceCents), onSale ? money(v.priceCents) : '', TF(shipping), 'TRUE',
      first && p.r2Key ? `${origin}${assetUrl(p.r2Key)}` : '', first && p.r2Key ? 1 : '', '', first ? TF(p.productType === PRODUCT_TYPE.giftCard) : '',
      first ? (p.status === 'published' ? 'active' : 'draft') : '',
    ];
  });
}

function atelierRows(p: ExportProduct, variants: ExportVariant[], currency: string, origin: string, optionColumns: number): Cell[][] {
  const options = JSON.parse(p.ordering) as string[];
  const money = (cents: number) => minorToDecimal(cents, currency);
  return variants.map((v, i) => {
    const attrs = JSON.parse(v.attributes) as Record<string, string>;
    const first = i === 0;
    return [
      p.urlId, first ? p.title : '', first ? (TYPE_NAMES[p.productType] ?? '') : '', first ? (p.body ?? '') : '', first ? p.status : '', first ? p.visible === 1 : '',
      first ? (JSON.parse(p.categories) as string[]).join(', ') : '', first ? (JSON.parse(p.tags) as string[]).join(', ') : '',
      ...Array.from({ length: optionColumns }, (_, n) => [first ? (options[n] ?? '') : '', options[n] ? (attrs[options[n]!] ?? '') : '']).flat(),
      v.sku, money(v.priceCents), v.onSale === 1 || v.salePriceCents > 0 ? money(v.salePriceCents) : '', v.onSale === 1, v.unlimited === 1 ? '' : v.qtyInStock, v.unlimited === 1,
      v.weightGrams ?? '', first && p.r2Key ? `${origin}${assetUrl(p.r2Key)}` : '', '',
    ];
  });
}

/**
 * The catalogue (or one store of it) as CSV lines in `layout`, one row per variant, the
 * product's own fields on its first row (as Shopify's export writes them). Cells go through
 * services/csv.ts (quoting, the formula guard); prices are decimals with a dot. Products are
 * read a page at a time, in the store's order.
 */
export async function* catalogueCsv(db: Db, site: { id: string; currency: string }, layout: ExportLayout, collectionId: string | undefined, origin: string): AsyncGenerator<string> {
  const d1 = db.$client;
  const scope = collectionId ? 'AND i.collection_id = ?2' : 'AND ?2 IS NULL';
  const optionColumns = layout === 'atelier'
    ? ((await query(() =>
        d1
          .prepare(`SELECT MAX(json_array_length(p.variant_option_ordering)) AS n FROM products p JOIN items i ON i.id = p.item_id WHERE p.website_id = ?1 ${scope}`)
          .bind(site.id, collectionId ?? null)
          .first<{ n: number | null }>(),
      ))?.n ?? 0)
    : 3;
  yield csvLine(layout === 'shopify' ? SHOPIFY_HEADER : atelierHeader(Math.max(1, optionColumns)));
  for (let offset = 0; ; offset += PAGE) {
    const page = await query(() =>
      d1
        .prepare(
          `SELECT i.id, i.url_id AS urlId, i.title, i.body, i.status, p.visible, i.categories, i.tags, p.product_type AS productType, p.variant_option_ordering AS ordering, a.r2_key AS r2Key
           FROM items i JOIN products p ON p.item_id = i.id LEFT JOIN assets a ON a.id = i.main_image_id
           WHERE i.website_id = ?1 ${scope} ORDER BY i.collection_id, i.display_index, i.id LIMIT ?3 OFFSET ?4`,
        )
        .bind(site.id, collectionId ?? null, PAGE, offset)
        .all<ExportProduct>(),
    );
    if (page.results.length === 0) return;
    const variants = await query(() =>
      d1
        .prepare(
          `SELECT product_id AS productId, sku, price_cents AS priceCents, sale_price_cents AS salePriceCents, on_sale AS onSale, attributes, qty_in_stock AS qtyInStock, unlimited, weight_grams AS weightGrams
           FROM variants WHERE product_id IN (SELECT value FROM json_each(?1)) ORDER BY position, id`,
        )
        .bind(JSON.stringify(page.results.map((p) => p.id)))
        .all<ExportVariant>(),
    );
    const byProduct = new Map<string, ExportVariant[]>();
    for (const v of variants.results) byProduct.set(v.productId, [...(byProduct.get(v.productId) ?? []), v]);
    let out = '';
    for (const p of page.results) {
      const vs = byProduct.get(p.id) ?? [];
      const rows = layout === 'shopify' ? shopifyRows(p, vs, site.currency, origin) : atelierRows(p, vs, site.currency, origin, Math.max(1, optionColumns));
      for (const row of rows) out += csvLine(row);
    }
    yield out;
    if (page.results.length < PAGE) return;
  }
}
