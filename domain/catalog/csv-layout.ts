import { htmlToDoc, type DocNode } from './csv-html.js';
import type { CsvProblem, CsvRow } from './csv-parse.js';
import { parsePrice } from './price-input.js';

/**
 * The fields a CSV column can fill, with the label the mapping step shows. Rows with the
 * same handle are one product: product fields are read from the first row that has them,
 * each row with a price, sku or option value is a variant, rows with only an image add an image.
 */
export const IMPORT_FIELDS = {
  handle: 'Handle (groups rows into one product; its URL)',
  title: 'Title',
  description: 'Description (HTML)',
  productType: 'Product type',
  giftCard: 'Gift card (TRUE/FALSE)',
  status: 'Status',
  visible: 'Visible / Published',
  categories: 'Categories (comma-separated)',
  tags: 'Tags (comma-separated)',
  option1Name: 'Option 1 name', option1Value: 'Option 1 value',
  option2Name: 'Option 2 name', option2Value: 'Option 2 value',
  option3Name: 'Option 3 name', option3Value: 'Option 3 value',
  option4Name: 'Option 4 name', option4Value: 'Option 4 value',
  option5Name: 'Option 5 name', option5Value: 'Option 5 value',
  option6Name: 'Option 6 name', option6Value: 'Option 6 value',
  sku: 'SKU',
  price: 'Price',
  compareAtPrice: 'Compare-at price (Shopify: the price before a sale)',
  salePrice: 'Sale price',
  onSale: 'On sale',
  stock: 'Stock',
  unlimited: 'Unlimited stock',
  inventoryTracker: 'Inventory tracker (blank: unlimited)',
  weightGrams: 'Weight (grams)',
  imageSrc: 'Image URL',
  imageAlt: 'Image alt text',
  variantImage: 'Variant image URL',
} as const;
export type ImportField = keyof typeof IMPORT_FIELDS;
export type ImportLayout = 'shopify' | 'atelier' | 'unknown';
/** The target of each column, by position; null leaves the column out. */
export type ColumnMapping = (ImportField | null)[];

/** Shopify's product export columns (the ones we read; the rest are left out). */
export const SHOPIFY_COLUMNS: Readonly<Record<string, ImportField>> = {
  Handle: 'handle', Title: 'title', 'Body (HTML)': 'description', Type: 'categories', Tags: 'tags', Published: 'visible',
  'Option1 Name': 'option1Name', 'Option1 Value': 'option1Value', 'Option2 Name': 'option2Name', 'Option2 Value': 'option2Value',
  'Option3 Name': 'option3Name', 'Option3 Value': 'option3Value', 'Variant SKU': 'sku', 'Variant Grams': 'weightGrams',
  'Variant Inventory Tracker': 'inventoryTracker', 'Variant Inventory Qty': 'stock', 'Variant Price': 'price',
  'Variant Compare At Price': 'compareAtPrice', 'Image Src': 'imageSrc', 'Image Alt Text': 'imageAlt', 'Variant Image': 'variantImage',
  'Gift Card': 'giftCard', Status: 'status',
};

/** Atelier's own layout (docs/api/catalogue.md): lossless for every field a product save takes but images. */
export const ATELIER_COLUMNS: Readonly<Record<string, ImportField>> = {
  Handle: 'handle', Title: 'title', 'Product type': 'productType', 'Description (HTML)': 'description', Status: 'status', Visible: 'visible',
  Categories: 'categories', Tags: 'tags',
  ...Object.fromEntries([1, 2, 3, 4, 5, 6].flatMap((n) => [[`Option${n} Name`, `option${n}Name`], [`Option${n} Value`, `option${n}Value`]])),
  SKU: 'sku', Price: 'price', 'Sale price': 'salePrice', 'On sale': 'onSale', Stock: 'stock', Unlimited: 'unlimited', 'Weight (g)': 'weightGrams',
  'Image URL': 'imageSrc', 'Image alt text': 'imageAlt',
};

/** The layout a header is in: ours names 'Product type' and 'SKU', Shopify's 'Variant Price' or 'Variant SKU'. */
export function detectLayout(header: readonly string[]): ImportLayout {
  const has = (name: string) => header.some((h) => h.toLowerCase() === name.toLowerCase());
  if (has('Handle') && has('Product type') && has('SKU') && has('Price')) return 'atelier';
  if (has('Handle') && (has('Variant Price') || has('Variant SKU'))) return 'shopify';
  return 'unknown';
}

/**
 * The mapping proposed for a header: the layout's own columns by name (case-insensitive),
 * otherwise any column whose name is a field's key or label; everything else left out.
 */
export function proposeMapping(header: readonly string[], layout: ImportLayout): ColumnMapping {
  const known = layout === 'shopify' ? SHOPIFY_COLUMNS : layout === 'atelier' ? ATELIER_COLUMNS : { ...SHOPIFY_COLUMNS, ...ATELIER_COLUMNS };
  const lower = new Map(Object.entries(known).map(([k, v]) => [k.toLowerCase(), v]));
  for (const [key, label] of Object.entries(IMPORT_FIELDS)) {
    lower.set(key.toLowerCase(), key as ImportField);
    lower.set(label.toLowerCase(), key as ImportField);
  }
  const used = new Set<ImportField>();
  return header.map((h) => {
    const field = lower.get(h.trim().toLowerCase()) ?? null;
    if (!field || used.has(field)) return null;
    used.add(field);
    return field;
  });
}

export const IMPORT_MESSAGES = {
  noHandle: 'Map a column to Handle: it tells which rows belong to one product.',
  noPriceColumn: 'Map a column to Price.',
  mappedTwice: (field: string) => `Two columns are mapped to ${field}; map it once.`,
  handleMissing: 'This row has no handle.',
  titleMissing: 'This product has no title.',
  variantMissing: 'This product has no variant row (a row with a price).',
  priceMissing: 'Enter a price.',
  wholeNumber: (what: string) => `Enter the ${what} as a whole number.`,
  stockNegative: 'Stock cannot go below 0.',
  weightNegative: 'A weight cannot be negative.',
  notBoolean: (value: string) => `${value} is not TRUE or FALSE.`,
  unknownType: (value: string) => `${value} is not a product type (physical, digital, service or giftCard).`,
  unknownStatus: (value: string) => `${value} is not a status (published, draft, active or archived).`,
  skuRepeated: (sku: string, line: number) => `The SKU ${sku} is also used on line ${line}.`,
  handleSplit: (handle: string, line: number) => `The product ${handle} started on line ${line}; keep a product's rows together.`,
} as const;

export interface ImportVariant {
  sku: string;
  price: number;
  salePrice?: number;
  onSale: boolean;
  attributes: Record<string, string>;
  qtyInStock: number;
  unlimited: boolean;
  weightGrams: number | null;
}

/** A product read from the file, in the product save's body shape (prices in minor units). */
export interface ImportProduct {
  /** The line of its first row. */
  line: number;
  /** The line of each variant, in order. */
  variantLines: number[];
  handle: string;
  productType: 'physical' | 'digital' | 'service' | 'giftCard';
  body: {
    title: string;
    slug: string;
    description: DocNode;
    status: 'published' | 'draft';
    visible: boolean;
    categories: string[];
    tags: string[];
    variantOptionOrdering: string[];
    variants: ImportVariant[];
  };
  images: { line: number; url: string; altText: string }[];
}

export interface ImportRead {
  products: ImportProduct[];
  errors: CsvProblem[];
}

const TRUE = new Set(['true', 'yes', 'y', '1']);
const FALSE = new Set(['false', 'no', 'n', '0']);
const TYPES: Record<string, ImportProduct['productType']> = { physical: 'physical', digital: 'digital', service: 'service', giftcard: 'giftCard', 'gift card': 'giftCard', '1': 'physical', '2': 'digital', '3': 'service', '4': 'giftCard' };
const STATUSES: Record<string, 'published' | 'draft'> = { published: 'published', active: 'published', draft: 'draft', archived: 'draft' };
const VARIANT_FIELDS: readonly ImportField[] = ['sku', 'price', 'option1Value', 'option2Value', 'option3Value', 'option4Value', 'option5Value', 'option6Value'];
// Shopify's single-variant products name their one option "Title" with the value "Default Title".
const DEFAULT_OPTION = (name: string, value: string) => name === 'Title' && (value === '' || value === 'Default Title');

const names = (cell: string) => [...new Set(cell.split(',').map((s) => s.trim()).filter(Boolean))];

/**
 * Reads the file's rows into products through `mapping`. Prices are read with a dot as
 * the decimal mark (as Shopify and our own export write them), else in the site locale's
 * format; Shopify's compare-at price above the price makes the variant on sale (the
 * compare-at is the price, the price the sale price). A blank SKU gets one made from the
 * handle. Every problem carries the physical line of its row.
 */
export function readProducts(header: readonly string[], rows: readonly CsvRow[], mapping: ColumnMapping, site: { currency: string; locale: string }): ImportRead {
  const errors: CsvProblem[] = [];
  const columnOf = new Map<ImportField, number>();
  mapping.forEach((field, i) => {
    if (!field) return;
    if (columnOf.has(field)) errors.push({ line: 1, column: header[i], message: IMPORT_MESSAGES.mappedTwice(IMPORT_FIELDS[field]) });
    else columnOf.set(field, i);
  });
  if (!columnOf.has('handle')) errors.push({ line: 1, message: IMPORT_MESSAGES.noHandle });
  if (!columnOf.has('price')) errors.push({ line: 1, message: IMPORT_MESSAGES.noPriceColumn });
  if (errors.length) return { products: [], errors };

  const cell = (row: CsvRow, field: ImportField) => {
    const i = columnOf.get(field);
    return i === undefined ? '' : (row.cells[i] ?? '').trim();
  };
  const fail = (row: CsvRow, field: ImportField | null, message: string) =>
    errors.push({ line: row.line, column: field && columnOf.has(field) ? header[columnOf.get(field)!] : undefined, message });
  const price = (row: CsvRow, field: ImportField): number | undefined => {
    const text = cell(row, field);
    if (text === '') return undefined;
    let parsed = parsePrice(text, site.currency, 'en-US');
    if (!parsed.ok) {
      const local = parsePrice(text, site.currency, site.locale);
      if (local.ok) parsed = local;
    }
    if (!parsed.ok) {
      fail(row, field, parsed.message);
      return undefined;
    }
    return parsed.minor;
  };
  const bool = (row: CsvRow, field: ImportField, fallback: boolean): boolean => {
    const text = cell(row, field).toLowerCase();
    if (text === '') return fallback;
    if (TRUE.has(text)) return true;
    if (FALSE.has(text)) return false;
    fail(row, field, IMPORT_MESSAGES.notBoolean(cell(row, field)));
    return fallback;
  };
  const whole = (row: CsvRow, field: ImportField, what: string): number | null => {
    const text = cell(row, field).replace(/\.0+$/, '');
    if (text === '') return null;
    if (!/^-?\d{1,10}$/.test(text)) {
      fail(row, field, IMPORT_MESSAGES.wholeNumber(what));
      return null;
    }
    return Number(text);
  };

  const byHandle = new Map<string, ImportProduct>();
  const products: ImportProduct[] = [];
  const optionNames = new Map<ImportProduct, string[]>();
  let previous: ImportProduct | undefined;
  for (const row of rows) {
    const handle = cell(row, 'handle');
    if (handle === '') {
      if (row.cells.some((c) => c.trim() !== '')) fail(row, 'handle', IMPORT_MESSAGES.handleMissing);
      continue;
    }
    let product = byHandle.get(handle.toLowerCase());
    if (product && product !== previous) fail(row, 'handle', IMPORT_MESSAGES.handleSplit(handle, product.line));
    if (!product) {
      product = {
        line: row.line, variantLines: [], handle, productType: 'physical', images: [],
        body: { title: '', slug: handle, description: { type: 'doc', content: [] }, status: 'draft', visible: true, categories: [], tags: [], variantOptionOrdering: [], variants: [] },
      };
      byHandle.set(handle.toLowerCase(), product);
      products.push(product);
      optionNames.set(product, []);
    }
    previous = product;
    const first = product.line === row.line;
    const body = product.body;
    // Product fields: the first row that has each.
    if (!body.title && cell(row, 'title')) body.title = cell(row, 'title');
    if (first || body.description.content?.length === 0) {
      const html = cell(row, 'description');
      if (html) body.description = htmlToDoc(html);
    }
    if (first) {
      const typeText = cell(row, 'productType');
      if (typeText) {
        const type = TYPES[typeText.toLowerCase()];
        if (type) product.productType = type;
        else fail(row, 'productType', IMPORT_MESSAGES.unknownType(typeText));
      }
      if (bool(row, 'giftCard', false)) product.productType = 'giftCard';
      const statusText = cell(row, 'status');
      if (statusText) {
        const status = STATUSES[statusText.toLowerCase()];
        if (status) body.status = status;
        else fail(row, 'status', IMPORT_MESSAGES.unknownStatus(statusText));
      } else if (columnOf.has('visible') && !columnOf.has('status')) {
        // Older Shopify exports have no Status column: Published alone said whether it was live.
        body.status = 'published';
      }
      body.visible = bool(row, 'visible', true);
      body.categories = names(cell(row, 'categories'));
      body.tags = names(cell(row, 'tags'));
    }
    const options = optionNames.get(product)!;
    for (let n = 1; n <= 6; n++) {
      const name = cell(row, `option${n}Name` as ImportField);
      if (name && !options[n - 1]) options[n - 1] = name;
    }
    const image = cell(row, 'imageSrc');
    if (image) product.images.push({ line: row.line, url: image, altText: cell(row, 'imageAlt') });
    const variantImage = cell(row, 'variantImage');
    if (variantImage && !product.images.some((i) => i.url === variantImage)) product.images.push({ line: row.line, url: variantImage, altText: '' });

    if (!VARIANT_FIELDS.some((f) => cell(row, f) !== '')) continue; // an image row
    const attributes: Record<string, string> = {};
    for (let n = 1; n <= 6; n++) {
      const name = options[n - 1];
      const value = cell(row, `option${n}Value` as ImportField);
      if (name && !DEFAULT_OPTION(name, value) && value) attributes[name] = value;
    }
    let amount = price(row, 'price');
    if (amount === undefined && cell(row, 'price') === '') fail(row, 'price', IMPORT_MESSAGES.priceMissing);
    let salePrice = price(row, 'salePrice');
    let onSale = bool(row, 'onSale', false);
    const compareAt = price(row, 'compareAtPrice');
    if (compareAt !== undefined && amount !== undefined && compareAt > amount) {
      salePrice = amount;
      amount = compareAt;
      onSale = true;
    }
    const stock = whole(row, 'stock', 'stock');
    if (stock !== null && stock < 0) fail(row, 'stock', IMPORT_MESSAGES.stockNegative);
    const grams = whole(row, 'weightGrams', 'weight in grams');
    if (grams !== null && grams < 0) fail(row, 'weightGrams', IMPORT_MESSAGES.weightNegative);
    const tracked = columnOf.has('inventoryTracker') ? cell(row, 'inventoryTracker') !== '' : true;
    product.variantLines.push(row.line);
    body.variants.push({
      sku: cell(row, 'sku'), price: amount ?? 0, ...(salePrice !== undefined ? { salePrice } : {}), onSale, attributes,
      qtyInStock: Math.max(0, stock ?? 0), unlimited: bool(row, 'unlimited', !tracked), weightGrams: grams !== null && grams >= 0 ? grams : null,
    });
  }

  for (const product of products) {
    const options = optionNames.get(product)!.filter((name, i, all) => name && !DEFAULT_OPTION(name, '') && all.indexOf(name) === i);
    product.body.variantOptionOrdering = options.filter((name) => product.body.variants.some((v) => name in v.attributes));
    if (!product.body.title) errors.push({ line: product.line, column: columnOf.has('title') ? header[columnOf.get('title')!] : undefined, message: IMPORT_MESSAGES.titleMissing });
    if (product.body.variants.length === 0) errors.push({ line: product.line, message: IMPORT_MESSAGES.variantMissing });
  }
  assignSkus(products, errors, columnOf.has('sku') ? header[columnOf.get('sku')!] : undefined);
  errors.sort((a, b) => a.line - b.line);
  return { products, errors };
}

/** SKUs unique in the file (any case); blank ones made from the handle (`MUG`, `MUG-2`, ...). */
function assignSkus(products: readonly ImportProduct[], errors: CsvProblem[], column: string | undefined): void {
  const seen = new Map<string, number>();
  for (const p of products) {
    p.body.variants.forEach((v, i) => {
      if (!v.sku) return;
      const key = v.sku.toLowerCase();
      const line = p.variantLines[i]!;
      const earlier = seen.get(key);
      if (earlier !== undefined) errors.push({ line, column, message: IMPORT_MESSAGES.skuRepeated(v.sku, earlier) });
      else seen.set(key, line);
    });
  }
  for (const p of products) {
    p.body.variants.forEach((v, i) => {
      if (v.sku) return;
      const base = p.handle.toUpperCase().slice(0, 56);
      let n = i + 1;
      let sku = p.body.variants.length === 1 ? base : `${base}-${n}`;
      while (seen.has(sku.toLowerCase())) sku = `${base}-${++n}`;
      v.sku = sku;
      seen.set(sku.toLowerCase(), p.variantLines[i]!);
    });
  }
}
