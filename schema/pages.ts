import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { websites } from './websites.js';

/**
 * Pages built from sections and blocks. The layout lives in `page_revisions`; a page
 * points at its draft (the newest revision) and at its published revision, if any.
 * `status` is a SPEC §4 content status, or 'published' while a revision is live.
 */
export const pages = sqliteTable(
  'pages',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
    // The link-preview picture (og:image): a file of the site, `/assets/...`.
    socialImage: text('social_image'),
    status: text('status').notNull().default('draft'),
    draftVersion: integer('draft_version').notNull().default(1),
    publishedVersion: integer('published_version'),
    publishedOn: integer('published_on'),
    // Scheduled publishing: the revision the Cron Trigger makes live at `publish_at`.
    publishAt: integer('publish_at'),
    scheduledVersion: integer('scheduled_version'),
    // In the trash since (a deleted page; purged 30 days later). Its slug stays taken meanwhile.
    trashedOn: integer('trashed_on'),
    // The page-locked notice (advice only): who last sent an editor heartbeat, since when, last seen.
    lockedById: text('locked_by_id'),
    lockedBy: text('locked_by'),
    lockedSince: integer('locked_since'),
    lockSeen: integer('lock_seen'),
    createdOn: integer('created_on').notNull(),
    updatedOn: integer('updated_on').notNull(),
  },
  (t) => [
    uniqueIndex('pages_website_slug_uq').on(t.websiteId, t.slug),
    index('pages_website_updated_idx').on(t.websiteId, t.updatedOn),
    index('pages_publish_at_idx').on(t.publishAt),
    index('pages_trashed_idx').on(t.trashedOn),
  ],
);

/**
 * Every save of a page's layout, immutable: a save inserts version n+1 only while n is
 * the newest (one conditional INSERT), restore copies an old document into a new version.
 */
export const pageRevisions = sqliteTable(
  'page_revisions',
  {
    pageId: text('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    // The layout document (blocks/layout-schema.ts), validated before it is written.
    document: text('document').notNull(),
    authorId: text('author_id'),
    authorName: text('author_name').notNull(),
    savedOn: integer('saved_on').notNull(),
    // The version this one restored, when it is a restore.
    restoredFrom: integer('restored_from'),
    // When this revision first went live: published revisions are kept for ever, drafts only the newest 100.
    publishedOn: integer('published_on'),
  },
  (t) => [primaryKey({ columns: [t.pageId, t.version] })],
);

/**
 * Every save of a site navigation (SPEC §7 UpdateNavigation), immutable and versioned per
 * menu like page revisions; `navigation_items` holds the rows of the newest one, which the
 * site renders. `save_id` lets the statements of one save's batch recognise their own row.
 */
export const navigationRevisions = sqliteTable(
  'navigation_revisions',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    menu: text('menu').notNull(),
    version: integer('version').notNull(),
    // The saved items (edge/services/site-layout/navigation.ts), children nested.
    document: text('document').notNull(),
    saveId: text('save_id').notNull(),
    authorId: text('author_id'),
    authorName: text('author_name').notNull(),
    savedOn: integer('saved_on').notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.menu, t.version] })],
);

/**
 * Every save of the site header and footer (SPEC §3 Site header/footer), each a block
 * layout or null (the theme's own). The newest revision is the live one.
 */
export const headerFooterRevisions = sqliteTable(
  'header_footer_revisions',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    header: text('header'),
    footer: text('footer'),
    saveId: text('save_id').notNull(),
    authorId: text('author_id'),
    authorName: text('author_name').notNull(),
    savedOn: integer('saved_on').notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.version] })],
);

/**
 * A page's own layout in one added language (issue 29). Without a row the language shows
 * the page's shared layout with its texts translated; with one, that language renders this
 * layout instead (its texts written in the language, no translation over them). The copy
 * has a draft and, once published, a live document, each with a version: a save moves the
 * draft only while the If-Match version is still the draft (one conditional UPDATE), a
 * publish copies the draft it names to the live document. Dropping the row goes back to shared.
 */
export const pageLanguageLayouts = sqliteTable(
  'page_language_layouts',
  {
    pageId: text('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    draftVersion: integer('draft_version').notNull().default(1),
    draftDocument: text('draft_document').notNull(),
    publishedVersion: integer('published_version'),
    publishedDocument: text('published_document'),
    authorName: text('author_name').notNull(),
    savedOn: integer('saved_on').notNull(),
    // Scheduled publishing of the copy: the revision the Cron Trigger makes live at `publish_at`.
    publishAt: integer('publish_at'),
    scheduledVersion: integer('scheduled_version'),
  },
  (t) => [primaryKey({ columns: [t.pageId, t.language] }), index('page_language_layouts_publish_at_idx').on(t.publishAt)],
);

/**
 * Every save of a page's own layout in one language, immutable, like `page_revisions`: the
 * draft and live documents of `page_language_layouts` are copies of two of these. Kept by the
 * same rule (published ones for ever, the newest KEPT_DRAFT_REVISIONS drafts); dropped with
 * the copy when the language goes back to the shared layout, and with the page.
 */
export const pageLanguageRevisions = sqliteTable(
  'page_language_revisions',
  {
    pageId: text('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    version: integer('version').notNull(),
    document: text('document').notNull(),
    authorName: text('author_name').notNull(),
    savedOn: integer('saved_on').notNull(),
    // The version this one restored, when it is a restore.
    restoredFrom: integer('restored_from'),
    // When this revision first went live under the language's prefix.
    publishedOn: integer('published_on'),
  },
  (t) => [primaryKey({ columns: [t.pageId, t.language, t.version] })],
);
