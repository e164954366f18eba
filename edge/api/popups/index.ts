import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { clientIp } from '../../lib/client-address.js';
import { activeCaptchaSiteKey, captchaVerifier, CAPTCHA_ACTIONS } from '../../services/captcha/index.js';
import { subscribeToList } from '../../services/newsletter/subscribers.js';
import { mailLanguage } from '../../services/multilingual/mail-language.js';
import { LANGUAGE_COOKIE } from '../../services/multilingual/visitor-language.js';
import { publishedPopup } from '../../services/popups/popups.js';
import { isGeneralEmail } from '../../../domain/forms/email.js';
import { POPUP_MESSAGES as P } from '../../../domain/popups/popup.js';
import { formBudget, mailBudgets, perTarget, perVisitor, spendBudgets } from '../../middleware/rate-limit/form-budgets.js';
import { bodyInLanguage, inLanguage, storeTextMessages } from '../localized-messages.js';
import { STORE_TEXTS, type StoreTextKey } from '../../../domain/languages/store-texts.js';

/** The sign-up's refusals that are store texts: said in the body's `language` (lang26; the bot check's and the 429 since lang27). */
const POPUP_MESSAGE_KEYS: readonly StoreTextKey[] = ['accountEnterEmail', 'accountEmailInvalid', 'popupNotFound', 'popupFailed', 'popupCaptchaIncomplete'];

/** The budgets' 429 (before the body is checked): `We could not sign you up…` in the language the body names. */
async function refusedInLanguage(c: Context<AppEnv>): Promise<string> {
  const body = (await c.req.json().catch(() => undefined)) as { language?: unknown } | undefined;
  return (await storeTextMessages(c, body?.language, POPUP_MESSAGE_KEYS))(P.failed);
}

const signUpBody = z.strictObject({
  email: z.string().max(1000),
  /** The page's language (the island sends `<html lang>`): the confirmation mail's words and links follow it (issue 29). */
  language: z.string().max(35).optional(),
  recaptchaEnterpriseV3Token: z.string().max(4000).nullish(),
});

/**
 * POST /api/popup/subscribe: the promo popup's newsletter sign-up (docs/api/popups.md). The
 * newsletter sign-up path (double opt-in, the confirmation mail's budgets per recipient and
 * per address) with the bot check under the PROMO_POPUP_SUBMISSION action.
 */
export const popupApi = new Hono<AppEnv>({ strict: false });

popupApi.post('/subscribe', formBudget(refusedInLanguage, perVisitor('popup'), perTarget((c) => `popup:${c.var.site.id}`)), bodyInLanguage(signUpBody, POPUP_MESSAGE_KEYS), async (c) => {
  const body = c.req.valid('json');
  return inLanguage(c, body.language, POPUP_MESSAGE_KEYS, async () => {
    const email = body.email.trim();
    if (!email) throw new ApiError(400, 'invalid_email', P.emailBlank, { fields: { email: P.emailBlank } });
    if (!isGeneralEmail(email)) throw new ApiError(400, 'invalid_email', P.emailInvalid, { fields: { email: P.emailInvalid } });
    const site = c.var.site;
    const popup = await publishedPopup(c.var.db, site.id);
    if (!popup || popup.design.action.kind !== 'newsletter') throw new ApiError(404, 'popup_not_found', P.notFound);
    const siteKey = activeCaptchaSiteKey(c.env, site);
    if (siteKey) {
      if (!body.recaptchaEnterpriseV3Token) throw new ApiError(400, 'captcha_required', STORE_TEXTS.popupCaptchaIncomplete);
      const verdict = await captchaVerifier(c.env, siteKey)!.verify(body.recaptchaEnterpriseV3Token, CAPTCHA_ACTIONS.popup, clientIp(c));
      if (!verdict.ok) throw new ApiError(400, 'captcha_failed', P.failed);
    }
    await spendBudgets(c, P.failed, ...mailBudgets(email));
    // In the page's language when it is an added one the site publishes, else the language cookie's (issue 29).
    const language = await mailLanguage(c.var.db, site, body.language ?? getCookie(c, LANGUAGE_COOKIE));
    await subscribeToList(c.var.db, { site, listId: popup.design.action.listId, email, origin: new URL(c.req.url).origin, language, now: Date.now() });
    // Answers alike whether the address was new, pending or confirmed: nothing to learn about others' addresses.
    return c.json({ success: true });
  });
});
