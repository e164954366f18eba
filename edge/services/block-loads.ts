/**
 * What a block's server loader (blocks/<name>/loader.ts) is handed for one page: the
 * site and D1, and the page layer's presenters for what templates read (items with their
 * images and products, a form as this request shows it). Built per request by the worker
 * (edge/pages/block-data.ts); declared here because loaders may import edge/services only.
 */
import type { Db } from './db.js';
import type { FormRecord } from './forms/definitions.js';
import type { ItemRecord } from './items.js';
import type { SiteRecord } from './websites.js';
import type { StoreTexts } from '../../domain/languages/store-texts.js';

/** Items as templates read them, with what product badges and prices need. */
export interface ItemsJson {
  /** Each item's template JSON (`itemJson`), by item id. */
  byId: Map<string, Record<string, unknown>>;
  /** SPEC §3 product merchandising context of the products among them (product badges). */
  productMerchandisingContext: Record<string, unknown>;
}

export interface BlockLoadContext {
  db: Db;
  site: SiteRecord;
  /** The request's fixed "now" (ms): what is published by then is public. */
  now: number;
  /** The template JSON of `rows` (one details round trip for them all). */
  items(rows: readonly ItemRecord[]): Promise<ItemsJson>;
  /** A form's template JSON as this request shows it (a refused no-JS post's values, the thank-you state). */
  form(form: FormRecord): Record<string, unknown>;
  /** The store texts in the page's language (an added language's translations over the English; issue 29). */
  texts(): Promise<StoreTexts>;
}
