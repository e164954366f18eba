import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { requirePermission } from '../../middleware/roles/index.js';
import { detectLayout, IMPORT_FIELDS, proposeMapping, readProducts, type ColumnMapping, type ImportField, type ImportProduct } from '../../../domain/catalog/csv-layout.js';
import { CSV_MESSAGES, MAX_IMPORT_BYTES, parseCsv, type CsvProblem } from '../../../domain/catalog/csv-parse.js';
import { csvDownload } from '../../services/csv.js';
import { listStores } from '../../services/catalog/categories.js';
import { catalogueCsv, EXPORT_LAYOUTS } from '../../services/catalog/csv-export.js';
import { importProducts, importRefused, siteProblems, storeShares, type ImportItem } from '../../services/catalog/csv-import.js';
import { newProductBody, PRODUCT_TYPE_NAMES, productInput } from './product-body.js';
import { jsonBody, queryParams } from '../validate.js';

/** How many rows the preview shows, and at most how many problems an answer lists. */
const PREVIEW_ROWS = 20;
const MAX_LISTED_PROBLEMS = 500;

const fieldNames = Object.keys(IMPORT_FIELDS) as [ImportField, ...ImportField[]];
const mapping = z.array(z.enum(fieldNames, { error: 'Choose a field from the list, or leave the column out.' }).nullable()).max(1000);
const csvText = z.string({ error: 'Send the CSV file as text.' });
// overflow: the products past the chosen store's 200 go to new stores named after it (docs/api/catalogue.md).
const overflow = z.boolean({ error: 'overflow is true or false.' }).optional().default(false);
const previewBody = z.strictObject({ csv: csvText, mapping: mapping.optional(), collectionId: z.string().max(64).optional(), overflow });
const importBody = z.strictObject({ csv: csvText, mapping, collectionId: z.string({ error: 'Choose the store.' }).max(64), overflow });

// Which column a save's field path came from, to name it beside the line.
const PATH_FIELDS: Record<string, ImportField> = {
  title: 'title', description: 'description', categories: 'categories', tags: 'tags', variantOptionOrdering: 'option1Name',
  sku: 'sku', price: 'price', salePrice: 'salePrice', onSale: 'onSale', attributes: 'option1Value', qtyInStock: 'stock', weightGrams: 'weightGrams',
};

function tooLarge(csv: string): void {
  if (csv.length > MAX_IMPORT_BYTES || new TextEncoder().encode(csv).length > MAX_IMPORT_BYTES) throw new ApiError(413, 'payload_too_large', CSV_MESSAGES.tooLarge);
}

interface Checked {
  layout: ReturnType<typeof detectLayout>;
  delimiter: ',' | ';';
  header: string[];
  mapping: ColumnMapping;
  rows: ReturnType<typeof parseCsv>['rows'];
  products: ImportProduct[];
  items: ImportItem[];
  errors: CsvProblem[];
}

/**
 * The file read and every product checked with the product save's own rules (the body
 * schema and productInput), each problem at the physical line of its row.
 */
function checkFile(c: Context<AppEnv>, csv: string, wanted: ColumnMapping | undefined, collectionId: string): Checked {
  tooLarge(csv);
  const site = c.var.site;
  const parsed = parseCsv(csv);
  const layout = detectLayout(parsed.header);
  const columns = wanted ?? proposeMapping(parsed.header, layout);
  if (columns.length !== parsed.header.length && parsed.header.length > 0) {
    throw new ApiError(400, 'invalid_request', `The mapping names ${columns.length} columns; the file has ${parsed.header.length}.`, { fields: { mapping: 'Map each column of the file.' } });
  }
  const read = parsed.errors.length ? { products: [], errors: [] } : readProducts(parsed.header, parsed.rows, columns, site);
  const errors = [...parsed.errors, ...read.errors];
  const columnOf = (field: ImportField | undefined) => (field && columns.includes(field) ? parsed.header[columns.indexOf(field)] : undefined);
  const items: ImportItem[] = [];
  for (const product of read.products) {
    const lineOf = (path: readonly PropertyKey[]) => (path[0] === 'variants' && typeof path[1] === 'number' ? (product.variantLines[path[1]] ?? product.line) : product.line);
    const columnFor = (path: readonly PropertyKey[]) => columnOf(PATH_FIELDS[String(path[0] === 'variants' ? path[2] : path[0])]);
    const body = newProductBody.safeParse({ ...product.body, collectionId, productType: product.productType });
    if (!body.success) {
      const seen = new Set<string>();
      for (const issue of body.error.issues) {
        const key = issue.path.slice(0, 3).join('.');
        if (seen.has(key)) continue;
        seen.add(key);
        errors.push({ line: lineOf(issue.path), column: columnFor(issue.path), message: issue.message });
      }
      continue;
    }
    const type = PRODUCT_TYPE_NAMES[body.data.productType];
    try {
      items.push({ line: product.line, variantLines: product.variantLines, type, input: productInput(body.data, type, site.currency, site.locale) });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      for (const [path, message] of Object.entries(err.options.fields ?? { _: err.message })) {
        const parts = path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
        errors.push({ line: lineOf(parts), column: columnFor(parts), message });
      }
    }
  }
  errors.sort((a, b) => a.line - b.line);
  return { layout, delimiter: parsed.delimiter, header: parsed.header, mapping: columns, rows: parsed.rows, products: read.products, items, errors };
}

const images = (products: readonly ImportProduct[]) => products.flatMap((p) => p.images.map((i) => ({ line: i.line, handle: p.handle, title: p.body.title, url: i.url, altText: i.altText })));

/** Import and export of the catalogue as CSV (docs/api/catalogue.md, 'CSV import and export'), permission `catalog`. */
export const productImportExportApi = new Hono<AppEnv>({ strict: false });

// The file read: its layout, delimiter, first rows, the proposed (or given) mapping and every problem by line. Stores nothing.
productImportExportApi.post('/import/preview', requirePermission('catalog'), async (c) => {
  const type = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  let body: z.output<typeof previewBody>;
  if (type === 'text/csv' || type === 'text/plain') body = { csv: await c.req.text(), collectionId: c.req.query('collectionId'), overflow: c.req.query('overflow') === 'true' };
  else {
    const parsed = previewBody.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) throw new ApiError(400, 'invalid_request', parsed.error.issues[0]?.message ?? 'Send the CSV file.', { fields: Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.') || '_', i.message])) });
    body = parsed.data;
  }
  const checked = checkFile(c, body.csv, body.mapping, body.collectionId ?? '');
  const errors = [...checked.errors];
  if (body.collectionId && checked.items.length) errors.push(...(await siteProblems(c.var.db, c.var.site.id, body.collectionId, checked.items, body.overflow)));
  errors.sort((a, b) => a.line - b.line);
  const stores = await listStores(c.var.db, c.var.site.id);
  const chosen = stores.find((s) => s.id === body.collectionId);
  return c.json({
    layout: checked.layout,
    delimiter: checked.delimiter,
    columns: checked.header.map((header, index) => ({ index, header, field: checked.mapping[index] ?? null })),
    fields: Object.entries(IMPORT_FIELDS).map(([field, label]) => ({ field, label })),
    rows: checked.rows.slice(0, PREVIEW_ROWS),
    rowCount: checked.rows.length,
    productCount: checked.products.length,
    variantCount: checked.products.reduce((n, p) => n + p.body.variants.length, 0),
    images: images(checked.products),
    errors: errors.slice(0, MAX_LISTED_PROBLEMS),
    errorCount: errors.length,
    // The stores the file may go to (the screen's choice).
    stores: stores.map((s) => ({ id: s.id, title: s.title, productCount: s.productCount })),
    // Where the products would go: the chosen store, then (with overflow) new stores of 200.
    placement: chosen
      ? storeShares(chosen.productCount, checked.products.length, body.overflow).map((products, i) => ({ store: i === 0 ? chosen.title : `${chosen.title} ${i + 1}`, products, new: i > 0 }))
      : [],
  });
});

// The commit: every product of the file in one batch, or nothing (400 with the problems by line, 409 when the site's rows clash).
productImportExportApi.post('/import', requirePermission('catalog'), jsonBody(importBody), async (c) => {
  const body = c.req.valid('json');
  const checked = checkFile(c, body.csv, body.mapping, body.collectionId);
  if (checked.errors.length) throw importRefused(checked.errors.slice(0, MAX_LISTED_PROBLEMS));
  if (checked.items.length === 0) throw importRefused([{ line: 1, message: 'The file has no products.' }]);
  const user = c.var.siteUser!;
  const created = await importProducts(c.var.db, c.var.site, body.collectionId, checked.items, { id: user.id, name: user.email }, { overflow: body.overflow });
  const byHandle = new Map(checked.products.map((p, i) => [p.handle, created[i]!]));
  return c.json(
    {
      products: created.map((p) => ({ ...p, editUrl: `/config/products/${p.id}` })),
      productCount: created.length,
      // How many went to each store, the chosen one first (more than one with overflow).
      stores: [...created.reduce((counts, p) => counts.set(p.store, (counts.get(p.store) ?? 0) + 1), new Map<string, number>())].map(([store, products]) => ({ store, products })),
      variantCount: checked.items.reduce((n, i) => n + i.input.variants.length, 0),
      images: images(checked.products).map((i) => ({ ...i, productId: byHandle.get(i.handle)?.id ?? null })),
    },
    201,
  );
});

const exportQuery = z.strictObject({ layout: z.enum(EXPORT_LAYOUTS).optional().default('atelier'), collectionId: z.string().max(64).optional() });

// The catalogue (or one store) as a CSV download in Shopify's layout or ours, streamed.
productImportExportApi.get('/export.csv', requirePermission('catalog'), queryParams(exportQuery), (c) => {
  const { layout, collectionId } = c.req.valid('query');
  const lines = catalogueCsv(c.var.db, c.var.site, layout, collectionId, new URL(c.req.url).origin);
  return csvDownload(lines, `products-${layout}-${new Date().toISOString().slice(0, 10)}.csv`);
});
