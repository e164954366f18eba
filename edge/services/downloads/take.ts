import { and, eq } from 'drizzle-orm';
import { assets, downloadGrants } from '../../../schema/index.js';
import { query, type Db } from '../db.js';
import { rawD1 } from '../cart/raw.js';

export interface DownloadFile {
  r2Key: string;
  filename: string;
  contentType: string;
}

export type DownloadAnswer = { kind: 'file'; file: DownloadFile } | { kind: 'unknown' } | { kind: 'expired' } | { kind: 'used-up' };

/** The grant's file, without counting (a missing file must not use up a download). */
export async function grantFile(db: Db, websiteId: string, grantId: string, now: number): Promise<DownloadAnswer> {
  const [row] = await query(() =>
    db.select({ expiresOn: downloadGrants.expiresOn, downloads: downloadGrants.downloads, max: downloadGrants.maxDownloads, r2Key: assets.r2Key, filename: assets.filename, contentType: assets.contentType })
      .from(downloadGrants).innerJoin(assets, eq(assets.id, downloadGrants.assetId))
      .where(and(eq(downloadGrants.id, grantId), eq(downloadGrants.websiteId, websiteId))).limit(1),
  );
  if (!row) return { kind: 'unknown' };
  if (row.expiresOn <= now) return { kind: 'expired' };
  if (row.max !== null && row.downloads >= row.max) return { kind: 'used-up' };
  return { kind: 'file', file: { r2Key: row.r2Key, filename: row.filename, contentType: row.contentType } };
}

/**
 * Counts one download: a single conditional UPDATE, so concurrent fetches of a link with
 * a limit of N never serve more than N (no read-modify-write). False when the limit or the
 * expiry was reached first.
 */
export async function countDownload(db: Db, websiteId: string, grantId: string, now: number): Promise<boolean> {
  const row = await rawD1(db)
    .prepare(
      `UPDATE download_grants SET downloads = downloads + 1
       WHERE id = ?1 AND website_id = ?2 AND expires_on > ?3 AND (max_downloads IS NULL OR downloads < max_downloads)
       RETURNING downloads`,
    )
    .bind(grantId, websiteId, now)
    .first<{ downloads: number }>();
  return row !== null;
}
