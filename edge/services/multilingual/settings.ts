import { eq, sql } from 'drizzle-orm';
import { multilingualSettings, websites } from '../../../schema/index.js';
import { bumpStatement } from '../content-version.js';
import { query, type Db } from '../db.js';
import { forgetSite } from '../site-versions.js';

/** A site's languages as pages use them (issue 29, SPEC §7 multilingual). */
export interface SiteLanguages {
  /** False when the owner never connected multilingual or disconnected it: one language. */
  enabled: boolean;
  /** The language of unprefixed URLs. */
  primary: string;
  /** The added languages, each published under `/<tag lower-cased>/` while `enabled`. */
  added: string[];
}

type Row = typeof multilingualSettings.$inferSelect;

/** The settings row query, for batching with the page shell. */
export function languagesQuery(db: Db, websiteId: string) {
  return db.select().from(multilingualSettings).where(eq(multilingualSettings.websiteId, websiteId)).limit(1);
}

/** A settings row (or none) as the site's languages; the site's locale is the primary without one. */
export function toSiteLanguages(row: Row | undefined, siteLocale: string): SiteLanguages {
  if (!row) return { enabled: false, primary: siteLocale, added: [] };
  const added = row.languages.filter((l) => l !== row.defaultLanguage);
  return { enabled: row.enabled && added.length > 0, primary: row.defaultLanguage, added };
}

/** The languages published now: the primary, then the added ones while multilingual is on. */
export function publishedLanguages(languages: SiteLanguages): string[] {
  return languages.enabled ? [languages.primary, ...languages.added] : [languages.primary];
}

export async function readLanguages(db: Db, websiteId: string, siteLocale: string): Promise<{ languages: SiteLanguages; updatedOn: number | null; connected: boolean }> {
  const [row] = await query(() => languagesQuery(db, websiteId));
  return { languages: toSiteLanguages(row, siteLocale), updatedOn: row?.updatedOn ?? null, connected: row?.enabled ?? false };
}

/** Per isolate: each site's languages as of one content version (and site locale). */
const known = new Map<string, { version: number; locale: string; languages: SiteLanguages }>();
// Bounds memory when one isolate serves many sites; Map order makes this FIFO.
const MAX_SITES = 1000;

/**
 * The site's languages for routing pages (edge/pages/localized.ts), read from D1 once per
 * content version in each isolate: every write of the settings (saveLanguages, disconnect)
 * moves the version in its own batch, so a page request with the new version reads again.
 */
export async function siteLanguages(db: Db, site: { id: string; locale: string; contentVersion: number }): Promise<SiteLanguages> {
  const hit = known.get(site.id);
  if (hit && hit.version === site.contentVersion && hit.locale === site.locale) return hit.languages;
  const { languages } = await readLanguages(db, site.id, site.locale);
  if (!known.has(site.id) && known.size >= MAX_SITES) known.delete(known.keys().next().value!);
  known.set(site.id, { version: site.contentVersion, locale: site.locale, languages });
  return languages;
}

/**
 * Saves the primary and added languages and turns multilingual on; pages change at once
 * (the content version moves in the same batch). A removed language's translations stay.
 */
export async function saveLanguages(db: Db, websiteId: string, primary: string, added: readonly string[], now = Date.now(), switcher?: boolean): Promise<void> {
  const languages = [primary, ...added.filter((l) => l !== primary)];
  const save = db
    .insert(multilingualSettings)
    .values({ websiteId, defaultLanguage: primary, languages, enabled: true, updatedOn: now })
    .onConflictDoUpdate({ target: multilingualSettings.websiteId, set: { defaultLanguage: primary, languages, enabled: true, updatedOn: now } });
  const bump = bumpStatement(db, websiteId, now);
  // The header option lives in the site settings the theme reads (one atomic json_set, no read first).
  const option = db
    .update(websites)
    .set({ siteSettings: sql`json_set(${websites.siteSettings}, '$.languageSwitcher', json(${switcher === false ? 'false' : 'true'}))` })
    .where(eq(websites.id, websiteId));
  await query<unknown>(() => (switcher === undefined ? db.batch([save, bump]) : db.batch([option, save, bump])));
  forgetSite(websiteId);
}

/** Turns multilingual off (one language again); the language list and every translation are kept. */
export async function disconnect(db: Db, websiteId: string, now = Date.now()): Promise<boolean> {
  const [updated] = await query(() =>
    db.batch([
      db
        .update(multilingualSettings)
        .set({ enabled: false, updatedOn: now })
        .where(sql`${multilingualSettings.websiteId} = ${websiteId} AND ${multilingualSettings.enabled} = 1`)
        .returning({ websiteId: multilingualSettings.websiteId }),
      bumpStatement(db, websiteId, now),
    ]),
  );
  forgetSite(websiteId);
  return updated.length > 0;
}
