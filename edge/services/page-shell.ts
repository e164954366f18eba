import { navigationQuery, toNavigationLinks, type NavigationLink } from './collections.js';
import { query, type Db } from './db.js';
import { themeIndexQuery, type ThemeFileRef } from './theme.js';

/** What every page needs whatever its type: the menus and the theme's file index. */
export interface PageShell {
  links: NavigationLink[];
  themeRefs: ThemeFileRef[];
}

/** The navigation and the theme index in one D1 round trip (both are needed by every page). */
export async function loadPageShell(db: Db, websiteId: string): Promise<PageShell> {
  return query(async () => {
    const [nav, refs] = await db.batch([navigationQuery(db, websiteId), themeIndexQuery(db, websiteId)]);
    return { links: toNavigationLinks(nav), themeRefs: refs };
  });
}
