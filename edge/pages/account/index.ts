import { LANGUAGE_COOKIE } from '../../services/multilingual/visitor-language.js';
import { getCookie } from 'hono/cookie';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { emailField, newEmailField, newPasswordField } from '../../../domain/accounts/account-fields.js';
import { INVALID_LINK_MESSAGE } from '../../../domain/messages/account-messages.js';
import { mailSite } from '../../middleware/site/mail-site.js';
import { checkCredentials, endSession, startSession, throttleAccount } from '../../middleware/session/sign-in.js';
import { afterResponse } from '../../lib/after-response.js';
import { RESET_REQUESTED_MESSAGE, SIGN_UP_MESSAGE } from '../../../domain/messages/account-messages.js';
import type { AppEnv } from '../../env.js';
import { peekLink } from '../../services/accounts/account-links.js';
import { requestPasswordReset, resetPassword, signUp, verifyEmail } from '../../services/accounts/sign-up.js';
import { findUserById } from '../../services/accounts/site-users.js';
import { signInForm } from '../config/sign-in.js';
import { accountPage, actionButton, crumbField, html, notice } from './html.js';
import { formFailure, formFields, formPost, invalidForm } from './forms.js';
import { accountHistory, ordersSection, subscriptionsSection } from './history.js';

/**
 * /account: the shopper's account (SPEC §1 signed-in shoppers): sign in, sign up with
 * email verification, password reset, and the account page with orders and subscriptions.
 * Server-rendered forms that work without script; the same services as the JSON API.
 */
export const account = new Hono<AppEnv>({ strict: false });

const signInPage = (c: Context<AppEnv>, options: { error?: string; email?: string; info?: string } = {}, status = 200) =>
  accountPage(
    c,
    'Sign in',
    html`${signInForm(c, '/account/sign-in', options)}<p>New here? <a href="/account/sign-up">Create an account</a></p>`,
    status,
  );

account.get('/', async (c) => {
  const user = c.var.siteUser;
  if (!user) return signInPage(c);
  const row = await findUserById(c.var.db, c.var.site.id, user.id);
  const body = html`<h1>Your account</h1>
<p>Signed in as <strong data-account-email>${user.email}</strong>${row?.language ? html` · language ${row.language}` : ''}</p>
${ordersSection(c, user)}
${subscriptionsSection(c, user)}
${actionButton(c, '/account/sign-out', 'Sign out')}`;
  return accountPage(c, 'Your account', body);
});

// The shopper's own orders and subscriptions (docs/accounts.md).
account.route('/', accountHistory);

account.post('/sign-in', ...formPost, async (c) => {
  const form = await formFields(c);
  try {
    const parsed = z.object({ email: emailField, password: z.string().min(1).max(1024) }).safeParse(form);
    if (!parsed.success) throw invalidForm(parsed.error.issues);
    const user = await checkCredentials(c, parsed.data.email, parsed.data.password);
    await startSession(c, user, form.rememberMe === 'true');
  } catch (err) {
    const { message, status } = formFailure(c, err);
    return signInPage(c, { error: message, email: form.email }, status);
  }
  return c.redirect('/account', 303);
});

account.post('/sign-out', ...formPost, async (c) => {
  await endSession(c, false);
  return c.redirect('/account', 303);
});

const signUpPage = (c: Context<AppEnv>, error?: string, email?: string, status = 200) =>
  accountPage(
    c,
    'Create an account',
    html`<h1>Create an account</h1>${notice(error)}
<form method="post" action="/account/sign-up" class="sign-up-form">${crumbField(c)}
<p><label>Email <input type="email" name="email" autocomplete="email" required maxlength="256" value="${email ?? ''}"></label></p>
<p><label>Password (at least 8 characters) <input type="password" name="password" autocomplete="new-password" required minlength="8" maxlength="1024"></label></p>
<p><button type="submit" class="button">Create account</button></p></form>
<p>Already have an account? <a href="/account">Sign in</a></p>`,
    status,
  );

account.get('/sign-up', (c) => signUpPage(c));

account.post('/sign-up', ...formPost, async (c) => {
  const form = await formFields(c);
  try {
    const parsed = z.object({ email: newEmailField, password: newPasswordField }).safeParse(form);
    if (!parsed.success) throw invalidForm(parsed.error.issues);
    await throttleAccount(c, 'sign-up', parsed.data.email);
    // The mails in the language of the pages the visitor came from (the cookie they set, issue 29).
    await signUp(c.var.db, { ...mailSite(c), locale: c.var.site.locale }, parsed.data, Date.now(), getCookie(c, LANGUAGE_COOKIE));
  } catch (err) {
    const { message, status } = formFailure(c, err);
    return signUpPage(c, message, form.email, status);
  }
  return accountPage(c, 'Check your email', html`<h1>Check your email</h1>${notice(SIGN_UP_MESSAGE, 'info')}`, 202);
});

// The link shows a confirm button rather than acting on GET, so mail scanners that
// prefetch links cannot use up the token.
account.get('/verify', async (c) => {
  const token = c.req.query('token') ?? '';
  if (!(await peekLink(c.var.db, c.var.site.id, 'verify', token, Date.now()))) {
    return accountPage(c, 'Confirm your email', html`<h1>Confirm your email</h1>${notice(INVALID_LINK_MESSAGE)}`, 400);
  }
  return accountPage(
    c,
    'Confirm your email',
    html`<h1>Confirm your email</h1><form method="post" action="/account/verify">${crumbField(c)}<input type="hidden" name="token" value="${token}">
<p><button type="submit" class="button">Confirm my email address</button></p></form>`,
  );
});

account.post('/verify', ...formPost, async (c) => {
  const { token = '' } = await formFields(c);
  const user = await verifyEmail(c.var.db, c.var.site.id, token, Date.now());
  if (!user) return accountPage(c, 'Confirm your email', html`<h1>Confirm your email</h1>${notice(INVALID_LINK_MESSAGE)}`, 400);
  await startSession(c, user, false);
  return c.redirect('/account', 303);
});

const resetRequestPage = (c: Context<AppEnv>, error?: string, status = 200) =>
  accountPage(
    c,
    'Reset your password',
    html`<h1>Reset your password</h1>${notice(error)}
<form method="post" action="/account/reset">${crumbField(c)}
<p><label>Email <input type="email" name="email" autocomplete="email" required maxlength="256"></label></p>
<p><button type="submit" class="button">Send me a link</button></p></form>`,
    status,
  );

account.get('/reset', (c) => resetRequestPage(c));

account.post('/reset', ...formPost, async (c) => {
  try {
    const parsed = z.object({ email: emailField }).safeParse(await formFields(c));
    if (!parsed.success) throw invalidForm(parsed.error.issues);
    await throttleAccount(c, 'reset', parsed.data.email);
    // Off the response path, so the response time does not tell whether the address has an account (issue 33, finding 8).
    const [site, email] = [{ ...mailSite(c), locale: c.var.site.locale }, parsed.data.email];
    // The mail's language: the account's, else the language of the pages the visitor came from (the cookie they set).
    const pageLanguage = getCookie(c, LANGUAGE_COOKIE);
    afterResponse(c, 'password reset', () => requestPasswordReset(c.var.db, site, email, Date.now(), pageLanguage));
  } catch (err) {
    const { message, status } = formFailure(c, err);
    return resetRequestPage(c, message, status);
  }
  return accountPage(c, 'Check your email', html`<h1>Check your email</h1>${notice(RESET_REQUESTED_MESSAGE, 'info')}`, 202);
});

const newPasswordPage = (c: Context<AppEnv>, token: string, error?: string, status = 200) =>
  accountPage(
    c,
    'Choose a new password',
    html`<h1>Choose a new password</h1>${notice(error)}
<form method="post" action="/account/reset/confirm">${crumbField(c)}<input type="hidden" name="token" value="${token}">
<p><label>New password (at least 8 characters) <input type="password" name="password" autocomplete="new-password" required minlength="8" maxlength="1024"></label></p>
<p><button type="submit" class="button">Save password</button></p></form>`,
    status,
  );

account.get('/reset/confirm', async (c) => {
  const token = c.req.query('token') ?? '';
  if (!(await peekLink(c.var.db, c.var.site.id, 'reset', token, Date.now()))) {
    return accountPage(c, 'Choose a new password', html`<h1>Choose a new password</h1>${notice(INVALID_LINK_MESSAGE)}`, 400);
  }
  return newPasswordPage(c, token);
});

account.post('/reset/confirm', ...formPost, async (c) => {
  const { token = '', password = '' } = await formFields(c);
  const parsed = newPasswordField.safeParse(password);
  if (!parsed.success) return newPasswordPage(c, token, parsed.error.issues[0]!.message, 400);
  const user = await resetPassword(c.var.db, c.var.site.id, token, parsed.data, Date.now());
  if (!user) return accountPage(c, 'Choose a new password', html`<h1>Choose a new password</h1>${notice(INVALID_LINK_MESSAGE)}`, 400);
  await startSession(c, user, false);
  return c.redirect('/account', 303);
});
