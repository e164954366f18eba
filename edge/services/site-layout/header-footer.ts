import { desc, eq } from 'drizzle-orm';
import type { PageLayout } from '../../../blocks/layout-schema.js';
import { headerFooterRevisions } from '../../../schema/index.js';
import { PAGE_MESSAGES } from '../../../domain/pages/page-messages.js';
import { ApiError } from '../../errors.js';
import { bumpStatement } from '../content-version.js';
import { query, type Db } from '../db.js';
import type { Author } from '../pages/page-records.js';
import { forgetSite } from '../site-versions.js';

/**
 * SPEC §3 Site header/footer: the site's header and footer as block layouts (null: the
 * theme's own). `version` 0 means never saved; each save is a new revision and the newest is live.
 */
export interface HeaderFooter {
  version: number;
  header: PageLayout | null;
  footer: PageLayout | null;
  author: string | null;
  savedAt: number | null;
}

type HeaderFooterRow = Awaited<ReturnType<typeof headerFooterQuery>>[number];

/** The newest header/footer revision's query (batched with the page shell's). */
export function headerFooterQuery(db: Db, websiteId: string) {
  const r = headerFooterRevisions;
  return db
    .select({ version: r.version, header: r.header, footer: r.footer, authorName: r.authorName, savedOn: r.savedOn })
    .from(r)
    .where(eq(r.websiteId, websiteId))
    .orderBy(desc(r.version))
    .limit(1);
}

export function toHeaderFooter(row: HeaderFooterRow | undefined): HeaderFooter {
  if (!row) return { version: 0, header: null, footer: null, author: null, savedAt: null };
  return {
    version: row.version,
    header: row.header === null ? null : (JSON.parse(row.header) as PageLayout),
    footer: row.footer === null ? null : (JSON.parse(row.footer) as PageLayout),
    author: row.authorName,
    savedAt: row.savedOn,
  };
}

export async function readHeaderFooter(db: Db, websiteId: string): Promise<HeaderFooter> {
  const [row] = await query(() => headerFooterQuery(db, websiteId));
  return toHeaderFooter(row);
}

/**
 * Saves the header and footer as revision `basedOn + 1`, only while `basedOn` is the newest
 * (0: never saved), and bumps the content version in the same batch (guarded by this
 * save's id), so the next visitor request renders them. A stale save answers 412 and stores nothing.
 */
export async function saveHeaderFooter(
  db: Db,
  websiteId: string,
  basedOn: number,
  layouts: { header: PageLayout | null; footer: PageLayout | null },
  author: Author,
  now = Date.now(),
): Promise<void> {
  const d1 = db.$client;
  const saveId = crypto.randomUUID();
  const bump = bumpStatement(db, websiteId, now).toSQL();
  const [inserted] = await query(() =>
    d1.batch([
      d1
        .prepare(
          `INSERT INTO header_footer_revisions (website_id, version, header, footer, save_id, author_id, author_name, saved_on)
           SELECT ?, ?, ?, ?, ?, ?, ?, ? WHERE COALESCE((SELECT MAX(version) FROM header_footer_revisions WHERE website_id = ?), 0) = ?`,
        )
        .bind(
          websiteId, basedOn + 1, layouts.header === null ? null : JSON.stringify(layouts.header), layouts.footer === null ? null : JSON.stringify(layouts.footer),
          saveId, author.id, author.name, now, websiteId, basedOn,
        ),
      d1
        .prepare(`${bump.sql} AND EXISTS (SELECT 1 FROM header_footer_revisions WHERE website_id = ? AND version = ? AND save_id = ?)`)
        .bind(...bump.params, websiteId, basedOn + 1, saveId),
    ]),
  );
  if (inserted?.meta.changes !== 1) {
    const current = await readHeaderFooter(db, websiteId);
    throw new ApiError(412, 'version_conflict', PAGE_MESSAGES.headerFooterConflict, { extra: { current: { version: current.version, author: current.author, savedAt: current.savedAt } } });
  }
  forgetSite(websiteId);
}
