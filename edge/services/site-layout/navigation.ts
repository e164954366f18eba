import { PAGE_MESSAGES } from '../../../domain/pages/page-messages.js';
import { ApiError } from '../../errors.js';
import { bumpStatement } from '../content-version.js';
import { query, type Db } from '../db.js';
import type { Author } from '../pages/page-records.js';
import { forgetSite } from '../site-versions.js';

/** The site's navigations (SPEC §7 fieldName): main first, as GetSiteLayout lists them. */
export const NAVIGATION_MENUS = ['main-nav', 'secondary-nav', 'footer-nav'] as const;
export type NavigationMenu = (typeof NAVIGATION_MENUS)[number];

/** A saved navigation item (SPEC §3 Navigation item), children nested one level. */
export interface NavigationItemInput {
  title: string;
  collectionId?: string | undefined;
  pageId?: string | undefined;
  externalLink?: string | undefined;
  memberAreaId?: string | undefined;
  newWindow: boolean;
  children?: NavigationItemInput[] | undefined;
}

/** One item as GetSiteLayout answers it. */
export interface NavigationLinkOut {
  title: string;
  url: string;
  collectionId: string | null;
  pageId: string | null;
  externalLink: string | null;
  memberAreaId: string | null;
  newWindow: boolean;
  /** False for a link to a page visitors cannot see (a draft, private, in the trash): the site leaves it out. */
  visible: boolean;
  children: NavigationLinkOut[];
}

/** One navigation of the site layout with its version (If-Match of UpdateNavigation). */
export interface SiteLayoutNavigation {
  identifier: NavigationMenu;
  version: number;
  links: NavigationLinkOut[];
}

interface ItemRow {
  id: string;
  menu: string;
  parent_id: string | null;
  title: string;
  collection_id: string | null;
  page_id: string | null;
  external_link: string | null;
  member_area_id: string | null;
  new_window: number;
  full_url: string | null;
  page_slug: string | null;
  page_visible: number | null;
}

/**
 * The site's navigations with their items (children nested) and versions: every menu that
 * has items or a saved revision, main navigation first. Version 0: never saved (the seed's).
 */
export async function siteLayout(db: Db, websiteId: string): Promise<SiteLayoutNavigation[]> {
  const d1 = db.$client;
  const [items, versions] = await query(() =>
    d1.batch([
      d1
        .prepare(
          `SELECT n.id, n.menu, n.parent_id, n.title, n.collection_id, n.page_id, n.external_link, n.member_area_id, n.new_window, c.full_url, p.slug AS page_slug,
             (p.published_version IS NOT NULL AND p.trashed_on IS NULL AND p.status NOT IN ('private', 'deprecated')) AS page_visible
           FROM navigation_items n LEFT JOIN collections c ON c.id = n.collection_id LEFT JOIN pages p ON p.id = n.page_id
           WHERE n.website_id = ? ORDER BY n.menu, n.position`,
        )
        .bind(websiteId),
      d1.prepare('SELECT menu, MAX(version) AS version FROM navigation_revisions WHERE website_id = ? GROUP BY menu').bind(websiteId),
    ]),
  );
  const byMenu = new Map<string, SiteLayoutNavigation>();
  const menuOf = (menu: string) => {
    let nav = byMenu.get(menu);
    if (!nav) byMenu.set(menu, (nav = { identifier: menu as NavigationMenu, version: 0, links: [] }));
    return nav;
  };
  for (const row of versions!.results as { menu: string; version: number }[]) menuOf(row.menu).version = row.version;
  const rows = items!.results as unknown as ItemRow[];
  const links = new Map<string, NavigationLinkOut>();
  for (const row of rows) {
    links.set(row.id, {
      title: row.title,
      url: row.full_url ?? (row.page_slug ? `/${row.page_slug}` : null) ?? row.external_link ?? '#',
      collectionId: row.collection_id,
      pageId: row.page_id,
      externalLink: row.external_link,
      memberAreaId: row.member_area_id,
      newWindow: row.new_window === 1,
      visible: row.page_id === null || row.page_visible === 1,
      children: [],
    });
  }
  for (const row of rows) {
    const link = links.get(row.id)!;
    if (row.parent_id === null) menuOf(row.menu).links.push(link);
    else links.get(row.parent_id)?.children.push(link);
  }
  const order = (menu: string) => {
    const at = (NAVIGATION_MENUS as readonly string[]).indexOf(menu);
    return at === -1 ? NAVIGATION_MENUS.length : at;
  };
  return [...byMenu.values()].sort((a, b) => order(a.identifier) - order(b.identifier) || a.identifier.localeCompare(b.identifier));
}

/** The 412 of a stale navigation save, with the newest revision. */
async function navigationConflict(db: Db, websiteId: string, menu: string): Promise<ApiError> {
  const newest = await query(() =>
    db.$client
      .prepare('SELECT version, author_name, saved_on FROM navigation_revisions WHERE website_id = ? AND menu = ? ORDER BY version DESC LIMIT 1')
      .bind(websiteId, menu)
      .first<{ version: number; author_name: string; saved_on: number }>(),
  );
  const current = newest ? { version: newest.version, author: newest.author_name, savedAt: newest.saved_on } : { version: 0, author: null, savedAt: null };
  return new ApiError(412, 'version_conflict', PAGE_MESSAGES.navigationConflict, { extra: { current } });
}

/**
 * Saves a navigation as revision `basedOn + 1`, only while `basedOn` is its newest (0:
 * never saved). One D1 batch: the conditional INSERT of the revision, then the menu's
 * rows replaced and the content version bumped, each guarded by that revision's save id,
 * so a stale save stores nothing and the next visitor request shows the new menu.
 */
export async function saveNavigation(db: Db, websiteId: string, menu: NavigationMenu, basedOn: number, items: NavigationItemInput[], author: Author, now = Date.now()): Promise<number> {
  const d1 = db.$client;
  const saveId = crypto.randomUUID();
  const mine = 'EXISTS (SELECT 1 FROM navigation_revisions WHERE website_id = ? AND menu = ? AND version = ? AND save_id = ?)';
  const mineParams = [websiteId, menu, basedOn + 1, saveId];
  const rows: { id: string; parentId: string | null; position: number; item: NavigationItemInput }[] = [];
  const walk = (list: NavigationItemInput[], parentId: string | null) =>
    list.forEach((item, position) => {
      const id = crypto.randomUUID().replaceAll('-', '');
      rows.push({ id, parentId, position, item });
      if (item.children) walk(item.children, id);
    });
  walk(items, null);
  const bump = bumpStatement(db, websiteId, now).toSQL();
  const [inserted] = await query(() =>
    d1.batch([
      d1
        .prepare(
          `INSERT INTO navigation_revisions (website_id, menu, version, document, save_id, author_id, author_name, saved_on)
           SELECT ?, ?, ?, ?, ?, ?, ?, ? WHERE COALESCE((SELECT MAX(version) FROM navigation_revisions WHERE website_id = ? AND menu = ?), 0) = ?`,
        )
        .bind(websiteId, menu, basedOn + 1, JSON.stringify(items), saveId, author.id, author.name, now, websiteId, menu, basedOn),
      d1.prepare(`DELETE FROM navigation_items WHERE website_id = ? AND menu = ? AND ${mine}`).bind(websiteId, menu, ...mineParams),
      ...rows.map(({ id, parentId, position, item }) =>
        d1
          .prepare(
            `INSERT INTO navigation_items (id, website_id, menu, parent_id, position, title, collection_id, page_id, external_link, member_area_id, new_window)
             SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE ${mine}`,
          )
          .bind(id, websiteId, menu, parentId, position, item.title, item.collectionId ?? null, item.pageId ?? null, item.externalLink ?? null, item.memberAreaId ?? null, item.newWindow ? 1 : 0, ...mineParams),
      ),
      d1.prepare(`${bump.sql} AND ${mine}`).bind(...bump.params, ...mineParams),
    ]),
  );
  if (inserted?.meta.changes !== 1) throw await navigationConflict(db, websiteId, menu);
  forgetSite(websiteId);
  return basedOn + 1;
}

/** What a navigation may link: the site's collections and its block pages (not in the trash). */
export async function navigationTargets(db: Db, websiteId: string) {
  const d1 = db.$client;
  const [collections, pages] = await query(() =>
    d1.batch([
      d1
        .prepare('SELECT id, COALESCE(navigation_title, title) AS title, full_url AS url, type_name AS typeName, enabled FROM collections WHERE website_id = ? ORDER BY display_index, id')
        .bind(websiteId),
      d1
        .prepare(
          `SELECT id, title, '/' || slug AS url, status, (published_version IS NOT NULL AND status NOT IN ('private', 'deprecated')) AS visible
           FROM pages WHERE website_id = ? AND trashed_on IS NULL ORDER BY title, id LIMIT 1000`,
        )
        .bind(websiteId),
    ]),
  );
  return {
    collections: (collections!.results as { id: string; title: string; url: string; typeName: string | null; enabled: number }[]).map((c) => ({ ...c, enabled: c.enabled === 1 })),
    pages: (pages!.results as { id: string; title: string; url: string; status: string; visible: number }[]).map((p) => ({ ...p, visible: p.visible === 1 })),
  };
}
