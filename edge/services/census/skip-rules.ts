
/** SPEC §2 page types the skip rules name. */
const PAGE_TYPE_CODES = { notFound: 100, search: 102, lockScreen: 103, memberAreaAccessDenied: 106 } as const;

/** SPEC §3 contributor role: viewer. */
const VIEWER_ROLE = 10;

export interface SkipInput {
  /** The signed-in site user (c.var.siteUser), if any. */
  siteUser: { roles: readonly number[] } | undefined;
  pagePath: string;
  pageType: number | null;
  /** The census-disabling flag (site setting or page flag). */
  censusDisabled: boolean;
}

export type SkipReason = 'signed-in' | 'page-type' | 'search' | 'disabled';

/** SPEC §2: any path containing /config/ is the editor. */
export function isEditorPath(path: string): boolean {
  return path.includes('/config/') || path === '/config';
}

/**
 * SPEC §6 skip rules for traffic recording (and SPEC §2: /search is never recorded).
 * Returns why a hit is not recorded, or undefined when it is.
 */
export function skipReason(input: SkipInput): SkipReason | undefined {
  if (input.censusDisabled) return 'disabled';
  if (input.siteUser) {
    const roles = input.siteUser.roles;
    const onlyViewer = roles.length > 0 && roles.every((r) => r === VIEWER_ROLE);
    if (!onlyViewer || isEditorPath(input.pagePath)) return 'signed-in';
  }
  const t = input.pageType;
  if (t === PAGE_TYPE_CODES.notFound || t === PAGE_TYPE_CODES.lockScreen || t === PAGE_TYPE_CODES.memberAreaAccessDenied) return 'page-type';
  if (t === PAGE_TYPE_CODES.search || input.pagePath === '/search' || input.pagePath.startsWith('/search?') || input.pagePath.startsWith('/search/')) return 'search';
  return undefined;
}
