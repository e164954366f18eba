import { getCookie } from 'hono/cookie';
import { LANGUAGE_COOKIE } from '../../services/multilingual/visitor-language.js';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { clientIp } from '../../lib/client-address.js';
import { activeCaptchaSiteKey, captchaVerifier, CAPTCHA_ACTIONS } from '../../services/captcha/index.js';
import { isGeneralEmail } from '../../../domain/forms/email.js';
import { RESTOCK_MESSAGES, RESTOCK_MESSAGES_ENTITY, type RestockMessages } from '../../../domain/messages/restock-messages.js';
import { ownRestockText, siteRestockSuccessText, translatedTexts } from '../../services/multilingual/texts.js';
import { visitorTable } from '../../services/multilingual/visitor-texts.js';
import { subscribeToList } from '../../services/newsletter/subscribers.js';
import { mailLanguage } from '../../services/multilingual/mail-language.js';
import { siteMailingList } from '../../services/newsletter/lists.js';
import { findRestockVariant, recordRestockSignup } from '../../services/restock/signups.js';
import { jsonBody } from '../validate.js';
import { formBudget, mailBudgets, perTarget, perVisitor, spendBudgets } from '../../middleware/rate-limit/form-budgets.js';

// SPEC §3 Restock sign-up (the visitor's email arrives as `email` from the form, or `siteVisitorEmail`).
const signupBody = z.object({
  productId: z.string().min(1).max(100),
  variantId: z.string().min(1).max(100),
  language: z.string().max(35).optional(),
  email: z.string().max(1000).optional(),
  siteVisitorEmail: z.string().max(1000).optional(),
  isJoinMailingList: z.union([z.boolean(), z.literal('on'), z.literal('true'), z.literal('false')]).optional(),
  recaptchaEnterpriseV3Token: z.string().max(4000).nullish(),
});

function checkEmail(raw: string | undefined, R: RestockMessages): string {
  const email = (raw ?? '').trim();
  // SPEC §5 Restock texts.
  if (!email) throw new ApiError(400, 'invalid_email', R.emailBlank, { fields: { email: R.emailBlank } });
  if (!isGeneralEmail(email)) throw new ApiError(400, 'invalid_email', R.emailInvalid, { fields: { email: R.emailInvalid } });
  return email;
}

/** The restock texts in the language the sign-up names (`language`), else the cookie's (issue 29); English otherwise. */
async function restockTexts(c: Context<AppEnv>, language: string | undefined): Promise<RestockMessages> {
  return translatedTexts(await visitorTable(c, language), RESTOCK_MESSAGES_ENTITY, RESTOCK_MESSAGES);
}

/**
 * What a sign-up's success says (SPEC §4: 'Signed up!' unless the owner set a custom text): the
 * product's own text in the sign-up's language (its translation, else the owner's words), else
 * the site's (its translation the same way), else the system text in the language.
 */
async function successMessage(c: Context<AppEnv>, language: string | undefined, productId: string, own: { successText: string | null; siteSuccessText: string | null }, R: RestockMessages): Promise<string> {
  if (own.successText) return ownRestockText(await visitorTable(c, language), productId, 'successText', own.successText);
  return own.siteSuccessText ? siteRestockSuccessText(await visitorTable(c, language), own.siteSuccessText) : R.signedUp;
}

/** The `language` of a body not read yet (a refusal before validation); undefined when it has none. */
async function bodyLanguage(c: Context<AppEnv>): Promise<string | undefined> {
  const body = (await c.req.json().catch(() => undefined)) as { language?: unknown } | undefined;
  return typeof body?.language === 'string' ? body.language.slice(0, 35) : undefined;
}

/** SPEC §7 Restock, visitor side: POST /api/site-users/account/notifications/restock. */
export const restockApi = new Hono<AppEnv>({ strict: false });

restockApi.post(
  '/',
  formBudget(async (c) => (await restockTexts(c, await bodyLanguage(c))).failed, perVisitor('restock'), perTarget((c) => `restock:${c.var.site.id}`)),
  jsonBody(signupBody),
  async (c) => {
    const body = c.req.valid('json');
    const R = await restockTexts(c, body.language);
    const email = checkEmail(body.email ?? body.siteVisitorEmail, R);
    const site = c.var.site;
    const siteKey = activeCaptchaSiteKey(c.env, site);
    if (siteKey) {
      if (!body.recaptchaEnterpriseV3Token) throw new ApiError(400, 'captcha_required', R.captchaIncomplete);
      const verdict = await captchaVerifier(c.env, siteKey)!.verify(body.recaptchaEnterpriseV3Token, CAPTCHA_ACTIONS.restock, clientIp(c));
      if (!verdict.ok) throw new ApiError(400, 'captcha_failed', R.failed);
    }
    const variant = await findRestockVariant(c.var.db, site.id, body.productId, body.variantId);
    if (!variant) throw new ApiError(404, 'variant_not_found', R.variantGone);
    const joinMailingList = body.isJoinMailingList === true || body.isJoinMailingList === 'on' || body.isJoinMailingList === 'true';
    // Joining the list mails a confirmation: the same per-recipient and per-address budgets as newsletter forms.
    if (joinMailingList) await spendBudgets(c, R.failed, ...mailBudgets(email));
    const now = Date.now();
    const language = body.language ?? getCookie(c, LANGUAGE_COOKIE);
    await recordRestockSignup(c.var.db, { websiteId: site.id, productId: body.productId, variantId: body.variantId, email, language, joinMailingList, now });
    if (joinMailingList) {
      const listId = await siteMailingList(c.var.db, site.id);
      // The list's confirmation mail in the sign-up's language, as its restock notice will be (issue 29).
      if (listId) await subscribeToList(c.var.db, { site, listId, email, origin: new URL(c.req.url).origin, language: await mailLanguage(c.var.db, site, language), now });
    }
    return c.json({ success: true, message: await successMessage(c, body.language, body.productId, variant, R) });
  },
);
