import { eq, inArray, sql } from 'drizzle-orm';
import { items, websites } from '../../schema/index.js';
import { searchRowStatements } from '../../schema/search.js';
import { query, type Db } from './db.js';
import { forgetSite } from './site-versions.js';

/**
 * The statement that moves a site to a new content version. Cached pages are keyed by
 * the version (edge/pages/page-cache.ts), so the next request after any owner change
 * renders fresh. One atomic UPDATE: concurrent writers each bump, none is lost.
 */
export function bumpStatement(db: Db, websiteId: string, now = Date.now()) {
  return db
    .update(websites)
    .set({ contentVersion: sql`${websites.contentVersion} + 1`, updatedOn: now })
    .where(eq(websites.id, websiteId));
}

/**
 * Call after any owner change that shows on published pages (content, theme,
 * navigation, site settings, prices, stock edits): bumps the site's content version.
 * Sales do not need to call it; cached pages expire within 60 s (edge/pages/page-cache.ts).
 * @example await bumpContentVersion(db, site.id);
 */
export async function bumpContentVersion(db: Db, websiteId: string): Promise<void> {
  await query(() => bumpStatement(db, websiteId).run());
  forgetSite(websiteId);
}

/**
 * Call after items were created or edited: rewrites their full-text index rows
 * (schema/search.ts) and bumps the content version, all in one D1 batch.
 * Deleted items leave the index through a trigger; passing their ids is harmless.
 * @example await contentChanged(db, site.id, [item.id]);
 */
export async function contentChanged(db: Db, websiteId: string, itemIds: readonly string[] = []): Promise<void> {
  await query(async () => {
    const rows = itemIds.length
      ? await db
          .select({ id: items.id, websiteId: items.websiteId, title: items.title, excerpt: items.excerpt, body: items.body, tags: items.tags, categories: items.categories })
          .from(items)
          .where(inArray(items.id, [...itemIds]))
      : [];
    // The raw D1 handle: the index statements are plain SQL (schema/search.ts), and a
    // D1 batch runs them and the bump as one transaction.
    const d1 = db.$client;
    const bump = bumpStatement(db, websiteId).toSQL();
    const statements = [bump, ...rows.filter((r) => r.websiteId === websiteId).flatMap((r) => searchRowStatements(r))];
    await d1.batch(statements.map((s) => d1.prepare(s.sql).bind(...s.params)));
  });
  forgetSite(websiteId);
}
