/**
 * The Pages screen's tree, kept free of React so it is tested on its own: the main
 * navigation (GetSiteLayout, children one level deep), the pages not linked from it, and
 * the collection pages (the demo's home, about, contact: a block page at a collection's URL
 * gives that collection its content). The navigation edits (move, indent, outdent, add,
 * remove) return a new list; `toItems` makes the body of UpdateNavigation.
 */

import type { ContentStatus } from '../../../../domain/pages/page-rules.js';
import type { PageRecord } from '../../../../edge/services/pages/page-records.js';

export type PageStatus = ContentStatus;

/** A page as the pages API answers it (docs/api/pages.md): the worker's own record type. */
export type OwnerPage = PageRecord;

/** A navigation link as GetSiteLayout answers it. */
export interface NavLink {
  title: string;
  url: string;
  collectionId: string | null;
  pageId: string | null;
  externalLink: string | null;
  /** A member area's link (SPEC §3): shown on the site to the area's members only. */
  memberAreaId?: string | null;
  newWindow: boolean;
  visible: boolean;
  children: NavLink[];
}

/** A collection as GetNavigationCollections answers it. */
export interface NavCollection {
  id: string;
  title: string;
  url: string;
  typeName: string | null;
  enabled: boolean;
}

/** A link of the navigation being edited: a key of its own so rows keep their identity while moving. */
export interface NavNode extends Omit<NavLink, 'children'> {
  key: string;
  children: NavNode[];
}

export interface PageTree {
  main: NavNode[];
  notLinked: OwnerPage[];
  collections: { collection: NavCollection; page: OwnerPage | undefined }[];
}

let nextKey = 1;
const newKey = () => `n${nextKey++}`;

export function toNodes(links: readonly NavLink[]): NavNode[] {
  return links.map((l) => ({ ...l, key: newKey(), children: toNodes(l.children) }));
}

/** The slug of the block page that holds a collection's content: its URL id, `home` for `/`. */
export function contentSlug(collectionUrl: string): string {
  const slug = collectionUrl.replace(/^\/+|\/+$/g, '');
  return slug === '' ? 'home' : slug;
}

export function buildTree(nav: readonly NavNode[], pages: readonly OwnerPage[], collections: readonly NavCollection[]): PageTree {
  const linked = new Set<string>();
  const walk = (nodes: readonly NavNode[]) => {
    for (const n of nodes) {
      if (n.pageId) linked.add(n.pageId);
      walk(n.children);
    }
  };
  walk(nav);
  const bySlug = new Map(pages.map((p) => [p.slug, p]));
  const content = new Set<string>();
  const withPages = collections.map((collection) => {
    const page = bySlug.get(contentSlug(collection.url));
    if (page) content.add(page.id);
    return { collection, page };
  });
  return {
    main: [...nav],
    notLinked: pages.filter((p) => !linked.has(p.id) && !content.has(p.id)),
    collections: withPages,
  };
}

/** Where a node sits: its list's owner (undefined at the top) and its index. */
function locate(nodes: readonly NavNode[], key: string): { parent: NavNode | undefined; index: number } | undefined {
  const top = nodes.findIndex((n) => n.key === key);
  if (top >= 0) return { parent: undefined, index: top };
  for (const n of nodes) {
    const i = n.children.findIndex((c) => c.key === key);
    if (i >= 0) return { parent: n, index: i };
  }
  return undefined;
}

/** A copy with `parentKey`'s children (or the top list when undefined) replaced by `edit(list)`. */
function editList(nodes: readonly NavNode[], parentKey: string | undefined, edit: (list: NavNode[]) => NavNode[]): NavNode[] {
  if (parentKey === undefined) return edit([...nodes]);
  return nodes.map((n) => (n.key === parentKey ? { ...n, children: edit([...n.children]) } : n));
}

/** Moves a node one place up (-1) or down (+1) among its siblings; unchanged at the ends. */
export function moveNode(nodes: readonly NavNode[], key: string, by: -1 | 1): NavNode[] {
  const at = locate(nodes, key);
  if (!at) return [...nodes];
  const to = at.index + by;
  return editList(nodes, at.parent?.key, (list) => {
    if (to < 0 || to >= list.length) return list;
    const [moved] = list.splice(at.index, 1);
    list.splice(to, 0, moved!);
    return list;
  });
}

/** Moves `key` to where `overKey` is, in the same list (a drag and drop). */
export function reorderNode(nodes: readonly NavNode[], key: string, overKey: string): NavNode[] {
  const from = locate(nodes, key);
  const to = locate(nodes, overKey);
  if (!from || !to || from.parent?.key !== to.parent?.key || from.index === to.index) return [...nodes];
  return editList(nodes, from.parent?.key, (list) => {
    const [moved] = list.splice(from.index, 1);
    list.splice(to.index, 0, moved!);
    return list;
  });
}

/** Nests a top-level node (without children: one level only) under the node above it. */
export function canIndent(nodes: readonly NavNode[], key: string): boolean {
  const at = locate(nodes, key);
  return at !== undefined && at.parent === undefined && at.index > 0 && nodes[at.index]!.children.length === 0;
}

export function indentNode(nodes: readonly NavNode[], key: string): NavNode[] {
  if (!canIndent(nodes, key)) return [...nodes];
  const at = locate(nodes, key)!;
  const node = nodes[at.index]!;
  const list = nodes.filter((n) => n.key !== key);
  return list.map((n, i) => (i === at.index - 1 ? { ...n, children: [...n.children, node] } : n));
}

/** Takes a child out to the top level, right after its parent. */
export function outdentNode(nodes: readonly NavNode[], key: string): NavNode[] {
  const at = locate(nodes, key);
  if (!at?.parent) return [...nodes];
  const parent = at.parent;
  const child = parent.children[at.index]!;
  const out: NavNode[] = [];
  for (const n of nodes) {
    if (n.key === parent.key) out.push({ ...n, children: n.children.filter((c) => c.key !== key) }, child);
    else out.push(n);
  }
  return out;
}

export function removeNode(nodes: readonly NavNode[], key: string): NavNode[] {
  return nodes.filter((n) => n.key !== key).map((n) => ({ ...n, children: n.children.filter((c) => c.key !== key) }));
}

export function addPageNode(nodes: readonly NavNode[], page: OwnerPage): NavNode[] {
  const visible = page.publishedVersion !== null && page.status !== 'private' && page.status !== 'deprecated';
  return [...nodes, { key: newKey(), title: page.title, url: page.url, collectionId: null, pageId: page.id, externalLink: null, newWindow: false, visible, children: [] }];
}

/** A member area's link at the end of the navigation (its members see it on the site). */
export function addAreaNode(nodes: readonly NavNode[], area: { id: string; name: string }): NavNode[] {
  return [...nodes, { key: newKey(), title: area.name, url: '', collectionId: null, pageId: null, externalLink: null, memberAreaId: area.id, newWindow: false, visible: true, children: [] }];
}

/** The navigation's items for UpdateNavigation: each links exactly one target. */
export interface NavItemBody {
  title: string;
  collectionId?: string;
  pageId?: string;
  externalLink?: string;
  memberAreaId?: string;
  newWindow: boolean;
  children?: NavItemBody[];
}

export function toItems(nodes: readonly NavNode[]): NavItemBody[] {
  return nodes.map((n) => ({
    title: n.title,
    ...(n.collectionId
      ? { collectionId: n.collectionId }
      : n.pageId
        ? { pageId: n.pageId }
        : n.memberAreaId
          ? { memberAreaId: n.memberAreaId }
          : { externalLink: n.externalLink ?? n.url }),
    newWindow: n.newWindow,
    ...(n.children.length ? { children: toItems(n.children) } : {}),
  }));
}
