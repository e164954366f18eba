import type { D1PreparedStatement } from '@cloudflare/workers-types';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { commercePreferences, downloadGrants, PRODUCT_TYPE, products } from '../../../schema/index.js';
import { query, type Db } from '../db.js';
import { rawD1 } from '../cart/raw.js';
import { newRowId } from '../cart/tokens.js';
import { downloadPath } from './links.js';

/** How long links work and how often a file may be fetched (commerce preferences `digitalDownloads`). */
export interface DownloadSettings {
  lifetimeMs: number;
  /** Null: no limit. */
  maxDownloads: number | null;
}

// The SPEC leaves both open: three days, no limit, unless the owner sets them.
export const DEFAULT_DOWNLOAD_SETTINGS: DownloadSettings = { lifetimeMs: 72 * 3600_000, maxDownloads: null };

export async function downloadSettings(db: Db, websiteId: string): Promise<DownloadSettings> {
  const [row] = await query(() =>
    db.select({ value: commercePreferences.value }).from(commercePreferences)
      .where(and(eq(commercePreferences.websiteId, websiteId), eq(commercePreferences.namespace, 'digitalDownloads'))).limit(1),
  );
  const hours = Number(row?.value?.linkLifetimeHours);
  const max = Number(row?.value?.maxDownloads);
  return {
    lifetimeMs: Number.isInteger(hours) && hours > 0 ? hours * 3600_000 : DEFAULT_DOWNLOAD_SETTINGS.lifetimeMs,
    maxDownloads: Number.isInteger(max) && max > 0 ? max : DEFAULT_DOWNLOAD_SETTINGS.maxDownloads,
  };
}

export interface NewGrant {
  id: string;
  itemId: string;
  assetId: string;
  productName: string;
  /** The product's own limit and link lifetime (issue 26), over the site's settings when set. */
  maxDownloads: number | null;
  linkLifetimeHours: number | null;
}

/** One grant per digital product of the order that has a file (a line of 2 units still gets one). */
export async function newGrants(db: Db, websiteId: string, entries: readonly { productType: number; itemId: string; title: string }[]): Promise<NewGrant[]> {
  const digital = entries.filter((e) => e.productType === PRODUCT_TYPE.digital);
  if (digital.length === 0) return [];
  const rows = await query(() =>
    db.select({ itemId: products.itemId, assetId: products.digitalAssetId, maxDownloads: products.maxDownloads, linkHours: products.downloadLinkHours }).from(products)
      .where(and(eq(products.websiteId, websiteId), inArray(products.itemId, digital.map((e) => e.itemId)))),
  );
  const rowOf = new Map(rows.map((r) => [r.itemId, r]));
  const seen = new Set<string>();
  return digital.flatMap((e) => {
    const row = rowOf.get(e.itemId);
    if (!row?.assetId || seen.has(e.itemId)) return [];
    seen.add(e.itemId);
    return [{ id: newRowId(), itemId: e.itemId, assetId: row.assetId, productName: e.title, maxDownloads: row.maxDownloads, linkLifetimeHours: row.linkHours }];
  });
}

/** When a grant made `now` stops: after the product's own link lifetime when it has one, else the site's. */
export function grantExpiresOn(grant: Pick<NewGrant, 'linkLifetimeHours'>, settings: DownloadSettings, now: number): number {
  return now + (grant.linkLifetimeHours !== null ? grant.linkLifetimeHours * 3600_000 : settings.lifetimeMs);
}

/** In the batch that records the order: its grants exist exactly when it does. */
export function grantStatements(db: Db, order: { id: string; websiteId: string }, grants: readonly NewGrant[], settings: DownloadSettings, now: number): D1PreparedStatement[] {
  const d1 = rawD1(db);
  return grants.map((g) =>
    d1
      .prepare(
        `INSERT INTO download_grants (id, website_id, order_id, item_id, asset_id, product_name, downloads, max_downloads, expires_on, created_on)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, 0, ?7, ?8, ?9)`,
      )
      .bind(g.id, order.websiteId, order.id, g.itemId, g.assetId, g.productName, g.maxDownloads ?? settings.maxDownloads, grantExpiresOn(g, settings, now), now),
  );
}

export interface OrderDownload {
  productName: string;
  /** Signed path (`/downloads/...`); absent when the deployment has no link secret. */
  url?: string;
  expiresOn: number;
  downloads: number;
  maxDownloads: number | null;
}

/** The downloads of an order with freshly signed links (page 202, the confirmation mail). */
export async function orderDownloads(db: Db, secret: string | undefined, websiteId: string, orderId: string): Promise<OrderDownload[]> {
  const rows = await query(() =>
    db.select().from(downloadGrants).where(and(eq(downloadGrants.websiteId, websiteId), eq(downloadGrants.orderId, orderId))).orderBy(asc(downloadGrants.createdOn), asc(downloadGrants.productName)),
  );
  return Promise.all(
    rows.map(async (g) => ({
      productName: g.productName, expiresOn: g.expiresOn, downloads: g.downloads, maxDownloads: g.maxDownloads,
      ...(secret ? { url: await downloadPath(secret, g.id, g.expiresOn) } : {}),
    })),
  );
}
