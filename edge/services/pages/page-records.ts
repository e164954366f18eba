import type { PageLayout } from '../../../blocks/layout-schema.js';
import type { ContentStatus } from '../../../domain/pages/page-rules.js';

/** A page as the owner API shows it. */
export interface PageRecord {
  id: string;
  title: string;
  slug: string;
  /** Where the page answers once published. */
  url: string;
  seoTitle: string | null;
  seoDescription: string | null;
  /** The link-preview picture, a path of the site's own (`/assets/...`). */
  socialImage: string | null;
  status: ContentStatus;
  draftVersion: number;
  publishedVersion: number | null;
  publishedOn: number | null;
  /** A scheduled publish: when, and which revision. */
  publishAt: number | null;
  scheduledVersion: number | null;
  /** In the trash since (only trash listings show such pages). */
  trashedOn: number | null;
  createdOn: number;
  updatedOn: number;
}

/** One saved revision of a page's layout. */
export interface RevisionRecord {
  version: number;
  author: string;
  savedAt: number;
  restoredFrom: number | null;
  /** When this revision first went live (null: never published). */
  publishedOn: number | null;
}

export interface RevisionWithLayout extends RevisionRecord {
  layout: PageLayout;
}

/** Who saves: the signed-in contributor. */
export interface Author {
  id: string;
  name: string;
}

export interface PageRow {
  id: string;
  title: string;
  slug: string;
  seo_title: string | null;
  seo_description: string | null;
  social_image: string | null;
  status: string;
  draft_version: number;
  published_version: number | null;
  published_on: number | null;
  publish_at: number | null;
  scheduled_version: number | null;
  trashed_on: number | null;
  created_on: number;
  updated_on: number;
}

export interface RevisionRow {
  version: number;
  author_name: string;
  saved_on: number;
  restored_from: number | null;
  published_on: number | null;
  document?: string;
}

export const PAGE_COLUMNS =
  'id, title, slug, seo_title, seo_description, social_image, status, draft_version, published_version, published_on, publish_at, scheduled_version, trashed_on, created_on, updated_on';
export const REVISION_COLUMNS = 'version, author_name, saved_on, restored_from, published_on';

export function pageRecord(row: PageRow): PageRecord {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    url: `/${row.slug}`,
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
    socialImage: row.social_image,
    status: row.status as ContentStatus,
    draftVersion: row.draft_version,
    publishedVersion: row.published_version,
    publishedOn: row.published_on,
    publishAt: row.publish_at,
    scheduledVersion: row.scheduled_version,
    trashedOn: row.trashed_on,
    createdOn: row.created_on,
    updatedOn: row.updated_on,
  };
}

export function revisionRecord(row: RevisionRow): RevisionRecord {
  return { version: row.version, author: row.author_name, savedAt: row.saved_on, restoredFrom: row.restored_from, publishedOn: row.published_on };
}

export function revisionWithLayout(row: RevisionRow & { document: string }): RevisionWithLayout {
  return { ...revisionRecord(row), layout: JSON.parse(row.document) as PageLayout };
}
