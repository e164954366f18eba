import { eq } from 'drizzle-orm';
import { websites } from '../../../schema/index.js';
import { query, type Db } from '../db.js';
import { loadPageShell } from '../page-shell.js';

/** SPEC §3 Site header/footer: the site's header and footer text, or null when unset. */
export async function siteHeaderFooter(db: Db, websiteId: string): Promise<{ header: string | null; footer: string | null }> {
  const [row] = await query(() => db.select({ header: websites.header, footer: websites.footer }).from(websites).where(eq(websites.id, websiteId)));
  return { header: row?.header ?? null, footer: row?.footer ?? null };
}

/** One navigation of the site layout (SPEC §7: read for identifier and links). */
export interface SiteLayoutNavigation {
  identifier: string;
  links: { title: string; url: string; collectionId: string | null; newWindow: boolean }[];
}

/** The site's navigations by identifier ('main-nav', 'footer-nav', ...), in menu order. */
export async function siteLayout(db: Db, websiteId: string): Promise<SiteLayoutNavigation[]> {
  const { links } = await loadPageShell(db, websiteId);
  const byMenu = new Map<string, SiteLayoutNavigation>();
  for (const link of links) {
    let navigation = byMenu.get(link.menu);
    if (!navigation) byMenu.set(link.menu, (navigation = { identifier: link.menu, links: [] }));
    navigation.links.push({ title: link.title, url: link.url, collectionId: link.collectionId, newWindow: link.newWindow });
  }
  return [...byMenu.values()];
}
