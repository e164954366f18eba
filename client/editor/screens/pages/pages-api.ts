import { currentCrumb, OwnerApiError, ownerFetch, TEXT } from '../../api.js';
import type { NavCollection, NavItemBody, NavLink, OwnerPage, PageStatus } from './tree.js';

/** The Pages screen's calls (docs/api/pages.md, docs/api/site-layout.md). */
const API = '/api/pages';

/** Every page that is not in the trash (or of the trash), following the list's cursor. */
export async function listPages(options: { trash?: boolean; status?: string; q?: string } = {}): Promise<OwnerPage[]> {
  const out: OwnerPage[] = [];
  let after: string | null = null;
  // 20 pages of 100: far beyond any site's page count today; the list stays one request for most.
  for (let i = 0; i < 20; i++) {
    const query = new URLSearchParams({ limit: '100' });
    if (options.status) query.set('status', options.status);
    if (options.q) query.set('q', options.q);
    if (after) query.set('after', after);
    const answer: { pages: OwnerPage[]; next: string | null } = await ownerFetch('GET', `${API}${options.trash ? '/trash' : ''}?${query}`);
    out.push(...answer.pages);
    after = answer.next;
    if (!after) break;
  }
  return out;
}

export interface MainNavigation {
  version: number;
  links: NavLink[];
}

/** The main navigation (version 0 and no links when the site has none yet: SPEC §8's 404). */
export async function loadNavigation(): Promise<MainNavigation> {
  try {
    const { layout } = await ownerFetch<{ layout: { identifier: string; version: number; links: NavLink[] }[] }>('GET', '/api/commondata/GetSiteLayout');
    const main = layout.find((n) => n.identifier === 'main-nav');
    return main ? { version: main.version, links: main.links } : { version: 0, links: [] };
  } catch (error) {
    if (error instanceof OwnerApiError && error.status === 404) return { version: 0, links: [] };
    throw error;
  }
}

export async function loadCollections(): Promise<NavCollection[]> {
  return (await ownerFetch<{ collections: NavCollection[] }>('GET', '/api/commondata/GetNavigationCollections')).collections;
}

/** The signed-in contributor's roles (SPEC §3 ids), to hide what they may not do. */
export async function loadRoles(): Promise<number[]> {
  return (await ownerFetch<{ roles?: number[] }>('GET', '/api/site-users/account')).roles ?? [];
}

/** Thrown when someone else saved the navigation first (412). */
export class NavigationConflict extends Error {}

/** UpdateNavigation under If-Match; answers the new version. */
export async function saveNavigation(version: number, items: NavItemBody[]): Promise<number> {
  let res: Response;
  try {
    res = await fetch('/api/widget/UpdateNavigation', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-CSRF-Token': currentCrumb(), 'If-Match': `"${version}"` },
      body: JSON.stringify({ fieldName: 'main-nav', navigation: { items } }),
    });
  } catch {
    throw new OwnerApiError(TEXT.network, 0);
  }
  const json = (await res.json().catch(() => undefined)) as { message?: string; fields?: Record<string, string>; navigation?: { version: number } } | undefined;
  if (res.status === 412) throw new NavigationConflict(json?.message ?? 'Someone else changed the navigation.');
  if (!res.ok || !json?.navigation) throw new OwnerApiError(json?.message ?? (res.status >= 500 ? TEXT.unreachable : TEXT.failed), res.status, json?.fields ?? {});
  return json.navigation.version;
}

type PageAnswer = Promise<{ page: OwnerPage }>;
export const pageCalls = {
  create: (body: { title: string; slug?: string }): PageAnswer => ownerFetch('POST', API, body),
  update: (id: string, body: { title?: string; slug?: string; seoTitle?: string; seoDescription?: string; socialImage?: string | null }): PageAnswer => ownerFetch('PATCH', `${API}/${id}`, body),
  status: (id: string, status: Exclude<PageStatus, 'scheduled' | 'published'>): PageAnswer => ownerFetch('POST', `${API}/${id}/status`, { status }),
  publish: (page: OwnerPage): PageAnswer => ownerFetch('POST', `${API}/${page.id}/publish`, { version: page.draftVersion }),
  unpublish: (id: string): PageAnswer => ownerFetch('POST', `${API}/${id}/unpublish`),
  schedule: (page: OwnerPage, publishAt: number): PageAnswer => ownerFetch('POST', `${API}/${page.id}/schedule`, { version: page.draftVersion, publishAt }),
  cancelSchedule: (id: string): PageAnswer => ownerFetch('DELETE', `${API}/${id}/schedule`),
  duplicate: (id: string): PageAnswer => ownerFetch('POST', `${API}/${id}/duplicate`),
  trash: (id: string): PageAnswer => ownerFetch('DELETE', `${API}/${id}`),
  restore: (id: string): PageAnswer => ownerFetch('POST', `${API}/trash/${id}/restore`),
  deleteForever: (id: string): Promise<{ deleted: string }> => ownerFetch('DELETE', `${API}/trash/${id}`),
};
