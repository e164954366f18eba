import { layoutPlan } from '../../blocks/layout-plan.js';
import type { PageLayout } from '../../blocks/layout-schema.js';
import type { Db } from '../services/db.js';
import type { NavigationLink } from '../services/collections.js';
import { footerNewsletterForm } from '../services/forms/definitions.js';
import { formContext } from './context/form.js';
import { popupContext } from './context/popup.js';
import { renderBlocks } from './render-page.js';
import type { PageRequest } from './page-request.js';
import { linksForVisitor } from './members/navigation.js';
import type { PageShell } from '../services/page-shell.js';
import type { SiteRecord } from '../services/websites.js';
import type { PageTypeName } from './page-types.js';
import type { Theme } from './theme-templates.js';
import { emptyCartJson, localizedStringsJson, websiteJson, websiteSettingsJson } from './context/website.js';
import { translateLayout, withCaptchaTexts, type TranslationTable } from '../services/multilingual/texts.js';
import { languageContext, translatedStrings } from './context/languages.js';
import { STORE_TEXTS_ENTITY, STORE_TEXTS, type StoreTextKey } from '../../domain/languages/store-texts.js';
import { themeTexts } from '../../domain/languages/theme-texts.js';
import { CART_PATH } from '../../domain/constants/storefront.js';

function queryJson(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  let n = 0;
  // SPEC §9: query-string parsing is limited to 1000 keys.
  for (const [k, v] of url.searchParams) {
    if (++n > 1000) break;
    if (k !== 'format') out[k] = v;
  }
  return out;
}

function linkJson(link: NavigationLink, activeCollectionId: string | undefined, table?: TranslationTable): Record<string, unknown> {
  const out: Record<string, unknown> = { title: table?.get('navigation', link.id, 'title') ?? link.title, url: link.url };
  if (link.collectionId) out.collectionId = link.collectionId;
  if (link.newWindow) out.newWindow = true;
  // A block page is active by its page id (block-page.ts passes it as the active id).
  const target = link.collectionId ?? link.pageId;
  out.active = target !== null && target === activeCollectionId;
  // Present only when the link has some, so a site without nested links keeps its exact context.
  if (link.children.length) out.children = link.children.map((child) => linkJson(child, activeCollectionId, table));
  return out;
}

/** The store texts (translated where the language has them) that say prices include tax. */
function taxNotes(table: TranslationTable | undefined): { price: string; card: string } {
  const text = (key: StoreTextKey) => table?.get('system', STORE_TEXTS_ENTITY, key) ?? STORE_TEXTS[key];
  return { price: text('priceIncludesTax'), card: text('inclTax') };
}

/** Whether dates of a page in `code` follow the language (every language but English). */
const localeDates = (code: string): boolean => code.toLowerCase().split('-')[0] !== 'en';

/** The fields every page context has (docs/page-context.md, "Top level"). */
export async function baseContext(
  req: PageRequest,
  pageType: number,
  pageTypeName: PageTypeName,
  activeCollectionId?: string,
): Promise<Record<string, unknown>> {
  const { site, url } = req;
  const [{ links: allLinks, headerFooter, languages }, newsletter, table, promoPopup] = await Promise.all([req.shell, footerNewsletterForm(req.db, site.id), req.translations, popupContext(req, pageType)]);
  // Member-area items only for their members, never on a page the cache could share (members/navigation.ts).
  const links = await linksForVisitor(req, allLinks);
  // The owner's header and footer (block layouts, edge/services/site-layout), rendered through the theme when set,
  // in the page's language (their texts translated, the primary's where a translation is missing).
  const theme = req.theme && (headerFooter.header || headerFooter.footer) ? await req.theme : undefined;
  const chrome = (layout: PageLayout | null, entity: 'site-header' | 'site-footer') => {
    if (!layout || (!theme && !req.localLayouts)) return undefined;
    const shown = table ? translateLayout(layout, entity, table) : layout;
    // `atelier dev` renders them with the local theme (page-request.ts `localLayouts`).
    if (!req.theme && req.localLayouts) req.localLayouts.push({ target: entity === 'site-header' ? 'siteHeader' : 'siteFooter', withPage: false, ...layoutPlan(shown) });
    return theme ? renderBlocks(theme, site, shown, url.pathname) : undefined;
  };
  const siteHeader = chrome(headerFooter.header, 'site-header');
  const siteFooter = chrome(headerFooter.footer, 'site-footer');
  const menu = (name: string) => links.filter((l) => l.menu === name).map((l) => linkJson(l, activeCollectionId, table));
  const language = languageContext(req, languages);
  return {
    pageType,
    pageTypeName,
    website: {
      ...websiteJson(site, url.origin),
      language: language.code,
      ...(language.rtl ? { direction: 'rtl' } : {}),
      // Dates in the language's own order (the engine's locale-aware `datetime date:long`, '14 décembre 2025'):
      // the demo theme writes English dates with its US strftime pattern, every other language this way.
      ...(localeDates(language.code) ? { localeDates: true } : {}),
      // The cart pill's link under the page's language prefix (/fr/cart); unprefixed pages keep the island's /cart.
      ...(req.language?.prefix ? { cartUrl: `${req.language.prefix}${CART_PATH}` } : {}),
      // The bot check sign-up forms render (restock): only when this deployment can verify its tokens.
      // Its texts in the page's language where translated (`texts`, issue 29).
      ...(req.captchaSiteKey ? { captchaSettings: withCaptchaTexts({ siteKey: req.captchaSiteKey, provider: req.captchaProvider ?? 'local' }, table) } : {}),
    },
    websiteSettings: websiteSettingsJson(site, table),
    featureFlags: { useCLDRMoneyFormat: site.storeSettings.useCLDRMoneyFormat !== false },
    localizedStrings: table ? translatedStrings(localizedStringsJson(site), table) : localizedStringsJson(site),
    // Only multilingual sites have `languages`: the switcher and the hreflang alternates.
    ...(language.switcher ? { languages: language.switcher } : {}),
    navigation: { items: menu('main-nav'), footerItems: menu('footer-nav') },
    ...(siteHeader === undefined ? {} : { siteHeader }),
    ...(siteFooter === undefined ? {} : { siteFooter }),
    cart: emptyCartJson(site),
    request: { path: url.pathname, query: queryJson(url) },
    // Only signed-in visitors' pages say so: they are never cached (cache-policy.ts).
    visitor: { signedIn: req.signedIn === true },
    // The footer's newsletter sign-up (the site's newsletter form), when it has one.
    ...(newsletter ? { newsletterForm: formContext(req, newsletter) } : {}),
    // The promo popup's island props (page type 104), when one is published for this page.
    ...(promoPopup ? { promoPopup } : {}),
    // Prices include tax (commerce preference `tax.pricesIncludeTax`): the product page's and the price cards' notes, in the page's language.
    ...(site.storeSettings.pricesIncludeTax === true ? { taxNotes: taxNotes(table) } : {}),
    // The theme's header and layout words (account label, search, skip link) in the page's language.
    themeTexts: themeTexts((key) => table?.get('system', STORE_TEXTS_ENTITY, key)),
  };
}
