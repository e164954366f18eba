import { navigationQuery, toNavigationLinks, type NavigationLink } from './collections.js';
import { query, type Db } from './db.js';
import { headerFooterQuery, toHeaderFooter, type HeaderFooter } from './site-layout/header-footer.js';
import { publishedStylesQuery, toPublished, type StylesPublished } from './site-styles/site-styles.js';
import { themeIndexQuery, type ThemeFileRef } from './theme.js';
import { languagesQuery, toSiteLanguages, type SiteLanguages } from './multilingual/settings.js';

/** What every page needs whatever its type: the menus, the theme's file index, the owner's header/footer. */
export interface PageShell {
  links: NavigationLink[];
  themeRefs: ThemeFileRef[];
  headerFooter: HeaderFooter;
  /** The published site styles (null: the theme's own look). */
  siteStyles: StylesPublished | null;
  /** The site's languages (issue 29): hreflang alternates and the language switcher. */
  languages: SiteLanguages;
}

/** The navigation, the theme index, the header/footer and the site styles in one D1 round trip (every page needs them). */
export async function loadPageShell(db: Db, websiteId: string, siteLocale: string): Promise<PageShell> {
  return query(async () => {
    const [nav, refs, headerFooter, styles, languages] = await db.batch([
      navigationQuery(db, websiteId), themeIndexQuery(db, websiteId), headerFooterQuery(db, websiteId), publishedStylesQuery(db, websiteId),
      languagesQuery(db, websiteId),
    ]);
    return {
      links: toNavigationLinks(nav), themeRefs: refs, headerFooter: toHeaderFooter(headerFooter[0]), siteStyles: toPublished(styles[0]),
      languages: toSiteLanguages(languages[0], siteLocale),
    };
  });
}
