import type { R2Bucket } from '@cloudflare/workers-types';
import { exportExpiresOn } from '../../../domain/platform/site-deletion.js';
import { newId } from '../accounts/tokens.js';
import { catalogueCsv } from '../catalog/csv-export.js';
import { CSV_BOM } from '../csv.js';
import { customersCsv } from '../customers/customers.js';
import { query, type Db } from '../db.js';
import { submissionsCsv } from '../forms/csv.js';
import { ordersCsv } from '../owner-commerce/orders-csv.js';
import { exportPrefix } from './lifecycle.js';
import { R2ZipWriter } from './export-zip.js';

export type ExportState = 'queued' | 'ready' | 'failed';

/** An export as the owner's API shows it (docs/api/site-export.md). */
export interface SiteExport {
  id: string;
  state: ExportState;
  byteSize: number | null;
  createdOn: number;
  finishedOn: number | null;
  expiresOn: number;
}

interface ExportSite {
  id: string;
  title: string;
  currency: string;
}

/** A queued export older than this without an end is built again by the minute Cron job (its first run died). */
const RETRY_AFTER_MS = 5 * 60_000;
const MAX_ATTEMPTS = 3;
const ROWS_PAGE = 500;

/**
 * The content JSON files: `content/<name>.json` and the rows they hold (SQL over the site's
 * own rows only; every statement is bound to the site id ?1).
 */
const CONTENT: readonly { name: string; sql: string }[] = [
  { name: 'pages', sql: 'SELECT * FROM pages WHERE website_id = ?1' },
  { name: 'page-revisions', sql: 'SELECT r.* FROM page_revisions r JOIN pages p ON p.id = r.page_id WHERE p.website_id = ?1' },
  { name: 'page-language-layouts', sql: 'SELECT l.* FROM page_language_layouts l JOIN pages p ON p.id = l.page_id WHERE p.website_id = ?1' },
  { name: 'page-language-revisions', sql: 'SELECT r.* FROM page_language_revisions r JOIN pages p ON p.id = r.page_id WHERE p.website_id = ?1' },
  { name: 'collections', sql: 'SELECT * FROM collections WHERE website_id = ?1' },
  { name: 'blog-posts', sql: 'SELECT i.* FROM items i JOIN collections c ON c.id = i.collection_id WHERE i.website_id = ?1 AND c.type = 1' },
  { name: 'navigation', sql: 'SELECT * FROM navigation_items WHERE website_id = ?1' },
  { name: 'navigation-revisions', sql: 'SELECT * FROM navigation_revisions WHERE website_id = ?1' },
  { name: 'header-footer-revisions', sql: 'SELECT * FROM header_footer_revisions WHERE website_id = ?1' },
  { name: 'forms', sql: 'SELECT * FROM forms WHERE website_id = ?1' },
  { name: 'settings', sql: 'SELECT namespace, value FROM commerce_preferences WHERE website_id = ?1' },
  { name: 'theme-versions', sql: 'SELECT * FROM theme_versions WHERE website_id = ?1' },
  { name: 'theme-files', sql: 'SELECT f.* FROM theme_files f JOIN theme_versions v ON v.id = f.version_id WHERE v.website_id = ?1' },
  { name: 'templates', sql: 'SELECT * FROM templates WHERE website_id = ?1' },
  { name: 'files', sql: 'SELECT * FROM assets WHERE website_id = ?1' },
];

/** A JSON array written a page of rows at a time (a site's revisions can be many). */
async function* jsonRows(db: Db, sql: string, websiteId: string): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for (let offset = 0; ; offset += ROWS_PAGE) {
    const { results } = await query(() => db.$client.prepare(`${sql} LIMIT ${ROWS_PAGE} OFFSET ?2`).bind(websiteId, offset).all<Record<string, unknown>>());
    if (results.length === 0) break;
    let out = '';
    for (const row of results) {
      out += `${first ? '' : ','}\n${JSON.stringify(row)}`;
      first = false;
    }
    yield out;
    if (results.length < ROWS_PAGE) break;
  }
  yield '\n]\n';
}

async function count(db: Db, sql: string, websiteId: string): Promise<number> {
  return (await query(() => db.$client.prepare(sql).bind(websiteId).first<{ n: number }>()))?.n ?? 0;
}

/** The counts manifest.json names (the owner, or a test, checks the zip against them). */
async function exportCounts(db: Db, websiteId: string): Promise<Record<string, number>> {
  const [products, orders, customers, pages, submissions, files] = await Promise.all([
    count(db, 'SELECT count(*) AS n FROM products WHERE website_id = ?1', websiteId),
    count(db, 'SELECT count(*) AS n FROM orders WHERE website_id = ?1', websiteId),
    count(db, `SELECT count(DISTINCT lower(email)) AS n FROM orders WHERE website_id = ?1 AND email IS NOT NULL AND email <> ''`, websiteId),
    count(db, 'SELECT count(*) AS n FROM pages WHERE website_id = ?1', websiteId),
    count(db, 'SELECT count(*) AS n FROM form_submissions WHERE website_id = ?1', websiteId),
    count(db, 'SELECT count(*) AS n FROM assets WHERE website_id = ?1', websiteId),
  ]);
  return { products, orders, customers, pages, formSubmissions: submissions, files };
}

/**
 * Writes the whole site into one zip in R2 (docs/api/site-export.md): manifest.json, content
 * JSON, the catalogue, orders, customers and form submissions as CSV (the owner screens' own
 * exports), and every file's bytes under files/<its R2 key>.
 */
async function writeSiteZip(db: Db, files: R2Bucket, site: ExportSite, key: string, now: number, origin: string): Promise<number> {
  const zip = new R2ZipWriter(files, key);
  try {
    await zip.addText('manifest.json', `${JSON.stringify({ site: { id: site.id, title: site.title }, exportedOn: new Date(now).toISOString(), counts: await exportCounts(db, site.id) }, null, 2)}\n`);
    const settings = await query(() =>
      db.$client
        .prepare('SELECT id, identifier, primary_host, title, tagline, locale, time_zone, currency, site_settings, store_settings, localized_strings, header, footer, social_accounts, plan FROM websites WHERE id = ?1')
        .bind(site.id)
        .first(),
    );
    await zip.addText('content/site.json', `${JSON.stringify(settings, null, 2)}\n`);
    for (const part of CONTENT) await zip.addLines(`content/${part.name}.json`, jsonRows(db, part.sql, site.id));
    await zip.addLines('products.csv', catalogueCsv(db, site, 'atelier', undefined, origin), CSV_BOM);
    await zip.addLines('orders.csv', ordersCsv(db, site.id, {}), CSV_BOM);
    await zip.addLines('customers.csv', customersCsv(db, site.id, {}, site.currency), CSV_BOM);
    await zip.addLines('form-submissions.csv', submissionsCsv(db, site.id, {}), CSV_BOM);
    for (let offset = 0; ; offset += ROWS_PAGE) {
      const { results } = await query(() =>
        db.$client.prepare('SELECT r2_key AS r2Key FROM assets WHERE website_id = ?1 ORDER BY id LIMIT ?2 OFFSET ?3').bind(site.id, ROWS_PAGE, offset).all<{ r2Key: string }>(),
      );
      for (const { r2Key } of results) {
        const object = await files.get(r2Key);
        if (object) await zip.addStream(`files/${r2Key}`, object.body as unknown as ReadableStream<Uint8Array>);
      }
      if (results.length < ROWS_PAGE) break;
    }
    return await zip.finish();
  } catch (err) {
    await zip.abort();
    throw err;
  }
}

/** The site's own origin (the CSV's image links), for a build the Cron job runs. */
export async function siteOrigin(db: Db, websiteId: string): Promise<string> {
  const row = await query(() => db.$client.prepare('SELECT primary_host AS host FROM websites WHERE id = ?1').bind(websiteId).first<{ host: string }>());
  return `https://${row?.host ?? 'localhost'}`;
}

const EXPORT_COLUMNS = 'id, state, byte_size AS byteSize, created_on AS createdOn, finished_on AS finishedOn, expires_on AS expiresOn';

/** The abuse budget: exports a site may ask for in any 24 hours (docs/api/site-export.md). */
export const EXPORTS_PER_DAY = 5;
const DAY_MS = 86_400_000;

/**
 * What asking for an export gives: the queued export, or why not: an export of the site is
 * still in progress (`running`), or the site has asked for EXPORTS_PER_DAY in the last
 * 24 hours (`budget`, with when the oldest of them leaves the window).
 */
export type QueueResult =
  | { ok: true; export: SiteExport }
  | { ok: false; reason: 'running'; running: SiteExport }
  | { ok: false; reason: 'budget'; retryAt: number };

/**
 * Queues an export of the site (the caller builds it after the response) when none is in
 * progress and the daily budget allows: ONE conditional INSERT … SELECT … WHERE NOT EXISTS,
 * so of simultaneous requests exactly one is queued. A refused one reads why afterwards.
 */
export async function queueSiteExport(db: Db, websiteId: string, requestedBy: string, now: number, tries = 2): Promise<QueueResult> {
  const id = newId();
  const row = await query(() =>
    db.$client
      .prepare(
        `INSERT INTO site_exports (id, website_id, state, r2_key, requested_by, created_on, expires_on)
         SELECT ?1, ?2, 'queued', ?3, ?4, ?5, ?6
         WHERE NOT EXISTS (SELECT 1 FROM site_exports WHERE website_id = ?2 AND state = 'queued')
           AND (SELECT count(*) FROM site_exports WHERE website_id = ?2 AND created_on > ?5 - ?7) < ?8
         RETURNING ${EXPORT_COLUMNS}`,
      )
      .bind(id, websiteId, `${exportPrefix(websiteId)}${id}.zip`, requestedBy, now, exportExpiresOn(now), DAY_MS, EXPORTS_PER_DAY)
      .first<SiteExport>(),
  );
  if (row) return { ok: true, export: row };
  const [running, window] = await query(() =>
    db.$client.batch([
      db.$client.prepare(`SELECT ${EXPORT_COLUMNS} FROM site_exports WHERE website_id = ?1 AND state = 'queued' ORDER BY created_on LIMIT 1`).bind(websiteId),
      db.$client.prepare('SELECT created_on AS at FROM site_exports WHERE website_id = ?1 AND created_on > ?2 ORDER BY created_on').bind(websiteId, now - DAY_MS),
    ]),
  );
  const inProgress = running!.results[0] as SiteExport | undefined;
  if (inProgress) return { ok: false, reason: 'running', running: inProgress };
  const asked = window!.results as { at: number }[];
  if (asked.length >= EXPORTS_PER_DAY) return { ok: false, reason: 'budget', retryAt: asked[asked.length - EXPORTS_PER_DAY]!.at + DAY_MS };
  // The running export ended between the two reads: ask once more.
  if (tries > 1) return queueSiteExport(db, websiteId, requestedBy, now, tries - 1);
  throw new Error('site export: neither queued nor refused');
}

/** The site's exports that have not expired, newest first. */
export async function listSiteExports(db: Db, websiteId: string, now: number): Promise<SiteExport[]> {
  const { results } = await query(() =>
    db.$client
      .prepare(`SELECT ${EXPORT_COLUMNS} FROM site_exports WHERE website_id = ?1 AND expires_on > ?2 ORDER BY created_on DESC, id LIMIT 20`)
      .bind(websiteId, now)
      .all<SiteExport>(),
  );
  return results;
}

/** A ready, unexpired export of the site with its R2 key; undefined for anything else (another site's id too). */
export async function readyExport(db: Db, websiteId: string, id: string, now: number): Promise<{ r2Key: string; createdOn: number } | undefined> {
  const row = await query(() =>
    db.$client
      .prepare(`SELECT r2_key AS r2Key, created_on AS createdOn FROM site_exports WHERE id = ?1 AND website_id = ?2 AND state = 'ready' AND expires_on > ?3`)
      .bind(id, websiteId, now)
      .first<{ r2Key: string; createdOn: number }>(),
  );
  return row ?? undefined;
}

/**
 * Builds one queued export if this caller wins its attempt (`attempts` moves from the number
 * it read in one UPDATE, so the request's run and a Cron retry never build it twice at once).
 */
export async function buildSiteExport(db: Db, files: R2Bucket, exportId: string, attempts: number, origin: string, now: number): Promise<ExportState | undefined> {
  const claimed = await query(() =>
    db.$client
      .prepare(
        `UPDATE site_exports SET attempts = attempts + 1 WHERE id = ?1 AND state = 'queued' AND attempts = ?2
         RETURNING website_id AS websiteId, r2_key AS r2Key`,
      )
      .bind(exportId, attempts)
      .first<{ websiteId: string; r2Key: string }>(),
  );
  if (!claimed) return undefined;
  const site = await query(() => db.$client.prepare('SELECT id, title, currency FROM websites WHERE id = ?1').bind(claimed.websiteId).first<ExportSite>());
  try {
    if (!site) throw new Error('the site is gone');
    const size = await writeSiteZip(db, files, site, claimed.r2Key, now, origin);
    await query(() =>
      db.$client.prepare(`UPDATE site_exports SET state = 'ready', byte_size = ?2, finished_on = ?3 WHERE id = ?1 AND state = 'queued'`).bind(exportId, size, Date.now()).run(),
    );
    return 'ready';
  } catch (err) {
    const last = attempts + 1 >= MAX_ATTEMPTS;
    await query(() =>
      db.$client
        .prepare(`UPDATE site_exports SET state = CASE WHEN ?3 THEN 'failed' ELSE state END, error = ?2, finished_on = CASE WHEN ?3 THEN ?4 END WHERE id = ?1`)
        .bind(exportId, String(err).slice(0, 500), last ? 1 : 0, Date.now())
        .run(),
    );
    console.error(`site export ${exportId} failed: ${String(err)}`);
    return last ? 'failed' : 'queued';
  }
}

/**
 * The minute Cron job: builds queued exports whose run died (RETRY_AFTER_MS per attempt so
 * far), and removes expired exports with their zips. Answers what it did.
 */
export async function runSiteExports(db: Db, files: R2Bucket, origin: (websiteId: string) => Promise<string>, now: number): Promise<{ built: number; removed: number }> {
  const { results } = await query(() =>
    db.$client
      .prepare(`SELECT id, website_id AS websiteId, attempts FROM site_exports WHERE state = 'queued' AND created_on + (attempts + 1) * ?1 <= ?2 ORDER BY created_on LIMIT 3`)
      .bind(RETRY_AFTER_MS, now)
      .all<{ id: string; websiteId: string; attempts: number }>(),
  );
  let built = 0;
  for (const job of results) if ((await buildSiteExport(db, files, job.id, job.attempts, await origin(job.websiteId), now)) === 'ready') built++;
  const expired = await query(() =>
    db.$client.prepare('DELETE FROM site_exports WHERE rowid IN (SELECT rowid FROM site_exports WHERE expires_on <= ?1 LIMIT 100) RETURNING r2_key AS r2Key').bind(now).all<{ r2Key: string }>(),
  );
  if (expired.results.length) await files.delete(expired.results.map((r) => r.r2Key));
  return { built, removed: expired.results.length };
}
