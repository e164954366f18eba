import type { R2Bucket } from '@cloudflare/workers-types';
import { purgeDueOn } from '../../../domain/platform/site-deletion.js';
import { SUBSCRIPTION_STATE } from '../../../domain/platform/trial.js';
import { query, type Db } from '../db.js';
import { forgetSite } from '../site-versions.js';
import { sitePurgePlan } from './site-tables.js';

/** Rows deleted per statement while purging (D1 statements stay short; other requests interleave). */
const PURGE_BATCH = 500;

/** Where a site's exports are kept in R2 (never under /assets/: only the owner's download route reads them). */
export const exportPrefix = (websiteId: string) => `exports/${websiteId}/`;

/**
 * Deletes a site: one UPDATE stamps `deleted_on` and moves the content version, so cached
 * pages give way and visitors get the unavailable page at once. Nothing else changes, so a
 * restore brings everything back as it was. Answers when the site was deleted: a racing
 * second call changes nothing and answers the first one's time.
 */
export async function deleteSite(db: Db, websiteId: string, now: number): Promise<number> {
  const row = await query(() =>
    db.$client
      .prepare(
        `UPDATE websites SET deleted_on = coalesce(deleted_on, ?2),
           content_version = content_version + (CASE WHEN deleted_on IS NULL THEN 1 ELSE 0 END)
         WHERE id = ?1 RETURNING deleted_on AS deletedOn`,
      )
      .bind(websiteId, now)
      .first<{ deletedOn: number }>(),
  );
  forgetSite(websiteId);
  return row?.deletedOn ?? now;
}

/**
 * Restores a deleted site unless its purge has begun (the purge marks it removed first).
 * False when there is nothing to restore.
 */
export async function restoreSite(db: Db, websiteId: string): Promise<boolean> {
  const row = await query(() =>
    db.$client
      .prepare(
        `UPDATE websites SET deleted_on = NULL, content_version = content_version + 1
          WHERE id = ?1 AND deleted_on IS NOT NULL AND subscription_state <> ?2 RETURNING id`,
      )
      .bind(websiteId, SUBSCRIPTION_STATE.removed)
      .first<{ id: string }>(),
  );
  forgetSite(websiteId);
  return row !== null;
}

/** Deletes the R2 objects of the site's files (each with its resized variants `<key>@...`) and the rows, a batch at a time. */
async function purgeFiles(db: Db, files: R2Bucket, websiteId: string): Promise<number> {
  let removed = 0;
  for (;;) {
    const { results } = await query(() =>
      db.$client.prepare('SELECT id, r2_key AS r2Key FROM assets WHERE website_id = ?1 LIMIT ?2').bind(websiteId, PURGE_BATCH).all<{ id: string; r2Key: string }>(),
    );
    if (results.length === 0) return removed;
    for (const { r2Key } of results) {
      const variants = await files.list({ prefix: `${r2Key}@` });
      await files.delete([r2Key, ...variants.objects.map((o) => o.key)]);
    }
    await query(() => db.$client.prepare('DELETE FROM assets WHERE id IN (SELECT value FROM json_each(?1))').bind(JSON.stringify(results.map((r) => r.id))).run());
    removed += results.length;
  }
}

async function purgePrefix(files: R2Bucket, prefix: string): Promise<void> {
  for (;;) {
    const listed = await files.list({ prefix, limit: 1000 });
    if (listed.objects.length === 0) return;
    await files.delete(listed.objects.map((o) => o.key));
    if (!listed.truncated) return;
  }
}

/**
 * Purges one site for good: it is marked removed (no restore from here on), then every row
 * of every site table (sitePurgePlan, from the schema) goes in batches, the R2 files with
 * their rows, the exports, and last the websites row. A run that dies midway leaves a
 * removed, deleted site the next run finishes.
 */
export async function purgeSite(db: Db, files: R2Bucket, websiteId: string): Promise<void> {
  await query(() => db.$client.prepare('UPDATE websites SET subscription_state = ?2 WHERE id = ?1 AND deleted_on IS NOT NULL').bind(websiteId, SUBSCRIPTION_STATE.removed).run());
  for (const table of sitePurgePlan()) {
    if (table.name === 'assets') {
      await purgeFiles(db, files, websiteId);
      continue;
    }
    const sql = `DELETE FROM "${table.name}" WHERE rowid IN (SELECT rowid FROM "${table.name}" WHERE ${table.where} LIMIT ${PURGE_BATCH})`;
    for (;;) {
      const result = await query(() => db.$client.prepare(sql).bind(websiteId).run());
      if ((result.meta.changes ?? 0) === 0) break;
    }
  }
  await purgePrefix(files, exportPrefix(websiteId));
  await query(() => db.$client.prepare('DELETE FROM websites WHERE id = ?1 AND deleted_on IS NOT NULL').bind(websiteId).run());
  forgetSite(websiteId);
}

/** The daily Cron job: purges every site deleted more than PURGE_AFTER_DAYS ago. Answers how many. */
export async function purgeDeletedSites(db: Db, files: R2Bucket, now: number): Promise<number> {
  const { results } = await query(() =>
    db.$client
      .prepare('SELECT id FROM websites WHERE deleted_on IS NOT NULL AND deleted_on < ?1 ORDER BY deleted_on LIMIT 20')
      .bind(now - purgeDueOn(0))
      .all<{ id: string }>(),
  );
  for (const site of results) await purgeSite(db, files, site.id);
  return results.length;
}
