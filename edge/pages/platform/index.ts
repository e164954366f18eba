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
import { actionButton, crumbField, html, notice, type Markup } from '../account/html.js';
import { shardDb, shardDbs } from '../../services/shards/bindings.js';
import { activeContentHeaders } from '../../files/active-content.js';
import { defaultFaviconSvg } from '../seo/favicon.js';
import { DEV_MAIL_PATH, devMailHint, devMailPage } from './dev-mail.js';
import { field, platformPage } from './layout.js';

/**
 * The platform host's pages (docs/platform.md): server-rendered forms that work without
 * JavaScript, over the same services as /api/platform. Every post carries the crumb and
 * passes the form body guard (formPost).
 */
export const platformPages = new Hono<AppEnv>({ strict: false });

const page = (c: Context<AppEnv>, title: string, body: Markup, status = 200, width: 'narrow' | 'wide' = 'narrow') => platformPage(c, title, body, { status, width });

function signInForm(c: Context<AppEnv>, options: { error?: string; info?: string; email?: string } = {}): Markup {
  return html`<h1>Sign in to Atelier</h1>
${notice(options.info, 'info')}${notice(options.error)}
<form method="post" action="/sign-in" class="platform-form sign-in-form">
${crumbField(c)}
${field('Email', html`<input type="email" name="email" autocomplete="username" required maxlength="256" value="${options.email ?? ''}"${invalid(options.error)}>`)}
${field('Password', html`<input type="password" name="password" autocomplete="current-password" required maxlength="1024"${invalid(options.error)}>`)}
<button type="submit" class="button">Sign in</button>
</form>
<p class="platform-links"><a href="/sign-up">Create an account</a> <a href="/reset">Forgot your password?</a></p>`;
}

async function sitesPage(c: Context<AppEnv>, info?: string): Promise<Response> {
  const owner = c.var.platformOwner!;
  const all = await listOwnerSites(shardDbs(c.env), owner.id);
  const sites = all.filter((s) => s.deletedOn === null);
  const deleted = all.filter((s) => s.deletedOn !== null);
  const rows = sites.map(
    (s) => html`<li class="platform-site" data-site="${s.id}"><span class="platform-site-name"><strong>${s.title}</strong> <span>${s.host}</span></span> ${actionButton(c, `/sites/${s.id}/open`, `Open ${s.title}`)}</li>`,
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
${sites.length ? html`<ul class="platform-sites">${rows}</ul>` : html`<p class="platform-empty">You have no sites yet. Create your first one from a starter.</p>`}
<p><a class="button" href="/sites/new">Create site</a></p>
${deleted.length ? html`<h2>Deleted sites</h2><p>Visitors cannot see these sites. Restore one to bring it back as it was.</p><ul class="platform-sites platform-deleted-sites">${deletedRows}</ul>` : ''}`,
    200,
    'wide',
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
<p class="platform-lead">One account for all your sites. We will email you a link to confirm it.</p>
${notice(options.error)}
<form method="post" action="/sign-up" class="platform-form sign-up-form">
${crumbField(c)}
${field('Email', html`<input type="email" name="email" autocomplete="email" required maxlength="256" value="${options.email ?? ''}"${invalid(options.error)}>`)}
${field('Password', html`<input type="password" name="password" autocomplete="new-password" required minlength="8" maxlength="1024" aria-describedby="password-help"${invalid(options.error)}>`, { id: 'password-help', text: html`At least 8 characters.` })}
<button type="submit" class="button">Create account</button>
</form>
<p class="platform-links"><a href="/">Sign in instead</a></p>`;
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
  return page(c, 'Check your email', html`<h1>Check your email</h1>${notice(SIGN_UP_MESSAGE, 'info')}${devMailHint(c)}`, 202);
});

// The mailed link shows a button: a mail scanner fetching the link does not use it up.
platformPages.get('/verify', (c) => {
  const token = c.req.query('token') ?? '';
  return page(c, 'Confirm your email', html`<h1>Confirm your email</h1>
<p class="platform-lead">One click and your account is ready.</p>
<form method="post" action="/verify" class="platform-form">${crumbField(c)}<input type="hidden" name="token" value="${token}"><button type="submit" class="button">Confirm my email</button></form>`);
});

platformPages.post('/verify', ...formPost, async (c) => {
  const parsed = z.object({ token: linkTokenField }).safeParse(await formFields(c));
  const owner = parsed.success ? await verifyOwnerEmail(c.var.db, parsed.data.token, Date.now()) : undefined;
  if (!owner) return page(c, 'Confirm your email', html`<h1>Confirm your email</h1>${notice(INVALID_LINK_MESSAGE)}<p class="platform-links"><a href="/">Sign in</a> <a href="/sign-up">Create an account</a></p>`, 400);
  await startOwnerSession(c, owner.id);
  return c.redirect('/', 303);
});

function resetRequestForm(c: Context<AppEnv>, error?: string): Markup {
  return html`<h1>Reset your password</h1>
<p class="platform-lead">We will email you a link to choose a new password.</p>${notice(error)}
<form method="post" action="/reset" class="platform-form">${crumbField(c)}
${field('Email', html`<input type="email" name="email" autocomplete="email" required maxlength="256"${invalid(error)}>`)}
<button type="submit" class="button">Send me a link</button></form>
<p class="platform-links"><a href="/">Back to sign in</a></p>`;
}

function newPasswordForm(c: Context<AppEnv>, token: string, error?: string): Markup {
  return html`<h1>Choose a new password</h1>${notice(error)}
<form method="post" action="/reset/confirm" class="platform-form">${crumbField(c)}<input type="hidden" name="token" value="${token}">
${field('New password', html`<input type="password" name="password" autocomplete="new-password" required minlength="8" maxlength="1024" aria-describedby="password-help"${invalid(error)}>`, { id: 'password-help', text: html`At least 8 characters.` })}
<button type="submit" class="button">Save password</button></form>`;
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
  return page(c, 'Check your email', html`<h1>Check your email</h1>${notice(RESET_REQUESTED_MESSAGE, 'info')}${devMailHint(c)}`, 202);
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

/** Marks a form's inputs invalid while it shows an error. */
const invalid = (error: string | undefined) => (error ? html` aria-invalid="true"` : '');

/** One line per starter tile. */
const STARTER_TEXTS: Record<StarterId, string> = {
  store: 'A ceramics shop with products, collections, a journal and checkout.',
  portfolio: 'Home, Work and About pages to show your projects.',
  blog: 'A blog with a first post, and an About page.',
  blank: 'One empty page: build everything yourself.',
};

/** Ten new sites a minute per owner, as on the API (the same budget key). */
const createSiteBudget = rateLimit({ binding: 'RATE_FORM_VISITOR', periodSeconds: 60, key: (c) => `create-site:${c.var.platformOwner?.id ?? ''}` });

/** The pages below need a signed-in owner: anyone else gets the sign-in form (401). */
const signedIn = async (c: Context<AppEnv>, next: () => Promise<void>) => {
  if (!c.var.platformOwner) return page(c, 'Sign in', signInForm(c, { info: 'Please sign in to continue.' }), 401);
  await next();
};

function newSiteForm(c: Context<AppEnv>, options: { error?: string; title?: string; slug?: string; starter?: string } = {}): Markup {
  const starters = STARTERS.map(
    (id) => html`<label class="starter-tile"><span class="starter-preview" data-starter="${id}" aria-hidden="true"><span></span><span></span><span></span><span></span></span>
<input type="radio" name="starter" value="${id}" aria-labelledby="starter-${id}" aria-describedby="starter-${id}-desc" ${(options.starter ?? 'store') === id ? 'checked' : ''}>
<span class="starter-name" id="starter-${id}">${STARTER_NAMES[id]}</span><span class="starter-desc" id="starter-${id}-desc">${STARTER_TEXTS[id]}</span></label>`,
  );
  return html`<h1>Create a site</h1>
<p class="platform-lead">Pick a starter and give your site a title. It starts with a 14-day free trial.</p>${notice(options.error)}
<form method="post" action="/sites" class="platform-form new-site-form">${crumbField(c)}
<fieldset class="starter-picker"><legend>Starter</legend><div class="starter-tiles">${starters}</div></fieldset>
${field('Title', html`<input name="title" required maxlength="100" value="${options.title ?? ''}">`)}
${field('Site address', html`<input name="slug" maxlength="40" pattern="[a-z0-9\\-]+" autocapitalize="none" spellcheck="false" value="${options.slug ?? ''}" aria-describedby="slug-help">`, { id: 'slug-help', text: html`Lower-case letters, digits and hyphens; your site will be at <em>address</em>${siteHostFor(c.env, '')}. Leave empty to make one from the title.` })}
<button type="submit" class="button">Create site</button></form>
<p class="platform-links"><a href="/">Back to your sites</a></p>`;
}

platformPages.get('/sites/new', signedIn, (c) => page(c, 'Create a site', newSiteForm(c), 200, 'wide'));

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
    const again = (error: string | undefined, status: number) => page(c, 'Create a site', newSiteForm(c, { error, ...form }), status, 'wide');
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
    const result = await createSite(shardDbs(c.env), c.env.FILES, {
      ownerId: c.var.platformOwner!.id, title: parsed.data.title, slug, starter: parsed.data.starter as StarterId,
      primaryHost: siteHostFor(c.env, slug), now: Date.now(),
    });
    if (!result.ok) return again(result.reason === 'slug_taken' ? SLUG_TAKEN_MESSAGE : 'Sites cannot be created yet: this deployment has no starter theme.', result.reason === 'slug_taken' ? 409 : 503);
    return sitesPage(c, `${result.site.title} is ready at ${result.site.host}.`);
  },
);

/** The site switcher's link: one button that opens the site (a GET never signs anyone in). */
platformPages.get('/sites/:id/open', signedIn, async (c) => {
  const site = await findOwnerSite(shardDbs(c.env), c.var.platformOwner!.id, c.req.param('id') ?? '');
  if (!site) return page(c, 'Not found', html`<h1>No such site</h1><p><a href="/">Your sites</a></p>`, 404);
  return page(c, `Open ${site.title}`, html`<h1>${site.title}</h1><p class="platform-lead">${site.host}</p>${actionButton(c, `/sites/${site.id}/open`, `Open ${site.title}`)}<p class="platform-links"><a href="/">Back to your sites</a></p>`);
});

platformPages.post('/sites/:id/open', ...formPost, signedIn, async (c) => {
  const site = await findOwnerSite(shardDbs(c.env), c.var.platformOwner!.id, c.req.param('id') ?? '');
  if (!site) return page(c, 'Not found', html`<h1>No such site</h1><p><a href="/">Your sites</a></p>`, 404);
  const token = await issueHandoff(c.var.db, c.var.platformOwner!.id, site.id, Date.now());
  // A link, not a redirect: the page policy's form-action 'self' stops a form post from
  // being redirected to another host. The link works once, for two minutes.
  const href = `${siteOrigin(c, site.host)}/config/handoff?token=${token}`;
  return page(c, `Open ${site.title}`, html`<h1>${site.title}</h1><p class="platform-lead">Your sign-in link is ready (it works once, for two minutes).</p><p><a class="button" href="${href}" rel="noreferrer">Go to the owner area of ${site.title}</a></p><p class="platform-links"><a href="/">Back to your sites</a></p>`);
});

platformPages.post('/sites/:id/restore', ...formPost, signedIn, async (c) => {
  const outcome = await restoreOwnerSite(c.var.db, (n) => shardDb(c.env, n), c.var.platformOwner!.id, c.req.param('id') ?? '');
  if (outcome === 'not_found') return page(c, 'Not found', html`<h1>No such site</h1><p><a href="/">Your sites</a></p>`, 404);
  return sitesPage(c, outcome === 'restored' ? 'The site is restored: visitors see it again.' : 'That site is not deleted.');
});

platformPages.get(DEV_MAIL_PATH, devMailPage);

// Browsers ask for /favicon.ico whatever the page links: the catch-all answers it (and the
// icon the layout links) with Atelier's letter icon, sandboxed like every stored SVG.
platformPages.all('*', (c) => {
  if (c.req.method === 'GET' && (c.req.path === '/favicon.ico' || c.req.path === '/favicon.svg')) {
    c.header('Cache-Control', 'public, max-age=86400');
    c.header('Content-Type', 'image/svg+xml');
    for (const [name, value] of Object.entries(activeContentHeaders('image/svg+xml', 'favicon.svg'))) c.header(name, value);
    return c.body(defaultFaviconSvg(c.var.site));
  }
  return page(c, 'Not found', html`<h1>Not found</h1><p><a href="/">Atelier</a></p>`, 404);
});
