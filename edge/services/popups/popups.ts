import { sql } from 'drizzle-orm';
import { ApiError } from '../../errors.js';
import { bumpStatement } from '../content-version.js';
import { query, type Db } from '../db.js';
import { forgetSite } from '../site-versions.js';
import { DEFAULT_POPUP, POPUP_MESSAGES, popupDesign, type PopupDesign } from '../../../domain/popups/popup.js';

export interface PopupState {
  /** The draft design and its revision (the If-Match of the next save or publish; 0: never saved). */
  design: PopupDesign;
  revision: number;
  /** What visitors see, with its version (raised by each publish), or null before the first publish. */
  published: { design: PopupDesign; version: number; publishedAt: number } | null;
  /** True when the draft differs from what is published. */
  unpublishedChanges: boolean;
}

interface Row {
  draft: string;
  revision: number;
  published: string | null;
  version: number;
  published_on: number | null;
}

/** A stored design, read through today's schema (a design the schema no longer takes falls back to the default). */
function designOf(text: string): PopupDesign {
  const parsed = popupDesign.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : DEFAULT_POPUP;
}

export async function readPopup(db: Db, websiteId: string): Promise<PopupState> {
  const row = await query(() => db.$client.prepare('SELECT draft, revision, published, version, published_on FROM promo_popups WHERE website_id = ?').bind(websiteId).first<Row>());
  if (!row) return { design: DEFAULT_POPUP, revision: 0, published: null, unpublishedChanges: false };
  return {
    design: designOf(row.draft),
    revision: row.revision,
    published: row.published ? { design: designOf(row.published), version: row.version, publishedAt: row.published_on ?? 0 } : null,
    unpublishedChanges: row.published !== row.draft,
  };
}

/** What a storefront page needs: the published design and its version, when it is switched on. */
export async function publishedPopup(db: Db, websiteId: string): Promise<{ design: PopupDesign; version: number } | undefined> {
  const row = await query(() =>
    db.get<{ published: string | null; version: number }>(sql`SELECT published, version FROM promo_popups WHERE website_id = ${websiteId} AND published IS NOT NULL`),
  );
  if (!row?.published) return undefined;
  const design = designOf(row.published);
  return design.enabled ? { design, version: row.version } : undefined;
}

function conflict(): never {
  throw new ApiError(412, 'version_conflict', POPUP_MESSAGES.conflict);
}

/**
 * Saves the draft as revision `basedOn + 1`, only while `basedOn` is the stored revision (0:
 * never saved). One conditional statement: of concurrent saves of one revision exactly one
 * lands, the others answer 412. Visitors see nothing until it is published.
 */
export async function savePopupDraft(db: Db, websiteId: string, basedOn: number, design: PopupDesign, now = Date.now()): Promise<void> {
  const d1 = db.$client;
  const text = JSON.stringify(design);
  const result = await query(() =>
    basedOn === 0
      ? d1.prepare('INSERT INTO promo_popups (website_id, draft, revision, updated_on) VALUES (?, ?, 1, ?) ON CONFLICT (website_id) DO NOTHING').bind(websiteId, text, now).run()
      : d1.prepare('UPDATE promo_popups SET draft = ?, revision = revision + 1, updated_on = ? WHERE website_id = ? AND revision = ?').bind(text, now, websiteId, basedOn).run(),
  );
  if (result.meta.changes !== 1) conflict();
}

/**
 * Publishes draft revision `revision`: copies it to `published`, raises `version` by one (so a
 * visitor who closed the old one sees it again) and bumps the site's content version in the
 * same batch, so cached pages carry the new popup from the next request. A stale revision is a 412.
 */
export async function publishPopup(db: Db, websiteId: string, revision: number, now = Date.now()): Promise<void> {
  const d1 = db.$client;
  const bump = bumpStatement(db, websiteId, now).toSQL();
  const [stamped] = await query(() =>
    d1.batch([
      d1
        .prepare('UPDATE promo_popups SET published = draft, version = version + 1, published_on = ?, updated_on = ? WHERE website_id = ? AND revision = ?')
        .bind(now, now, websiteId, revision),
      d1.prepare(`${bump.sql} AND EXISTS (SELECT 1 FROM promo_popups WHERE website_id = ? AND revision = ? AND published_on = ?)`).bind(...bump.params, websiteId, revision, now),
    ]),
  );
  if (stamped?.meta.changes !== 1) conflict();
  forgetSite(websiteId);
}
