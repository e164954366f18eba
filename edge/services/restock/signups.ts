import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { items, merchandising, products, restockSignups, variants, websites } from '../../../schema/index.js';
import { randomToken } from '../../lib/random-token.js';
import { query, type Db } from '../db.js';
import { normalizeEmail } from '../../../domain/forms/email.js';
import { d1Of } from '../forms/d1.js';
import { restockSignedUpStatements } from '../webhooks/fact-events.js';

export interface RestockSignupInput {
  websiteId: string;
  productId: string;
  variantId: string;
  email: string;
  language?: string | undefined;
  joinMailingList: boolean;
  now: number;
}

/**
 * The variant of a product of this site, with its stock, or undefined; with the success text
 * the owner set for the product (`successText`) and for the whole site (`siteSuccessText`).
 */
export async function findRestockVariant(db: Db, websiteId: string, productId: string, variantId: string) {
  const [row] = await query(() =>
    db
      .select({
        variantId: variants.id, productId: variants.productId, qtyInStock: variants.qtyInStock, unlimited: variants.unlimited, title: items.title, fullUrl: items.fullUrl,
        successText: sql<string | null>`json_extract(${merchandising.restockNotificationMessages}, '$.successText')`,
        siteSuccessText: sql<string | null>`json_extract(${websites.storeSettings}, '$.restockSuccessText')`,
      })
      .from(variants)
      .innerJoin(products, eq(products.itemId, variants.productId))
      .innerJoin(items, eq(items.id, products.itemId))
      .innerJoin(websites, eq(websites.id, variants.websiteId))
      .leftJoin(merchandising, eq(merchandising.productId, products.itemId))
      .where(and(eq(variants.websiteId, websiteId), eq(variants.id, variantId), eq(variants.productId, productId)))
      .limit(1),
  );
  return row;
}

/**
 * Records a sign-up. SPEC: duplicate sign-ups for one email and variant are one sign-up —
 * the UNIQUE (site, variant, email) upsert makes that hold under concurrency, and re-arms
 * a sign-up whose notice was already sent.
 */
export async function recordRestockSignup(db: Db, s: RestockSignupInput): Promise<void> {
  const email = normalizeEmail(s.email);
  const d1 = d1Of(db);
  await query(() =>
    d1.batch([
      d1
        .prepare(
          `INSERT INTO restock_signups (id, website_id, product_id, variant_id, email, language, join_mailing_list, created_on)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
           ON CONFLICT (website_id, variant_id, email) DO UPDATE SET sent_on = NULL,
             language = coalesce(excluded.language, restock_signups.language),
             join_mailing_list = max(excluded.join_mailing_list, restock_signups.join_mailing_list)`,
        )
        .bind(randomToken(12), s.websiteId, s.productId, s.variantId, email, s.language ?? null, s.joinMailingList ? 1 : 0, s.now),
      // The restock.signed_up webhook event, in the sign-up's own batch (edge/services/webhooks).
      ...restockSignedUpStatements(d1, { websiteId: s.websiteId, productId: s.productId, variantId: s.variantId, email, language: s.language ?? null }, s.now),
    ]),
  );
}

export interface Page<T> {
  rows: T[];
  hasNextPage: boolean;
  nextPageCursor: string | null;
}

/** Cursor = base64url of the last row's sort key; opaque to clients. */
export function encodeCursor(parts: (string | number)[]): string {
  return btoa(JSON.stringify(parts)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function decodeCursor(cursor: string | undefined): unknown[] | undefined {
  if (!cursor) return undefined;
  try {
    const parsed: unknown = JSON.parse(atob(cursor.replace(/-/g, '+').replace(/_/g, '/')));
    return Array.isArray(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export interface RestockGroup {
  productId: string;
  variantId: string;
  productTitle: string;
  sku: string;
  pendingCount: number;
  /** True when the variant has stock again: the owner is offered the send (stock raised from 0). */
  inStock: boolean;
}

/** Unsent sign-ups grouped by variant, paged by (productId, variantId). */
export async function restockGroups(db: Db, websiteId: string, cursor: string | undefined, pageSize: number): Promise<Page<RestockGroup>> {
  const after = decodeCursor(cursor) as [string, string] | undefined;
  const rows = await query(() =>
    db
      .select({
        productId: restockSignups.productId,
        variantId: restockSignups.variantId,
        productTitle: items.title,
        sku: variants.sku,
        pendingCount: sql<number>`count(*)`,
        inStock: sql<number>`max(${variants.unlimited} = 1 or ${variants.qtyInStock} > 0)`,
      })
      .from(restockSignups)
      .innerJoin(variants, eq(variants.id, restockSignups.variantId))
      .innerJoin(items, eq(items.id, restockSignups.productId))
      .where(
        and(
          eq(restockSignups.websiteId, websiteId),
          isNull(restockSignups.sentOn),
          after
            ? or(gt(restockSignups.productId, after[0]), and(eq(restockSignups.productId, after[0]), gt(restockSignups.variantId, after[1])))
            : undefined,
        ),
      )
      .groupBy(restockSignups.productId, restockSignups.variantId)
      .orderBy(asc(restockSignups.productId), asc(restockSignups.variantId))
      .limit(pageSize + 1),
  );
  const page = rows.slice(0, pageSize).map((r) => ({ ...r, pendingCount: Number(r.pendingCount), inStock: !!r.inStock }));
  const last = page.at(-1);
  const hasNextPage = rows.length > pageSize;
  return { rows: page, hasNextPage, nextPageCursor: hasNextPage && last ? encodeCursor([last.productId, last.variantId]) : null };
}

export interface RestockSignupRow {
  id: string;
  productId: string;
  variantId: string;
  email: string;
  language: string | null;
  createdOn: number;
  sentOn: number | null;
}

/** Every sign-up of one variant (sent or not), oldest first, paged by (createdOn, id). */
export async function restockSignupList(
  db: Db,
  websiteId: string,
  productId: string,
  variantId: string,
  cursor: string | undefined,
  pageSize: number,
): Promise<Page<RestockSignupRow>> {
  const after = decodeCursor(cursor) as [number, string] | undefined;
  const rows = await query(() =>
    db
      .select({ id: restockSignups.id, productId: restockSignups.productId, variantId: restockSignups.variantId, email: restockSignups.email, language: restockSignups.language, createdOn: restockSignups.createdOn, sentOn: restockSignups.sentOn })
      .from(restockSignups)
      .where(
        and(
          eq(restockSignups.websiteId, websiteId),
          eq(restockSignups.productId, productId),
          eq(restockSignups.variantId, variantId),
          after ? or(gt(restockSignups.createdOn, after[0]), and(eq(restockSignups.createdOn, after[0]), gt(restockSignups.id, after[1]))) : undefined,
        ),
      )
      .orderBy(asc(restockSignups.createdOn), asc(restockSignups.id))
      .limit(pageSize + 1),
  );
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  const hasNextPage = rows.length > pageSize;
  return { rows: page, hasNextPage, nextPageCursor: hasNextPage && last ? encodeCursor([last.createdOn, last.id]) : null };
}
