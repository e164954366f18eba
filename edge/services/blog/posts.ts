import { slugify } from '../../../domain/pages/page-rules.js';
import { richTextHtml } from '../../../blocks/text/rich-text.js';
import type { RichTextNode } from '../../../blocks/text/rich-text-schema.js';
import { COLLECTION_TYPE, RECORD_TYPE } from '../../../schema/index.js';
import { SEARCH_TABLE, searchRowStatements, searchSeedStatement } from '../../../schema/search.js';
import { ApiError } from '../../errors.js';
import { bumpStatement } from '../content-version.js';
import { query, type Db } from '../db.js';
import { forgetSite } from '../site-versions.js';

/**
 * The owner's blog posts (docs/api/blog.md): text items of a blog collection. A post's
 * version is its `updated_on` (milliseconds, strictly rising on every save), so a save names
 * the version it edited (If-Match) and one conditional UPDATE decides a race.
 */

export const BLOG_MESSAGES = {
  blogNotFound: 'No such blog on this site.',
  postNotFound: 'No such post in this blog.',
  imageNotFound: 'That image is not in the file manager.',
  authorNotFound: 'No such author on this site.',
  versionConflict: 'Someone else saved this post since you opened it. Reload to see their changes, then edit again.',
  versionRequired: 'Send the version you edited in an If-Match header.',
} as const;

export type PublishState = 'draft' | 'published' | 'scheduled';

export interface PostInput {
  title: string;
  body: RichTextNode;
  excerpt: string;
  slug?: string | undefined;
  mainImageId: string | null;
  authorId: string | null;
  categories: string[];
  tags: string[];
  /** draft; published (now, or at `publishOn` when given and past); scheduled at a future `publishOn`. */
  publish: PublishState;
  publishOn: number | null;
}

interface PostRow {
  id: string;
  collectionId: string;
  title: string;
  urlId: string;
  fullUrl: string;
  body: string | null;
  excerpt: string | null;
  structuredContent: string | null;
  authorId: string | null;
  mainImageId: string | null;
  categories: string;
  tags: string;
  status: string;
  publishOn: number | null;
  addedOn: number;
  updatedOn: number;
}

const COLUMNS = `id, collection_id AS collectionId, title, url_id AS urlId, full_url AS fullUrl, body, excerpt, structured_content AS structuredContent,
  author_id AS authorId, main_image_id AS mainImageId, categories, tags, status, publish_on AS publishOn, added_on AS addedOn, updated_on AS updatedOn`;

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The post as the owner API answers it; `publish` is `scheduled` while a published post's time is still to come. */
function postJson(row: PostRow, now: number) {
  const content = row.structuredContent ? (JSON.parse(row.structuredContent) as { bodyDoc?: RichTextNode; excerptText?: string }) : {};
  const publish: PublishState = row.status !== 'published' ? 'draft' : row.publishOn !== null && row.publishOn > now ? 'scheduled' : 'published';
  return {
    id: row.id, collectionId: row.collectionId, title: row.title, urlId: row.urlId, fullUrl: row.fullUrl,
    body: content.bodyDoc ?? null, bodyHtml: row.body, excerpt: content.excerptText ?? '', authorId: row.authorId, mainImageId: row.mainImageId,
    categories: JSON.parse(row.categories) as string[], tags: JSON.parse(row.tags) as string[],
    publish, publishOn: row.publishOn, addedOn: row.addedOn, updatedOn: row.updatedOn, version: row.updatedOn,
  };
}
export type OwnerPost = ReturnType<typeof postJson>;

async function blogOf(db: Db, websiteId: string, collectionId: string) {
  const row = await query(() =>
    db.$client.prepare('SELECT id, full_url AS fullUrl FROM collections WHERE id = ?1 AND website_id = ?2 AND type = ?3').bind(collectionId, websiteId, COLLECTION_TYPE.generic).first<{ id: string; fullUrl: string }>(),
  );
  if (!row) throw new ApiError(404, 'not_found', BLOG_MESSAGES.blogNotFound, { fields: { collectionId: BLOG_MESSAGES.blogNotFound } });
  return row;
}

/** The site's authors, for the post editor's Author choice. */
export async function listAuthors(db: Db, websiteId: string): Promise<{ id: string; displayName: string }[]> {
  const rows = await query(() =>
    db.$client.prepare('SELECT id, display_name AS displayName FROM authors WHERE website_id = ? ORDER BY display_name COLLATE NOCASE, id').bind(websiteId).all<{ id: string; displayName: string }>(),
  );
  return rows.results;
}

/** The site's blogs' posts, newest first (drafts and scheduled ones too). */
export async function listPosts(db: Db, websiteId: string, collectionId: string | undefined, now = Date.now()) {
  const rows = await query(() =>
    db.$client
      .prepare(
        `SELECT ${COLUMNS} FROM items WHERE website_id = ?1 AND record_type = ?2 AND (?3 IS NULL OR collection_id = ?3)
           AND collection_id IN (SELECT id FROM collections WHERE website_id = ?1 AND type = ?4)
         ORDER BY COALESCE(publish_on, added_on) DESC, id LIMIT 500`,
      )
      .bind(websiteId, RECORD_TYPE.text, collectionId ?? null, COLLECTION_TYPE.generic)
      .all<PostRow>(),
  );
  return rows.results.map((r) => postJson(r, now));
}

export async function ownerPost(db: Db, websiteId: string, id: string, now = Date.now()): Promise<OwnerPost> {
  const row = await query(() =>
    db.$client
      .prepare(`SELECT ${COLUMNS} FROM items WHERE id = ?1 AND website_id = ?2 AND record_type = ?3 AND collection_id IN (SELECT id FROM collections WHERE website_id = ?2 AND type = ?4)`)
      .bind(id, websiteId, RECORD_TYPE.text, COLLECTION_TYPE.generic)
      .first<PostRow>(),
  );
  if (!row) throw new ApiError(404, 'not_found', BLOG_MESSAGES.postNotFound);
  return postJson(row, now);
}

async function checkRefs(db: Db, websiteId: string, input: PostInput) {
  const row = await query(() =>
    db.$client
      .prepare('SELECT (?2 IS NULL OR EXISTS (SELECT 1 FROM assets WHERE id = ?2 AND website_id = ?1)) AS image, (?3 IS NULL OR EXISTS (SELECT 1 FROM authors WHERE id = ?3 AND website_id = ?1)) AS author')
      .bind(websiteId, input.mainImageId, input.authorId)
      .first<{ image: number; author: number }>(),
  );
  if (!row?.image) throw new ApiError(400, 'invalid_request', BLOG_MESSAGES.imageNotFound, { fields: { mainImageId: BLOG_MESSAGES.imageNotFound } });
  if (!row.author) throw new ApiError(400, 'invalid_request', BLOG_MESSAGES.authorNotFound, { fields: { authorId: BLOG_MESSAGES.authorNotFound } });
}

async function freeSlug(db: Db, collectionId: string, wanted: string, except: string | null) {
  const base = slugify(wanted) || 'post';
  const rows = await query(() =>
    db.$client.prepare("SELECT url_id FROM items WHERE collection_id = ?1 AND (url_id = ?2 OR url_id LIKE ?2 || '-%') AND id IS NOT ?3").bind(collectionId, base, except).all<{ url_id: string }>(),
  );
  const taken = new Set(rows.results.map((r) => r.url_id));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Stored status and publish time: a scheduled post is published with a time to come (hidden from lists and RSS until then). */
function publishing(input: PostInput, now: number): [string, number | null] {
  if (input.publish === 'draft') return ['draft', input.publishOn];
  if (input.publish === 'scheduled') return ['published', input.publishOn];
  return ['published', input.publishOn !== null && input.publishOn <= now ? input.publishOn : now];
}

function stored(input: PostInput) {
  const body = richTextHtml(input.body);
  const excerpt = input.excerpt ? `<p>${escapeText(input.excerpt)}</p>` : null;
  return { body, excerpt, structured: JSON.stringify({ bodyDoc: input.body, excerptText: input.excerpt }) };
}

function searchAndBump(db: Db, websiteId: string, id: string, input: PostInput, body: string, excerpt: string | null, now: number) {
  const d1 = db.$client;
  const search = searchRowStatements({ id, websiteId, title: input.title, body, excerpt, tags: input.tags, categories: input.categories });
  const bump = bumpStatement(db, websiteId, now).toSQL();
  return [...search, bump].map((s) => d1.prepare(s.sql).bind(...s.params));
}

export async function createPost(db: Db, websiteId: string, collectionId: string, input: PostInput, now = Date.now()): Promise<OwnerPost> {
  const blog = await blogOf(db, websiteId, collectionId);
  await checkRefs(db, websiteId, input);
  const id = crypto.randomUUID().replaceAll('-', '');
  const slug = await freeSlug(db, blog.id, input.slug ?? input.title, null);
  const [status, publishOn] = publishing(input, now);
  const s = stored(input);
  const d1 = db.$client;
  await query(() =>
    d1.batch([
      d1
        .prepare(
          `INSERT INTO items (id, website_id, collection_id, record_type, url_id, full_url, title, body, excerpt, structured_content, author_id, main_image_id, categories, tags, status, added_on, publish_on, updated_on, display_index)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?16, 0)`,
        )
        .bind(id, websiteId, blog.id, RECORD_TYPE.text, slug, `${blog.fullUrl.replace(/\/$/, '')}/${slug}`, input.title, s.body, s.excerpt, s.structured,
          input.authorId, input.mainImageId, JSON.stringify(input.categories), JSON.stringify(input.tags), status, now, publishOn),
      ...searchAndBump(db, websiteId, id, input, s.body, s.excerpt, now),
    ]),
  );
  forgetSite(websiteId);
  return ownerPost(db, websiteId, id, now);
}

/**
 * Saves a post edited from version `basedOn` (its updated_on): the UPDATE runs only while the
 * version is still `basedOn`, and the next version is above both it and now; a stale save
 * stores nothing (412 with the current version).
 */
export async function updatePost(db: Db, websiteId: string, id: string, basedOn: number, input: PostInput, now = Date.now()): Promise<OwnerPost> {
  const current = await ownerPost(db, websiteId, id, now);
  await checkRefs(db, websiteId, input);
  const blog = await blogOf(db, websiteId, current.collectionId);
  const slug = await freeSlug(db, blog.id, input.slug ?? current.urlId, id);
  const [status, publishOn] = publishing(input, now);
  const s = stored(input);
  const d1 = db.$client;
  const version = Math.max(basedOn + 1, now);
  const search = searchSeedStatement({ id, websiteId, title: input.title, body: s.body, excerpt: s.excerpt, tags: input.tags, categories: input.categories });
  const bump = bumpStatement(db, websiteId, now).toSQL();
  const [write] = await query(() =>
    d1.batch([
      d1
        .prepare(
          `UPDATE items SET title = ?1, url_id = ?2, full_url = ?3, body = ?4, excerpt = ?5, structured_content = ?6, author_id = ?7, main_image_id = ?8,
             categories = ?9, tags = ?10, status = ?11, publish_on = ?12, updated_on = ?13
           WHERE id = ?14 AND website_id = ?15 AND updated_on = ?16`,
        )
        .bind(input.title, slug, `${blog.fullUrl.replace(/\/$/, '')}/${slug}`, s.body, s.excerpt, s.structured, input.authorId, input.mainImageId,
          JSON.stringify(input.categories), JSON.stringify(input.tags), status, publishOn, version, id, websiteId, basedOn),
      // The search row is replaced only when this save went in (the item has this save's version).
      d1.prepare(`DELETE FROM ${SEARCH_TABLE} WHERE item_id = ?1 AND EXISTS (SELECT 1 FROM items WHERE id = ?1 AND updated_on = ?2)`).bind(id, version),
      d1.prepare(search.sql).bind(...search.params),
      d1.prepare(bump.sql).bind(...bump.params),
    ]),
  );
  if (!write?.meta.changes) {
    const again = await ownerPost(db, websiteId, id, now);
    throw new ApiError(412, 'version_conflict', BLOG_MESSAGES.versionConflict, { extra: { current: { version: again.version } } });
  }
  forgetSite(websiteId);
  return ownerPost(db, websiteId, id, now);
}

export async function deletePost(db: Db, websiteId: string, id: string, basedOn: number, now = Date.now()): Promise<void> {
  await ownerPost(db, websiteId, id, now);
  const d1 = db.$client;
  const bump = bumpStatement(db, websiteId, now).toSQL();
  const [gone] = await query(() =>
    d1.batch([
      d1.prepare('DELETE FROM items WHERE id = ?1 AND website_id = ?2 AND updated_on = ?3').bind(id, websiteId, basedOn),
      d1.prepare('DELETE FROM search_index WHERE item_id = ?1 AND NOT EXISTS (SELECT 1 FROM items WHERE id = ?1)').bind(id),
      d1.prepare(bump.sql).bind(...bump.params),
    ]),
  );
  if (!gone?.meta.changes) {
    const again = await ownerPost(db, websiteId, id, now);
    throw new ApiError(412, 'version_conflict', BLOG_MESSAGES.versionConflict, { extra: { current: { version: again.version } } });
  }
  forgetSite(websiteId);
}
