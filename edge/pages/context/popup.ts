import { publishedPopup } from '../../services/popups/popups.js';
import { dismissalKey } from '../../../domain/popups/dismissal.js';
import { popupShowsOn } from '../../../domain/popups/popup.js';
import type { PageRequest } from '../page-request.js';
import { withCaptchaTexts, type TranslationTable } from '../../services/multilingual/texts.js';
import { STORE_TEXTS_ENTITY, storeTexts } from '../../../domain/languages/store-texts.js';

/** Pages that never carry the popup: checkout (a purchase under way), lock screens and access refusals. */
const WITHOUT_POPUP = new Set([103, 105, 106, 107, 201]);

/**
 * The promo popup island's props (client/islands/promo-popup), or undefined when the site has no
 * published popup switched on for this page. Only what the visitor's browser needs: never the
 * list id the sign-up goes to.
 */
export async function popupContext(req: PageRequest, pageType: number): Promise<Record<string, unknown> | undefined> {
  if (WITHOUT_POPUP.has(pageType)) return undefined;
  const popup = await publishedPopup(req.db, req.site.id);
  if (!popup || !popupShowsOn(popup.design, req.url.pathname)) return undefined;
  const { design } = popup;
  const table = req.translations ? await req.translations : undefined;
  return {
    storageKey: dismissalKey(req.site.id),
    version: popup.version,
    heading: design.heading,
    text: design.text,
    imageUrl: design.imageUrl || null,
    imageAlt: design.imageAlt,
    action: design.action.kind === 'newsletter' ? { kind: 'newsletter', buttonLabel: design.action.buttonLabel } : design.action,
    trigger: design.trigger,
    frequency: design.frequency,
    // The bot check's texts in the page's language where translated (issue 29), as the forms'.
    ...(req.captchaSiteKey ? { captcha: withCaptchaTexts({ siteKey: req.captchaSiteKey, provider: req.captchaProvider ?? 'local' }, table) } : {}),
    // The island's own words on a page in an added language (lang26); English pages keep the island's English.
    ...(table ? { texts: popupTexts(table) } : {}),
  };
}

/**
 * The promo popup island's fixed words (client/islands/promo-popup `texts`) in the table's
 * language: its field label, thanks and close button, and the SPEC §8 failure lines its
 * alert shows (the add-to-cart texts' names, so the island maps them the same way).
 */
function popupTexts(table: TranslationTable): Record<string, string> {
  const t = storeTexts((key) => table.get('system', STORE_TEXTS_ENTITY, key));
  return {
    emailAddress: t.popupEmailAddress, thanks: t.popupThanks, close: t.themeClose,
    somethingWrong: t.themeSomethingWrong, sessionExpired: t.themeSessionExpired, cookiesDisabled: t.themeCookiesDisabled, rateLimited: t.themeRateLimited, network: t.themeNetwork,
  };
}
