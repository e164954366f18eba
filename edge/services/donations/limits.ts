import { donationLimits, type DonationLimits } from '../../../domain/commerce/donations.js';
import type { Preferences } from '../../../domain/commerce/preferences.js';
import { readPreferences } from '../commerce-preferences/index.js';
import type { Db } from '../db.js';
import type { SiteRecord } from '../websites.js';

/**
 * The donation limits of a site in its currency: what the owner set in the `donations`
 * commerce-preferences namespace for that currency, else the defaults (one indexed read).
 */
export async function siteDonationLimits(db: Db, site: SiteRecord): Promise<DonationLimits> {
  const prefs = (await readPreferences(db, site, 'donations', {})) as Preferences<'donations'>;
  return donationLimits(site.currency, prefs.limits);
}
