import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { emailField, linkTokenField, newEmailField, newPasswordField } from '../../../domain/accounts/account-fields.js';
import {
  EMAIL_UNVERIFIED_MESSAGE, INVALID_CREDENTIALS_MESSAGE, INVALID_LINK_MESSAGE, RESET_REQUESTED_MESSAGE, SIGN_UP_MESSAGE,
} from '../../../domain/messages/account-messages.js';
import { SLUG_TAKEN_MESSAGE, slugFromTitle, slugProblem } from '../../../domain/platform/site-slug.js';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { afterResponse } from '../../lib/after-response.js';
import { bodyGuard, FORM_TYPES, JSON_TYPES } from '../../middleware/body-guard/index.js';
import { requireCrumb } from '../../middleware/crumb/index.js';
import { endOwnerSession, requireOwner, siteHostFor, siteOrigin, startOwnerSession } from '../../middleware/platform/index.js';
import { rateLimit } from '../../middleware/rate-limit/index.js';
import { throttleAccount } from '../../middleware/session/sign-in.js';
import { mailSite } from '../../middleware/site/mail-site.js';
import { authenticateOwner, requestOwnerReset, resetOwnerPassword, signUpOwner, verifyOwnerEmail } from '../../services/platform/owners.js';
import { createSite, findOwnerSite, issueHandoff, listOwnerSites, restoreOwnerSite, type OwnerSite } from '../../services/platform/sites.js';
import { purgeDueOn } from '../../../domain/platform/site-deletion.js';
import { STARTERS } from '../../services/platform/starters.js';
import { jsonBody } from '../validate.js';
import { shardDb, shardDbs } from '../../services/shards/bindings.js';

const noStore = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  c.header('Cache-Control', 'no-store');
});

const invalidLink = () => new ApiError(400, 'invalid_link', INVALID_LINK_MESSAGE);

/** What a new site's form takes: a title, a starter and optionally the slug (else one made from the title). */
const newSiteBody = z.object({
  title: z.string().trim().min(1, 'Give your site a title.').max(100, 'Site titles are at most 100 characters.'),
  slug: z.string().trim().toLowerCase().max(100).optional(),
  starter: z.enum(STARTERS, { message: `Choose a starter: ${STARTERS.join(', ')}.` }),
});

/** Ten new sites a minute per owner (each is one large D1 batch and, for the store, a copy of its files). */
const createSiteBudget = rateLimit({ binding: 'RATE_FORM_VISITOR', periodSeconds: 60, key: (c) => `create-site:${c.var.platformOwner?.id ?? ''}` });

/** The slug a new site gets, or the ApiError (400 with `fields.slug`) that refuses it. */
function chooseSlug(input: { title: string; slug?: string | undefined }): string {
  const slug = input.slug || slugFromTitle(input.title);
  const problem = slugProblem(slug);
  if (problem) throw new ApiError(400, 'invalid_request', problem, { fields: { slug: problem } });
  return slug;
}

const siteJson = (c: Parameters<typeof siteOrigin>[0], site: OwnerSite) => ({
  ...site,
  purgeOn: site.deletedOn === null ? null : purgeDueOn(site.deletedOn),
  url: `${siteOrigin(c, site.host)}/`,
});

/**
 * /api/platform on the platform host (docs/api/platform.md): owner sign-up, verification,
 * sessions, password reset, the owner's sites, creating one and opening one on its host.
 * JSON only, never cached, bodies at most 64 KB, the crumb on every state-changing call.
 */
export const platformApi = new Hono<AppEnv>({ strict: false });

platformApi.use('*', noStore);
platformApi.use('*', bodyGuard({ types: [...JSON_TYPES, ...FORM_TYPES] }));
platformApi.use('*', requireCrumb);

// The same 202 whether or not the address has an account (no enumeration).
platformApi.post('/owners', jsonBody(z.object({ email: newEmailField, password: newPasswordField })), async (c) => {
  const { email, password } = c.req.valid('json');
  await throttleAccount(c, 'platform-sign-up', email);
  await signUpOwner(c.var.db, mailSite(c), { email, password }, Date.now());
  return c.json({ message: SIGN_UP_MESSAGE }, 202);
});

platformApi.post('/owners/verify', jsonBody(z.object({ token: linkTokenField })), async (c) => {
  const owner = await verifyOwnerEmail(c.var.db, c.req.valid('json').token, Date.now());
  if (!owner) throw invalidLink();
  return c.json({ xsrfToken: await startOwnerSession(c, owner.id), owner: { id: owner.id, email: owner.email } });
});

const signInBody = z.object({
  email: emailField,
  password: z.string().min(1, 'Enter your password.').max(1024, 'Passwords are at most 1024 characters.'),
});

platformApi.post('/session', jsonBody(signInBody), async (c) => {
  const { email, password } = c.req.valid('json');
  await throttleAccount(c, 'platform-sign-in', email);
  const owner = await authenticateOwner(c.var.db, email, password);
  if (!owner) throw new ApiError(401, 'invalid_credentials', INVALID_CREDENTIALS_MESSAGE);
  if (owner.emailVerifiedOn === null) throw new ApiError(403, 'email_unverified', EMAIL_UNVERIFIED_MESSAGE);
  return c.json({ xsrfToken: await startOwnerSession(c, owner.id), owner: { id: owner.id, email: owner.email } });
});

platformApi.get('/session', requireOwner, (c) => c.json({ owner: c.var.platformOwner }));

platformApi.delete('/session', async (c) => {
  await endOwnerSession(c);
  return c.json({ signedOut: true });
});

platformApi.post('/password-reset', jsonBody(z.object({ email: emailField })), async (c) => {
  const { email } = c.req.valid('json');
  await throttleAccount(c, 'platform-reset', email);
  // Off the response path, so the time taken does not tell whether the address has an account.
  const site = mailSite(c);
  afterResponse(c, 'platform password reset', () => requestOwnerReset(c.var.db, site, email, Date.now()));
  return c.json({ message: RESET_REQUESTED_MESSAGE }, 202);
});

platformApi.post('/password-reset/confirm', jsonBody(z.object({ token: linkTokenField, password: newPasswordField })), async (c) => {
  const { token, password } = c.req.valid('json');
  const owner = await resetOwnerPassword(c.var.db, token, password, Date.now());
  if (!owner) throw invalidLink();
  return c.json({ xsrfToken: await startOwnerSession(c, owner.id), owner: { id: owner.id, email: owner.email } });
});

platformApi.get('/sites', requireOwner, async (c) => {
  const sites = await listOwnerSites(shardDbs(c.env), c.var.platformOwner!.id);
  return c.json({ sites: sites.map((s) => siteJson(c, s)) });
});

platformApi.post('/sites', requireOwner, jsonBody(newSiteBody), async (c) => {
  const body = c.req.valid('json');
  const slug = chooseSlug(body);
  await createSiteBudget(c, async () => {});
  const result = await createSite(shardDbs(c.env), c.env.FILES, {
    ownerId: c.var.platformOwner!.id, title: body.title, slug, starter: body.starter, primaryHost: siteHostFor(c.env, slug), now: Date.now(),
  });
  if (!result.ok && result.reason === 'slug_taken') throw new ApiError(409, 'slug_taken', SLUG_TAKEN_MESSAGE, { fields: { slug: SLUG_TAKEN_MESSAGE } });
  if (!result.ok) throw new ApiError(503, 'no_starter_theme', 'Sites cannot be created yet: this deployment has no starter theme.');
  return c.json({ site: siteJson(c, result.site) }, 201);
});

// Opening a site: a one-time token its own host exchanges for a session there (cookies are per host).
platformApi.post('/sites/:id/handoff', requireOwner, async (c) => {
  const site = await findOwnerSite(shardDbs(c.env), c.var.platformOwner!.id, c.req.param('id'));
  if (!site) throw new ApiError(404, 'not_found', 'No such site.');
  const token = await issueHandoff(c.var.db, c.var.platformOwner!.id, site.id, Date.now());
  return c.json({ url: `${siteOrigin(c, site.host)}/config/handoff?token=${token}` });
});

// A deleted site back from the "Deleted sites" list (the site owner only; issue 34 part G).
platformApi.post('/sites/:id/restore', requireOwner, async (c) => {
  const outcome = await restoreOwnerSite(c.var.db, (n) => shardDb(c.env, n), c.var.platformOwner!.id, c.req.param('id'));
  if (outcome === 'not_found') throw new ApiError(404, 'not_found', 'No such site.');
  if (outcome === 'not_deleted') throw new ApiError(409, 'not_deleted', 'This site is not deleted.');
  const site = (await findOwnerSite(shardDbs(c.env), c.var.platformOwner!.id, c.req.param('id')))!;
  return c.json({ site: siteJson(c, site) });
});

platformApi.all('*', (c) => {
  throw new ApiError(404, 'not_found', `No API at ${c.req.method} ${c.req.path}.`);
});
