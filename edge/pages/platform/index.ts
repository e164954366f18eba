import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { emailField, linkTokenField, newEmailField, newPasswordField } from '../../../domain/accounts/account-fields.js';
import {
  EMAIL_UNVERIFIED_MESSAGE, INVALID_CREDENTIALS_MESSAGE, INVALID_LINK_MESSAGE, RESET_REQUESTED_MESSAGE, SIGN_UP_MESSAGE,
} from '../../../domain/messages/account-messages.js';
import { SLUG_TAKEN_MESSAGE, slugFromTitle, slugProblem } from '../../../domain/platform/site-slug.js';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { afterResponse } from '../../lib/after-response.js';
import { endOwnerSession, siteHostFor, siteOrigin, startOwnerSession } from '../../middleware/platform/index.js';
import { rateLimit } from '../../middleware/rate-limit/index.js';
import { throttleAccount } from '../../middleware/session/sign-in.js';
import { mailSite } from '../../middleware/site/mail-site.js';
import { authenticateOwner, requestOwnerReset, resetOwnerPassword, signUpOwner, verifyOwnerEmail } from '../../services/platform/owners.js';
import { createSite, findOwnerSite, issueHandoff, listOwnerSites, restoreOwnerSite } from '../../services/platform/sites.js';
import { purgeDueOn } from '../../../domain/platform/site-deletion.js';
import { ROLE } from '../../../domain/roles/roles.js';
import { STARTER_NAMES, STARTERS, type StarterId } from '../../services/platform/starters.js';
import { formFailure, formFields, formPost } from '../account/forms.js';
import { accountPage, actionButton, crumbField, html, notice, type Markup } from '../account/html.js';

/**
 * The platform host's pages (docs/platform.md): server-rendered forms that work without
 * JavaScript, over the same services as /api/platform. Every post carries the crumb and
 * passes the form body guard (formPost).
 */
export const platformPages = new Hono<AppEnv>({ strict: false });

const page = (c: Context<AppEnv>, title: string, body: Markup, status = 200) => accountPage(c, title, body, status, 'config');

function signInForm(c: Context<AppEnv>, options: { error?: string; info?: string; email?: string } = {}): Markup {
  return html`<h1>Sign in to Atelier</h1>
${notice(options.info, 'info')}${notice(options.error)}
<form method="post" action="/sign-in" class="sign-in-form">
${crumbField(c)}
<p><label>Email <input type="email" name="email" autocomplete="username" required maxlength="256" value="${options.email ?? ''}"></label></p>
<p><label>Password <input type="password" name="password" autocomplete="current-password" required maxlength="1024"></label></p>
<p><button type="submit" class="button">Sign in</button></p>
</form>
<p><a href="/sign-up">Create an account</a> · <a href="/reset">Forgot your password?</a></p>`;
}

async function sitesPage(c: Context<AppEnv>, info?: string): Promise<Response> {
  const owner = c.var.platformOwner!;
  const all = await listOwnerSites(c.var.db, owner.id);
  const sites = all.filter((s) => s.deletedOn === null);
  const deleted = all.filter((s) => s.deletedOn !== null);
  const rows = sites.map(
    (s) => html`<li class="platform-site" data-site="${s.id}"><strong>${s.title}</strong> <span>${s.host}</span> ${actionButton(c, `/sites/${s.id}/open`, `Open ${s.title}`)}</li>`,
  );
  const purgeDay = (deletedOn: number) => new Date(purgeDueOn(deletedOn)).toISOString().slice(0, 10);
  const deletedRows = deleted.map(
    (s) =>
      html`<li class="platform-site" data-deleted-site="${s.id}"><strong>${s.title}</strong> <span>${s.host}</span> <span>Deleted; removed for good after ${purgeDay(s.deletedOn!)}.</span> ${s.roles.includes(ROLE.admin) ? actionButton(c, `/sites/${s.id}/restore`, `Restore ${s.title}`) : ''}</li>`,
  );
  return page(
    c,
    'Your sites',
    html`<h1>Your sites</h1>
${notice(info, 'info')}
<p>Signed in as ${owner.email}. ${actionButton(c, '/sign-out', 'Sign out')}</p>
${sites.length ? html`<ul class="platform-sites">${rows}</ul>` : html`<p>You have no sites yet.</p>`}
<p><a class="button" href="/sites/new">Create site</a></p>
${deleted.length ? html`<h2>Deleted sites</h2><p>Visitors cannot see these sites. Restore one to bring it back as it was.</p><ul class="platform-sites platform-deleted-sites">${deletedRows}</ul>` : ''}`,
  );
}

platformPages.get('/', (c) => (c.var.platformOwner ? sitesPage(c) : page(c, 'Sign in', signInForm(c))));

const signInFields = z.object({ email: emailField, password: z.string().min(1, 'Enter your password.').max(1024) });

platformPages.post('/sign-in', ...formPost, async (c) => {
  const form = await formFields(c);
  const parsed = signInFields.safeParse(form);
  if (!parsed.success) return page(c, 'Sign in', signInForm(c, { error: 'Enter your email and password.', email: form.email }), 400);
  try {
    await throttleAccount(c, 'platform-sign-in', parsed.data.email);
    const owner = await authenticateOwner(c.var.db, parsed.data.email, parsed.data.password);
    if (!owner) throw new ApiError(401, 'invalid_credentials', INVALID_CREDENTIALS_MESSAGE);
    if (owner.emailVerifiedOn === null) throw new ApiError(403, 'email_unverified', EMAIL_UNVERIFIED_MESSAGE);
    await startOwnerSession(c, owner.id);
  } catch (err) {
    const { message, status } = formFailure(c, err);
    return page(c, 'Sign in', signInForm(c, { error: message, email: parsed.data.email }), status);
  }
  return c.redirect('/', 303);
});

platformPages.post('/sign-out', ...formPost, async (c) => {
  await endOwnerSession(c);
  return c.redirect('/', 303);
});

function signUpForm(c: Context<AppEnv>, options: { error?: string; email?: string } = {}): Markup {
  return html`<h1>Create your Atelier account</h1>
${notice(options.error)}
<form method="post" action="/sign-up" class="sign-up-form">
${crumbField(c)}
<p><label>Email <input type="email" name="email" autocomplete="email" required maxlength="256" value="${options.email ?? ''}"></label></p>
<p><label>Password <input type="password" name="password" autocomplete="new-password" required minlength="8" maxlength="1024"></label></p>
<p><button type="submit" class="button">Create account</button></p>
</form>
<p><a href="/">Sign in instead</a></p>`;
}

platformPages.get('/sign-up', (c) => page(c, 'Create account', signUpForm(c)));

platformPages.post('/sign-up', ...formPost, async (c) => {
  const form = await formFields(c);
  const parsed = z.object({ email: newEmailField, password: newPasswordField }).safeParse(form);
  if (!parsed.success) return page(c, 'Create account', signUpForm(c, { error: parsed.error.issues[0]?.message, email: form.email }), 400);
  try {
    await throttleAccount(c, 'platform-sign-up', parsed.data.email);
  } catch (err) {
    const { message, status } = formFailure(c, err);
    return page(c, 'Create account', signUpForm(c, { error: message, email: parsed.data.email }), status);
  }
  await signUpOwner(c.var.db, mailSite(c), parsed.data, Date.now());
  return page(c, 'Check your email', html`<h1>Check your email</h1>${notice(SIGN_UP_MESSAGE, 'info')}`, 202);
});

// The mailed link shows a button: a mail scanner fetching the link does not use it up.
platformPages.get('/verify', (c) => {
  const token = c.req.query('token') ?? '';
  return page(c, 'Confirm your email', html`<h1>Confirm your email</h1>
<form method="post" action="/verify">${crumbField(c)}<input type="hidden" name="token" value="${token}"><button type="submit" class="button">Confirm my email</button></form>`);
});

platformPages.post('/verify', ...formPost, async (c) => {
  const parsed = z.object({ token: linkTokenField }).safeParse(await formFields(c));
  const owner = parsed.success ? await verifyOwnerEmail(c.var.db, parsed.data.token, Date.now()) : undefined;
  if (!owner) return page(c, 'Confirm your email', html`<h1>Confirm your email</h1>${notice(INVALID_LINK_MESSAGE)}`, 400);
  await startOwnerSession(c, owner.id);
  return c.redirect('/', 303);
});

function resetRequestForm(c: Context<AppEnv>, error?: string): Markup {
  return html`<h1>Reset your password</h1>${notice(error)}
<form method="post" action="/reset">${crumbField(c)}
<p><label>Email <input type="email" name="email" autocomplete="email" required maxlength="256"></label></p>
<p><button type="submit" class="button">Send me a link</button></p></form>`;
}

function newPasswordForm(c: Context<AppEnv>, token: string, error?: string): Markup {
  return html`<h1>Choose a new password</h1>${notice(error)}
<form method="post" action="/reset/confirm">${crumbField(c)}<input type="hidden" name="token" value="${token}">
<p><label>New password <input type="password" name="password" autocomplete="new-password" required minlength="8" maxlength="1024"></label></p>
<p><button type="submit" class="button">Save password</button></p></form>`;
}

platformPages.get('/reset', (c) => {
  const token = c.req.query('token');
  return page(c, 'Reset your password', token ? newPasswordForm(c, token) : resetRequestForm(c));
});

platformPages.post('/reset', ...formPost, async (c) => {
  const parsed = z.object({ email: emailField }).safeParse(await formFields(c));
  if (!parsed.success) return page(c, 'Reset your password', resetRequestForm(c, parsed.error.issues[0]?.message), 400);
  try {
    await throttleAccount(c, 'platform-reset', parsed.data.email);
  } catch (err) {
    const { message, status } = formFailure(c, err);
    return page(c, 'Reset your password', resetRequestForm(c, message), status);
  }
  const site = mailSite(c);
  afterResponse(c, 'platform password reset', () => requestOwnerReset(c.var.db, site, parsed.data.email, Date.now()));
  return page(c, 'Check your email', html`<h1>Check your email</h1>${notice(RESET_REQUESTED_MESSAGE, 'info')}`, 202);
});

platformPages.post('/reset/confirm', ...formPost, async (c) => {
  const form = await formFields(c);
  const parsed = z.object({ token: linkTokenField, password: newPasswordField }).safeParse(form);
  if (!parsed.success) return page(c, 'Choose a new password', newPasswordForm(c, form.token ?? '', parsed.error.issues[0]?.message), 400);
  const owner = await resetOwnerPassword(c.var.db, parsed.data.token, parsed.data.password, Date.now());
  if (!owner) return page(c, 'Choose a new password', html`<h1>Choose a new password</h1>${notice(INVALID_LINK_MESSAGE)}`, 400);
  await startOwnerSession(c, owner.id);
  return c.redirect('/', 303);
});

/** Ten new sites a minute per owner, as on the API (the same budget key). */
const createSiteBudget = rateLimit({ binding: 'RATE_FORM_VISITOR', periodSeconds: 60, key: (c) => `create-site:${c.var.platformOwner?.id ?? ''}` });

/** The pages below need a signed-in owner: anyone else gets the sign-in form (401). */
const signedIn = async (c: Context<AppEnv>, next: () => Promise<void>) => {
  if (!c.var.platformOwner) return page(c, 'Sign in', signInForm(c, { info: 'Please sign in to continue.' }), 401);
  await next();
};

function newSiteForm(c: Context<AppEnv>, options: { error?: string; title?: string; slug?: string; starter?: string } = {}): Markup {
  const starters = STARTERS.map(
    (id) => html`<p><label><input type="radio" name="starter" value="${id}" ${(options.starter ?? 'store') === id ? 'checked' : ''}> ${STARTER_NAMES[id]}</label></p>`,
  );
  return html`<h1>Create a site</h1>${notice(options.error)}
<form method="post" action="/sites" class="new-site-form">${crumbField(c)}
<fieldset><legend>Starter</legend>${starters}</fieldset>
<p><label>Title <input name="title" required maxlength="100" value="${options.title ?? ''}"></label></p>
<p><label>Site address <input name="slug" maxlength="40" pattern="[a-z0-9-]+" value="${options.slug ?? ''}" aria-describedby="slug-help"></label></p>
<p id="slug-help">Lower-case letters, digits and hyphens; your site will be at <em>address</em>${siteHostFor(c.env, '')}. Leave empty to make one from the title.</p>
<p><button type="submit" class="button">Create site</button></p></form>
<p><a href="/">Back to your sites</a></p>`;
}

platformPages.get('/sites/new', signedIn, (c) => page(c, 'Create a site', newSiteForm(c)));

const siteForm = z.object({
  title: z.string().trim().min(1, 'Give your site a title.').max(100, 'Site titles are at most 100 characters.'),
  slug: z.string().trim().toLowerCase().max(100).optional(),
  starter: z.enum(STARTERS, { message: 'Choose a starter.' }),
});

platformPages.post(
  '/sites',
  ...formPost,
  signedIn,
  async (c) => {
    const form = await formFields(c);
    const again = (error: string | undefined, status: number) => page(c, 'Create a site', newSiteForm(c, { error, ...form }), status);
    const parsed = siteForm.safeParse({ ...form, slug: form.slug || undefined });
    if (!parsed.success) return again(parsed.error.issues[0]?.message, 400);
    const slug = parsed.data.slug || slugFromTitle(parsed.data.title);
    const problem = slugProblem(slug);
    if (problem) return again(problem, 400);
    try {
      await createSiteBudget(c, async () => {});
    } catch (err) {
      const { message, status } = formFailure(c, err);
      return again(message, status);
    }
    const result = await createSite(c.var.db, c.env.FILES, {
      ownerId: c.var.platformOwner!.id, title: parsed.data.title, slug, starter: parsed.data.starter as StarterId,
      primaryHost: siteHostFor(c.env, slug), now: Date.now(),
    });
    if (!result.ok) return again(result.reason === 'slug_taken' ? SLUG_TAKEN_MESSAGE : 'Sites cannot be created yet: this deployment has no starter theme.', result.reason === 'slug_taken' ? 409 : 503);
    return sitesPage(c, `${result.site.title} is ready at ${result.site.host}.`);
  },
);

/** The site switcher's link: one button that opens the site (a GET never signs anyone in). */
platformPages.get('/sites/:id/open', signedIn, async (c) => {
  const site = await findOwnerSite(c.var.db, c.var.platformOwner!.id, c.req.param('id') ?? '');
  if (!site) return page(c, 'Not found', html`<h1>No such site</h1><p><a href="/">Your sites</a></p>`, 404);
  return page(c, `Open ${site.title}`, html`<h1>${site.title}</h1><p>${site.host}</p>${actionButton(c, `/sites/${site.id}/open`, `Open ${site.title}`)}`);
});

platformPages.post('/sites/:id/open', ...formPost, signedIn, async (c) => {
  const site = await findOwnerSite(c.var.db, c.var.platformOwner!.id, c.req.param('id') ?? '');
  if (!site) return page(c, 'Not found', html`<h1>No such site</h1><p><a href="/">Your sites</a></p>`, 404);
  const token = await issueHandoff(c.var.db, c.var.platformOwner!.id, site.id, Date.now());
  // A link, not a redirect: the page policy's form-action 'self' stops a form post from
  // being redirected to another host. The link works once, for two minutes.
  const href = `${siteOrigin(c, site.host)}/config/handoff?token=${token}`;
  return page(c, `Open ${site.title}`, html`<h1>${site.title}</h1><p><a class="button" href="${href}" rel="noreferrer">Go to the owner area of ${site.title}</a></p><p><a href="/">Back to your sites</a></p>`);
});

platformPages.post('/sites/:id/restore', ...formPost, signedIn, async (c) => {
  const outcome = await restoreOwnerSite(c.var.db, c.var.platformOwner!.id, c.req.param('id') ?? '');
  if (outcome === 'not_found') return page(c, 'Not found', html`<h1>No such site</h1><p><a href="/">Your sites</a></p>`, 404);
  return sitesPage(c, outcome === 'restored' ? 'The site is restored: visitors see it again.' : 'That site is not deleted.');
});

platformPages.all('*', (c) => page(c, 'Not found', html`<h1>Not found</h1><p><a href="/">Atelier</a></p>`, 404));
