import type { SiteRecord } from '../../services/websites.js';
import { moneyJson } from '../../../domain/money/money.js';
import { SYSTEM_TEXTS } from '../../services/multilingual/system-texts.js';
import { siteRestockSuccessText, type TranslationTable } from '../../services/multilingual/texts.js';

/** The site's favicon: `siteSettings.faviconUrl` (an uploaded image) or the generated default. */
export function faviconUrl(site: SiteRecord): string {
  const own = site.siteSettings.faviconUrl;
  return typeof own === 'string' && /^\/(?!\/)|^https:\/\//.test(own) ? own : '/favicon.svg';
}

/** `website` of every page; `origin` is the scheme and host of the request. */
export function websiteJson(site: SiteRecord, origin: string): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: site.id,
    identifier: site.identifier,
    siteTitle: site.title,
    baseUrl: origin,
    timeZone: site.timeZone,
    language: site.locale,
    useCLDRMoneyFormat: site.storeSettings.useCLDRMoneyFormat !== false,
    faviconUrl: faviconUrl(site),
  };
  if (site.tagline) out.siteDescription = site.tagline;
  if (site.colour) out.color = site.colour;
  if (site.socialAccounts) out.socialAccounts = site.socialAccounts;
  if (site.header) out.header = site.header;
  if (site.footer) out.footer = site.footer;
  if (site.captchaSiteKey) out.captchaSiteKey = site.captchaSiteKey;
  return out;
}

/** `websiteSettings` of every page; on a page of an added language (`table`) the owner's restock success text is its translation. */
export function websiteSettingsJson(site: SiteRecord, table?: TranslationTable): Record<string, unknown> {
  const restockSuccessText = site.storeSettings.restockSuccessText;
  return {
    commentsEnabled: false,
    simpleLikingEnabled: false,
    ...site.siteSettings,
    storeSettings: {
      ...site.storeSettings,
      multipleQuantityAllowedForServices: site.storeSettings.multipleQuantityAllowedForServices !== false,
      currency: site.currency,
      useCLDRMoneyFormat: site.storeSettings.useCLDRMoneyFormat !== false,
      ...(table && typeof restockSuccessText === 'string' && restockSuccessText ? { restockSuccessText: siteRestockSuccessText(table, restockSuccessText) } : {}),
    },
  };
}

export function localizedStringsJson(site: SiteRecord): Record<string, string> {
  return { ...SYSTEM_TEXTS, ...site.localizedStrings };
}

/** The empty cart until carts live in D1. */
export function emptyCartJson(site: SiteRecord): Record<string, unknown> {
  return { totalQuantity: 0, subtotalCents: 0, subtotalMoney: moneyJson(0, site.currency), entries: [] };
}
