/**
 * Navigation items for a member area (SPEC §3 Navigation item memberAreaId, issue 30). The page
 * cache shares a page's HTML among every visitor it stores it for, and it stores only requests
 * without a session (cache-policy.ts: a session cookie bypasses it). So the items are left out
 * of every page rendered for a signed-out visitor (the only pages the cache holds) and kept, on
 * the uncached pages of a signed-in visitor, for the areas they are a member of: no cached copy
 * ever names a member-only link, and no JavaScript is needed.
 */
import type { NavigationLink } from '../../services/collections.js';
import { areasOfMember } from '../../services/members/areas.js';
import type { PageRequest } from '../page-request.js';

function areaIdsIn(links: readonly NavigationLink[], into: Set<string>): Set<string> {
  for (const link of links) {
    if (link.memberAreaId) into.add(link.memberAreaId);
    areaIdsIn(link.children, into);
  }
  return into;
}

function keep(links: readonly NavigationLink[], open: ReadonlySet<string>): NavigationLink[] {
  return links.filter((l) => l.memberAreaId === null || open.has(l.memberAreaId)).map((l) => (l.children.length ? { ...l, children: keep(l.children, open) } : l));
}

/** The links this visitor may see: member-area items only for the areas they belong to. */
export async function linksForVisitor(req: PageRequest, links: NavigationLink[]): Promise<NavigationLink[]> {
  const ids = areaIdsIn(links, new Set());
  if (ids.size === 0) return links;
  const open = req.siteUserId ? await areasOfMember(req.db, req.siteUserId, [...ids], req.now) : new Set<string>();
  return keep(links, open);
}
