import { LANGUAGE_COOKIE } from '../../services/multilingual/visitor-language.js';
import { getCookie } from 'hono/cookie';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { emailField, newEmailField, newPasswordField } from '../../../domain/accounts/account-fields.js';
import { mailSite } from '../../middleware/site/mail-site.js';
import { checkCredentials, endSession, startSession, throttleAccount } from '../../middleware/session/sign-in.js';
import { afterResponse } from '../../lib/after-response.js';
import type { AppEnv } from '../../env.js';
import { peekLink } from '../../services/accounts/account-links.js';
import { requestPasswordReset, resetPassword, signUp, verifyEmail } from '../../services/accounts/sign-up.js';
import { findUserById } from '../../services/accounts/site-users.js';
import { signInForm } from '../config/sign-in.js';
import { accountPage, actionButton, crumbField, html, notice } from './html.js';
import { formFailure, formFields, formPost, invalidForm } from './forms.js';
import { accountHistory, ordersSection, subscriptionsSection } from './history.js';
import { accountMessage, accountPath, accountTexts } from './account-texts.js';

/**
 * /account: the shopper's account (SPEC §1 signed-in shoppers): sign in, sign up with
 * email verification, password reset, and the account page with orders and subscriptions.
 * Server-rendered forms that work without script; the same services as the JSON API.
 * Under an added language's prefix (`/fr/account/...`, edge/pages/localized.ts) the same
 * routes answer in that language: its store texts, links and redirects under the prefix
 * (the markup names unprefixed paths; accountPage puts the prefix in).
 */
export const account = new Hono<AppEnv>({ strict: false });

const signInPage = async (c: Context<AppEnv>, options: { error?: string; email?: string; info?: string } = {}, status = 200) => {
  const t = await accountTexts(c);
  return accountPage(
    c,
    t.accountSignIn,
    html`${signInForm(c, '/account/sign-in', { ...options, error: accountMessage(options.error, t), texts: t })}<p>${t.accountNewHere} <a href="/account/sign-up">${t.accountCreate}</a></p>`,
    status,
  );
};

account.get('/', async (c) => {
  const user = c.var.siteUser;
  if (!user) return signInPage(c);
  const [row, t] = await Promise.all([findUserById(c.var.db, c.var.site.id, user.id), accountTexts(c)]);
  const body = html`<h1>${t.accountYours}</h1>
<p>${t.accountSignedInAs} <strong data-account-email>${user.email}</strong>${row?.language ? html` · ${t.accountLanguage} ${row.language}` : ''}</p>
${ordersSection(c, user, t)}
${subscriptionsSection(c, user, t)}
${actionButton(c, '/account/sign-out', t.accountSignOut)}`;
  return accountPage(c, t.accountYours, body);
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
  return c.redirect(accountPath(c, '/account'), 303);
});

account.post('/sign-out', ...formPost, async (c) => {
  await endSession(c, false);
  return c.redirect(accountPath(c, '/account'), 303);
});

const signUpPage = async (c: Context<AppEnv>, error?: string, email?: string, status = 200) => {
  const t = await accountTexts(c);
  return accountPage(
    c,
    t.accountCreate,
    html`<h1>${t.accountCreate}</h1>${notice(accountMessage(error, t))}
<form method="post" action="/account/sign-up" class="sign-up-form">${crumbField(c)}
<p><label>${t.email} <input type="email" name="email" autocomplete="email" required maxlength="256" value="${email ?? ''}"></label></p>
<p><label>${t.accountNewPasswordLabel} <input type="password" name="password" autocomplete="new-password" required minlength="8" maxlength="1024"></label></p>
<p><button type="submit" class="button">${t.accountCreateButton}</button></p></form>
<p>${t.accountHaveOne} <a href="/account">${t.accountSignIn}</a></p>`,
    status,
  );
};

/** A page with a heading and one notice (a link that no longer works, 'check your email'). */
const noticePage = (c: Context<AppEnv>, title: string, message: string, kind: 'error' | 'info', status: number) =>
  accountPage(c, title, html`<h1>${title}</h1>${notice(message, kind)}`, status);

account.get('/sign-up', (c) => signUpPage(c));

account.post('/sign-up', ...formPost, async (c) => {
  const form = await formFields(c);
  try {
    const parsed = z.object({ email: newEmailField, password: newPasswordField }).safeParse(form);
    if (!parsed.success) throw invalidForm(parsed.error.issues);
    await throttleAccount(c, 'sign-up', parsed.data.email);
    // From a page of an added language: the account takes it, and the mails its words and links' prefix;
    // else the mails follow the language cookie of the pages the visitor came from (issue 29).
    await signUp(c.var.db, { ...mailSite(c), locale: c.var.site.locale }, { ...parsed.data, ...(c.var.language ? { language: c.var.language.code } : {}) }, Date.now(), getCookie(c, LANGUAGE_COOKIE));
  } catch (err) {
    const { message, status } = formFailure(c, err);
    return signUpPage(c, message, form.email, status);
  }
  const t = await accountTexts(c);
  return noticePage(c, t.accountCheckEmail, t.accountSignUpSent, 'info', 202);
});

// The link shows a confirm button rather than acting on GET, so mail scanners that
// prefetch links cannot use up the token.
account.get('/verify', async (c) => {
  const token = c.req.query('token') ?? '';
  const [valid, t] = await Promise.all([peekLink(c.var.db, c.var.site.id, 'verify', token, Date.now()), accountTexts(c)]);
  if (!valid) return noticePage(c, t.accountConfirmEmail, t.accountInvalidLink, 'error', 400);
  return accountPage(
    c,
    t.accountConfirmEmail,
    html`<h1>${t.accountConfirmEmail}</h1><form method="post" action="/account/verify">${crumbField(c)}<input type="hidden" name="token" value="${token}">
<p><button type="submit" class="button">${t.accountConfirmButton}</button></p></form>`,
  );
});

account.post('/verify', ...formPost, async (c) => {
  const { token = '' } = await formFields(c);
  const user = await verifyEmail(c.var.db, c.var.site.id, token, Date.now());
  if (!user) {
    const t = await accountTexts(c);
    return noticePage(c, t.accountConfirmEmail, t.accountInvalidLink, 'error', 400);
  }
  await startSession(c, user, false);
  return c.redirect(accountPath(c, '/account'), 303);
});

const resetRequestPage = async (c: Context<AppEnv>, error?: string, status = 200) => {
  const t = await accountTexts(c);
  return accountPage(
    c,
    t.accountResetTitle,
    html`<h1>${t.accountResetTitle}</h1>${notice(accountMessage(error, t))}
<form method="post" action="/account/reset">${crumbField(c)}
<p><label>${t.email} <input type="email" name="email" autocomplete="email" required maxlength="256"></label></p>
<p><button type="submit" class="button">${t.accountSendLink}</button></p></form>`,
    status,
  );
};

account.get('/reset', (c) => resetRequestPage(c));

account.post('/reset', ...formPost, async (c) => {
  try {
    const parsed = z.object({ email: emailField }).safeParse(await formFields(c));
    if (!parsed.success) throw invalidForm(parsed.error.issues);
    await throttleAccount(c, 'reset', parsed.data.email);
    // Off the response path, so the response time does not tell whether the address has an account (issue 33, finding 8).
    const [site, email] = [{ ...mailSite(c), locale: c.var.site.locale }, parsed.data.email];
    // The mail's language: the account's, else this page's (an added language's prefix), else the language of the pages the visitor came from (the cookie they set).
    const pageLanguage = c.var.language?.code ?? getCookie(c, LANGUAGE_COOKIE);
    afterResponse(c, 'password reset', () => requestPasswordReset(c.var.db, site, email, Date.now(), pageLanguage));
  } catch (err) {
    const { message, status } = formFailure(c, err);
    return resetRequestPage(c, message, status);
  }
  const t = await accountTexts(c);
  return noticePage(c, t.accountCheckEmail, t.accountResetSent, 'info', 202);
});

const newPasswordPage = async (c: Context<AppEnv>, token: string, error?: string, status = 200) => {
  const t = await accountTexts(c);
  return accountPage(
    c,
    t.accountChoosePassword,
    html`<h1>${t.accountChoosePassword}</h1>${notice(accountMessage(error, t))}
<form method="post" action="/account/reset/confirm">${crumbField(c)}<input type="hidden" name="token" value="${token}">
<p><label>${t.accountNewPassword} <input type="password" name="password" autocomplete="new-password" required minlength="8" maxlength="1024"></label></p>
<p><button type="submit" class="button">${t.accountSavePassword}</button></p></form>`,
    status,
  );
};

const resetLinkUsed = async (c: Context<AppEnv>) => {
  const t = await accountTexts(c);
  return noticePage(c, t.accountChoosePassword, t.accountInvalidLink, 'error', 400);
};

account.get('/reset/confirm', async (c) => {
  const token = c.req.query('token') ?? '';
  if (!(await peekLink(c.var.db, c.var.site.id, 'reset', token, Date.now()))) return resetLinkUsed(c);
  return newPasswordPage(c, token);
});

account.post('/reset/confirm', ...formPost, async (c) => {
  const { token = '', password = '' } = await formFields(c);
  const parsed = newPasswordField.safeParse(password);
  if (!parsed.success) return newPasswordPage(c, token, parsed.error.issues[0]!.message, 400);
  const user = await resetPassword(c.var.db, c.var.site.id, token, parsed.data, Date.now());
  if (!user) return resetLinkUsed(c);
  await startSession(c, user, false);
  return c.redirect(accountPath(c, '/account'), 303);
});
