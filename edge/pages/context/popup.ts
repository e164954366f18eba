import { publishedPopup } from '../../services/popups/popups.js';
import { dismissalKey } from '../../../domain/popups/dismissal.js';
import { popupShowsOn } from '../../../domain/popups/popup.js';
import type { PageRequest } from '../page-request.js';
import { withCaptchaTexts } from '../../services/multilingual/texts.js';

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
    ...(req.captchaSiteKey ? { captcha: withCaptchaTexts({ siteKey: req.captchaSiteKey, provider: req.captchaProvider ?? 'local' }, req.translations ? await req.translations : undefined) } : {}),
  };
}
