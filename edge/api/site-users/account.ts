import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { requireSignIn } from '../../middleware/roles/index.js';
import { findUserById, setLanguage } from '../../services/accounts/site-users.js';
import { jsonBody } from '../validate.js';

/** A BCP-47 language tag that Intl understands, canonicalised ('en-us' -> 'en-US'). */
export const languageTag = z
  .string()
  .trim()
  .min(2)
  .max(35)
  .transform((tag, ctx) => {
    try {
      return Intl.getCanonicalLocales(tag)[0]!;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Choose a valid language (a BCP-47 tag such as en-US).' });
      return z.NEVER;
    }
  });

/** The visitor's own account: who is signed in (the owner shell and storefront scripts ask). */
export const accountRoutes = new Hono<AppEnv>({ strict: false });

accountRoutes.get('/account', async (c) => {
  const user = c.var.siteUser;
  if (!user) return c.json({ authenticated: false });
  const row = await findUserById(c.var.db, c.var.site.id, user.id);
  if (!row) throw new ApiError(401, 'sign_in_required', 'Please sign in to continue.');
  return c.json({
    authenticated: true,
    siteUserId: user.id,
    email: user.email,
    roles: user.roles,
    language: row.language,
    emailVerified: row.emailVerifiedOn !== null,
    xsrfToken: c.var.xsrfToken,
  });
});

// SPEC §7: POST /api/site-users/account/locale { language }.
accountRoutes.post('/account/locale', requireSignIn, jsonBody(z.object({ language: languageTag })), async (c) => {
  const { language } = c.req.valid('json');
  await setLanguage(c.var.db, { id: c.var.siteUser!.id, websiteId: c.var.site.id }, language, Date.now());
  return c.json({ language });
});
