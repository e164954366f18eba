import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { LANGUAGE_COOKIE } from '../../services/multilingual/visitor-language.js';
import { z } from 'zod';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { requestPasswordReset, resetPassword, signUp, verifyEmail } from '../../services/accounts/sign-up.js';
import { jsonBody } from '../validate.js';
import { languageTag } from './account.js';
import { emailField, linkTokenField, newEmailField, newPasswordField } from '../../../domain/accounts/account-fields.js';
import { INVALID_LINK_MESSAGE } from '../../../domain/messages/account-messages.js';
import { mailSite } from '../../middleware/site/mail-site.js';
import { startSession, throttleAccount } from '../../middleware/session/sign-in.js';
import { afterResponse } from '../../lib/after-response.js';
import { RESET_REQUESTED_MESSAGE, SIGN_UP_MESSAGE } from '../../../domain/messages/account-messages.js';


const invalidLink = () => new ApiError(400, 'invalid_link', INVALID_LINK_MESSAGE);

/** Shopper sign-up with email verification, and password reset by emailed link. */
export const signUpRoutes = new Hono<AppEnv>({ strict: false });

// The same 202 whether or not the address already has an account (no enumeration).
signUpRoutes.post(
  '/account',
  jsonBody(z.object({ email: newEmailField, password: newPasswordField, language: languageTag.optional() })),
  async (c) => {
    const { email, password, language } = c.req.valid('json');
    await throttleAccount(c, 'sign-up', email);
    await signUp(c.var.db, { ...mailSite(c), locale: c.var.site.locale }, { email, password, language }, Date.now());
    return c.json({ message: SIGN_UP_MESSAGE }, 202);
  },
);

// Using the verification link signs the new account in.
signUpRoutes.post('/account/verify', jsonBody(z.object({ token: linkTokenField })), async (c) => {
  const user = await verifyEmail(c.var.db, c.var.site.id, c.req.valid('json').token, Date.now());
  if (!user) throw invalidLink();
  return c.json({ xsrfToken: await startSession(c, user, false) });
});

signUpRoutes.post('/account/password-reset', jsonBody(z.object({ email: emailField })), async (c) => {
  const { email } = c.req.valid('json');
  await throttleAccount(c, 'reset', email);
  // Off the response path: whether the address has an account (and a mail is queued) must
  // not show in the response time (issue 33, finding 8).
  const site = { ...mailSite(c), locale: c.var.site.locale };
  // The mail's language: the account's, else the page's (the language cookie the pages set).
  const pageLanguage = getCookie(c, LANGUAGE_COOKIE);
  afterResponse(c, 'password reset', () => requestPasswordReset(c.var.db, site, email, Date.now(), pageLanguage));
  return c.json({ message: RESET_REQUESTED_MESSAGE }, 202);
});

signUpRoutes.post(
  '/account/password-reset/confirm',
  jsonBody(z.object({ token: linkTokenField, password: newPasswordField })),
  async (c) => {
    const { token, password } = c.req.valid('json');
    const user = await resetPassword(c.var.db, c.var.site.id, token, password, Date.now());
    if (!user) throw invalidLink();
    return c.json({ xsrfToken: await startSession(c, user, false) });
  },
);
