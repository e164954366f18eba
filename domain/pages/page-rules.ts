/**
 * Rules of block-built pages both sides share: slugs, reserved paths, content statuses,
 * layout limits. Pure; the worker enforces them, the owner app shows them early.
 */

/** SPEC §9: max blocks per layout. */
export const MAX_BLOCKS_PER_LAYOUT = 60;
/** A layout document as stored is at most 1 MB (SPEC §9: 1e6 bytes per MB). */
export const MAX_LAYOUT_BYTES = 1_000_000;
/** Sections on one page; far above any real page, it bounds work per save. */
export const MAX_SECTIONS_PER_LAYOUT = 60;
export const MAX_TITLE_LENGTH = 200;
export const MAX_SLUG_LENGTH = 100;
export const MAX_SEO_TITLE_LENGTH = 200;
export const MAX_SEO_DESCRIPTION_LENGTH = 500;
/** Unpublished revisions kept per page (every published one is kept for ever). */
export const KEPT_DRAFT_REVISIONS = 100;
/** Days a deleted page stays in the trash before the daily Cron Trigger purges it. */
export const TRASH_DAYS = 30;
/** An editor heartbeat older than this no longer shows the page-locked notice. */
export const LOCK_FRESH_MS = 60_000;

/** SPEC §4 content statuses, plus `published` for a page with a live revision. */
export const CONTENT_STATUSES = ['draft', 'scheduled', 'needs-review', 'deprecated', 'private', 'published'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];
/** Statuses set through `POST /api/pages/{id}/status` (publishing and scheduling have their own calls). */
export const SETTABLE_STATUSES = ['draft', 'needs-review', 'deprecated', 'private'] as const;
/** What a role without publishing rights may set: hand a draft over for review, or take it back. */
export const REVIEW_STATUSES: readonly string[] = ['draft', 'needs-review'];

/** First path segments the worker answers itself: a page may never take them. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'config', 'api', 'cart', 'checkout', 'search', 'account', 'assets', 'client', 'theme', '.well-known',
]);

/**
 * A title or typed slug as a URL segment: lower case ASCII letters, digits and single
 * hyphens, accents folded, at most MAX_SLUG_LENGTH characters.
 * @example slugify('Café & Workshops!') === 'cafe-workshops'
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, '');
}

/** True when `slug` (already slugified) names a path the worker keeps for itself. */
export function isReservedSlug(slug: string): boolean {
  return RESERVED_SLUGS.has(slug) || slug.startsWith('.');
}
