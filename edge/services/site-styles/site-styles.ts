import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { DEFAULT_SITE_STYLES, SITE_STYLE_MESSAGES, siteStylesSchema, type SiteStyles } from '../../../domain/site-styles/site-styles.js';
import { siteStyleRevisions } from '../../../schema/index.js';
import { ApiError } from '../../errors.js';
import { bumpStatement } from '../content-version.js';
import { query, type Db } from '../db.js';
import type { Author } from '../pages/page-records.js';
import { forgetSite } from '../site-versions.js';

/** The draft (the newest revision; version 0 and the defaults before the first save). */
export interface StylesDraft {
  version: number;
  styles: SiteStyles;
  author: string | null;
  savedAt: number | null;
}

/** What visitors see (null: the theme's own look, never published). */
export interface StylesPublished {
  version: number;
  styles: SiteStyles;
  publishedAt: number;
}

export interface SiteStylesState {
  draft: StylesDraft;
  published: StylesPublished | null;
}

const r = siteStyleRevisions;

/**
 * A stored document, read through the current schema: a revision written under an older
 * schema that no longer passes falls back to the defaults rather than breaking every page.
 */
function stylesOf(document: string): SiteStyles {
  const parsed = siteStylesSchema.safeParse(JSON.parse(document));
  return parsed.success ? parsed.data : DEFAULT_SITE_STYLES;
}

/** The newest published revision's query (batched with the page shell's). */
export function publishedStylesQuery(db: Db, websiteId: string) {
  return db
    .select({ version: r.version, document: r.document, publishedOn: r.publishedOn })
    .from(r)
    .where(and(eq(r.websiteId, websiteId), isNotNull(r.publishedOn)))
    .orderBy(desc(r.version))
    .limit(1);
}

function draftQuery(db: Db, websiteId: string) {
  return db
    .select({ version: r.version, document: r.document, authorName: r.authorName, savedOn: r.savedOn })
    .from(r)
    .where(eq(r.websiteId, websiteId))
    .orderBy(desc(r.version))
    .limit(1);
}

export function toPublished(row: Awaited<ReturnType<typeof publishedStylesQuery>>[number] | undefined): StylesPublished | null {
  return row ? { version: row.version, styles: stylesOf(row.document), publishedAt: row.publishedOn! } : null;
}

/** The draft a contributor's `?preview` shows. */
export async function readDraftStyles(db: Db, websiteId: string): Promise<StylesDraft> {
  const [row] = await query(() => draftQuery(db, websiteId));
  if (!row) return { version: 0, styles: DEFAULT_SITE_STYLES, author: null, savedAt: null };
  return { version: row.version, styles: stylesOf(row.document), author: row.authorName, savedAt: row.savedOn };
}

export async function readSiteStyles(db: Db, websiteId: string): Promise<SiteStylesState> {
  const [draft, [published]] = await Promise.all([readDraftStyles(db, websiteId), query(() => publishedStylesQuery(db, websiteId))]);
  return { draft, published: toPublished(published) };
}

async function conflict(db: Db, websiteId: string): Promise<never> {
  const current = await readDraftStyles(db, websiteId);
  throw new ApiError(412, 'version_conflict', SITE_STYLE_MESSAGES.conflict, {
    extra: { current: { version: current.version, author: current.author, savedAt: current.savedAt } },
  });
}

/**
 * Saves `styles` as draft revision `basedOn + 1`, only while `basedOn` is the newest (0:
 * never saved): one conditional INSERT, so of concurrent saves of one version exactly one
 * is stored and the others answer 412. Visitors see nothing until it is published.
 */
export async function saveStylesDraft(db: Db, websiteId: string, basedOn: number, styles: SiteStyles, author: Author, now = Date.now()): Promise<void> {
  const d1 = db.$client;
  const result = await query(() =>
    d1
      .prepare(
        `INSERT INTO site_style_revisions (website_id, version, document, save_id, author_id, author_name, saved_on)
         SELECT ?, ?, ?, ?, ?, ?, ? WHERE COALESCE((SELECT MAX(version) FROM site_style_revisions WHERE website_id = ?), 0) = ?`,
      )
      .bind(websiteId, basedOn + 1, JSON.stringify(styles), crypto.randomUUID(), author.id, author.name, now, websiteId, basedOn)
      .run(),
  );
  if (result.meta.changes !== 1) await conflict(db, websiteId);
}

/**
 * Publishes draft `version` (the If-Match): stamps the revision live only while it is the
 * newest, and bumps the site's content version in the same batch (guarded by that stamp),
 * so cached pages render with the new styles from the next request. A stale version is a 412.
 */
export async function publishStyles(db: Db, websiteId: string, version: number, now = Date.now()): Promise<void> {
  const d1 = db.$client;
  const bump = bumpStatement(db, websiteId, now).toSQL();
  const [stamped] = await query(() =>
    d1.batch([
      d1
        .prepare(
          `UPDATE site_style_revisions SET published_on = ?
           WHERE website_id = ? AND version = ? AND version = (SELECT MAX(version) FROM site_style_revisions WHERE website_id = ?)`,
        )
        .bind(now, websiteId, version, websiteId),
      d1
        .prepare(`${bump.sql} AND EXISTS (SELECT 1 FROM site_style_revisions WHERE website_id = ? AND version = ? AND published_on = ?)`)
        .bind(...bump.params, websiteId, version, now),
    ]),
  );
  if (stamped?.meta.changes !== 1) await conflict(db, websiteId);
  forgetSite(websiteId);
}
