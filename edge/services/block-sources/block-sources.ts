import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { assets, forms, items, products } from '../../../schema/index.js';
import { assetUrl } from '../files/file-records.js';
import { query, type Db } from '../db.js';

// SPEC §3 RecordType of store items.
const RECORD_STORE_ITEM = 11;

/** A product as the editor's product picker lists it. */
export interface ProductChoice {
  id: string;
  title: string;
  url: string;
  /** A 300 px preview of its main image, or null. */
  image: string | null;
  /** False when visitors cannot see it (a draft, a later publish date, hidden from the store): the block then says it is not available. */
  public: boolean;
}

/** A form as the editor's form picker lists it (contact and custom forms; never a product's additional fields). */
export interface FormChoice {
  id: string;
  name: string;
  kind: string;
  fields: number;
}

/** `%` and `_` typed by the owner are taken literally. */
const likeText = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** The site's products whose title has `search` (any case), by title; at most `limit`. `id`: only that product. */
export async function productChoices(db: Db, websiteId: string, search: string, limit: number, now: number, id?: string): Promise<ProductChoice[]> {
  const where = [eq(items.websiteId, websiteId), eq(items.recordType, RECORD_STORE_ITEM)];
  if (search.trim()) where.push(sql`lower(${items.title}) like ${likeText(search.trim())} escape '\\'`);
  if (id !== undefined) where.push(eq(items.id, id));
  const rows = await query(() =>
    db
      .select({ id: items.id, title: items.title, url: items.fullUrl, status: items.status, publishOn: items.publishOn, visible: products.visible, r2Key: assets.r2Key, contentType: assets.contentType })
      .from(items)
      .innerJoin(products, eq(products.itemId, items.id))
      .leftJoin(assets, eq(assets.id, items.mainImageId))
      .where(and(...where))
      .orderBy(asc(sql`lower(${items.title})`), asc(items.id))
      .limit(limit),
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    url: row.url,
    image: row.r2Key ? `${assetUrl(row.r2Key)}${row.contentType === 'image/svg+xml' ? '' : '?format=300w'}` : null,
    public: row.status === 'published' && (row.publishOn === null || row.publishOn <= now) && row.visible,
  }));
}

/** The site's forms a form block may show, by name. */
export async function formChoices(db: Db, websiteId: string): Promise<FormChoice[]> {
  const rows = await query(() =>
    db
      .select({ id: forms.id, name: forms.name, kind: forms.kind, fields: forms.fields })
      .from(forms)
      .where(and(eq(forms.websiteId, websiteId), ne(forms.kind, 'additional-fields')))
      .orderBy(asc(sql`lower(${forms.name})`), asc(forms.id)),
  );
  return rows.map((row) => ({ id: row.id, name: row.name, kind: row.kind, fields: row.fields.length }));
}
