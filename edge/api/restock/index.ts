import { getCookie } from 'hono/cookie';
import { LANGUAGE_COOKIE } from '../../services/multilingual/visitor-language.js';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { clientIp } from '../../lib/client-address.js';
import { activeCaptchaSiteKey, captchaVerifier, CAPTCHA_ACTIONS } from '../../services/captcha/index.js';
import { isGeneralEmail } from '../../../domain/forms/email.js';
import { FORM_MESSAGES, RESTOCK_MESSAGES as R } from '../../../domain/messages/form-messages.js';
import { subscribeToList } from '../../services/newsletter/subscribers.js';
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

function checkEmail(raw: string | undefined): string {
  const email = (raw ?? '').trim();
  // SPEC §5 Restock texts.
  if (!email) throw new ApiError(400, 'invalid_email', R.emailBlank, { fields: { email: R.emailBlank } });
  if (!isGeneralEmail(email)) throw new ApiError(400, 'invalid_email', R.emailInvalid, { fields: { email: R.emailInvalid } });
  return email;
}

/** SPEC §7 Restock, visitor side: POST /api/site-users/account/notifications/restock. */
export const restockApi = new Hono<AppEnv>({ strict: false });

restockApi.post(
  '/',
  formBudget(R.failed, perVisitor('restock'), perTarget((c) => `restock:${c.var.site.id}`)),
  jsonBody(signupBody),
  async (c) => {
    const body = c.req.valid('json');
    const email = checkEmail(body.email ?? body.siteVisitorEmail);
    const site = c.var.site;
    const siteKey = activeCaptchaSiteKey(c.env, site);
    if (siteKey) {
      if (!body.recaptchaEnterpriseV3Token) throw new ApiError(400, 'captcha_required', FORM_MESSAGES.captchaIncomplete);
      const verdict = await captchaVerifier(c.env, siteKey)!.verify(body.recaptchaEnterpriseV3Token, CAPTCHA_ACTIONS.restock, clientIp(c));
      if (!verdict.ok) throw new ApiError(400, 'captcha_failed', R.failed);
    }
    const variant = await findRestockVariant(c.var.db, site.id, body.productId, body.variantId);
    if (!variant) throw new ApiError(404, 'variant_not_found', 'This product is no longer available.');
    const joinMailingList = body.isJoinMailingList === true || body.isJoinMailingList === 'on' || body.isJoinMailingList === 'true';
    // Joining the list mails a confirmation: the same per-recipient and per-address budgets as newsletter forms.
    if (joinMailingList) await spendBudgets(c, R.failed, ...mailBudgets(email));
    const now = Date.now();
    await recordRestockSignup(c.var.db, { websiteId: site.id, productId: body.productId, variantId: body.variantId, email, language: body.language ?? getCookie(c, LANGUAGE_COOKIE), joinMailingList, now });
    if (joinMailingList) {
      const listId = await siteMailingList(c.var.db, site.id);
      if (listId) await subscribeToList(c.var.db, { site, listId, email, origin: new URL(c.req.url).origin, now });
    }
    return c.json({ success: true });
  },
);
