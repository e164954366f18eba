/**
 * Forms without JavaScript (SPEC progressive enhancement): the theme's form posts here,
 * form-encoded. The server checks the request came from this site, spends the same rate
 * budgets as the JSON API, re-validates every field, mints the single-use key itself and
 * stores through the same path (honeypot, time-to-fill from the crumb's issue time,
 * captcha, mail, list). Success is
 * a 303 to the page's thank-you state; a refusal renders the page again with the form's
 * messages and the visitor's values (never cached: it carries their crumb).
 */
import { chosenLanguageTable } from '../../services/multilingual/visitor-language.js';
import { withTable } from '../../services/multilingual/mail-language.js';
import { canonicalChoices, translatedFormMessages } from '../../services/multilingual/texts.js';
import { STORE_TEXTS_ENTITY } from '../../../domain/languages/store-texts.js';
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { bodyGuard, FORM_TYPES } from '../../middleware/body-guard/index.js';
import { clientIp } from '../../lib/client-address.js';
import { timingSafeEqual } from '../../lib/timing-safe-equal.js';
import { crumbFor, CRUMB_AT_COOKIE, CRUMB_COOKIE, CRUMB_FAIL_MESSAGE } from '../../middleware/crumb/index.js';
import { mailBudgets, perTarget, perVisitor, spendBudgets, visitorSecret } from '../../middleware/rate-limit/form-budgets.js';
import type { RateLimitRule } from '../../middleware/rate-limit/index.js';
import { findCollection } from '../../services/collections.js';
import { findForm, type FormRecord } from '../../services/forms/definitions.js';
import { fieldsForVersion } from '../../services/forms/builder.js';
import { sha256Hex } from '../../services/forms/hash.js';
import { issuePlainKey } from '../../services/forms/keys.js';
import { storedWithKey } from '../../services/forms/submissions.js';
import type { FormMessages } from '../../../domain/messages/form-messages.js';
import { plainFormKey, rawFromPost, renderedAt, samePath, type PostedBody } from '../../services/forms/plain-post.js';
import { FormParseError, sanitizeSubmission } from '../../../domain/forms/sanitize.js';
import { firstEmail, submitForm } from '../../services/forms/submit.js';
import { findItemAt } from '../../services/items.js';
import { SUBMITTED_PARAM } from '../context/form.js';
import { type PostedFormState } from '../page-request.js';
import { collectionPage } from '../collection-page.js';
import { mayRead } from '../members/access.js';
import { blockPage } from '../block-page.js';
import { findPublishedPage } from '../../services/pages/published-page.js';
import { homePage } from '../home-page.js';
import { itemPage } from '../item-page.js';
import { plainPage } from '../fallback-pages.js';
import { pageRequest, respond } from '../respond.js';
import type { PageResult } from '../page-types.js';

type C = Context<AppEnv>;

/** A refusal to show on the form: the notice, per-field messages, the status. */
class Refusal {
  constructor(readonly status: PageResult['status'], readonly notice: string, readonly errors: Record<string, string> = {}) {}
}

/**
 * CSRF without a script: a `crumb` field (forms this route rendered) must match the
 * cookie; otherwise the browser must say the post came from this origin and carry the
 * SameSite=Lax crumb cookie, which browsers never send on another site's POST.
 */
function fromThisSite(c: C, body: PostedBody): boolean {
  const cookie = getCookie(c, CRUMB_COOKIE);
  if (!cookie) return false;
  const sent = body['crumb'];
  if (typeof sent === 'string' && sent) return timingSafeEqual(sent, cookie);
  const origin = c.req.header('Origin');
  if (origin) return origin === new URL(c.req.url).origin;
  return c.req.header('Sec-Fetch-Site') === 'same-origin';
}

/** The page the form was posted from, to show it again (a path we do not know: home). */
async function pageAt(c: C, path: string, state: PostedFormState, status: PageResult['status']): Promise<Response> {
  const req = pageRequest(c);
  req.url = new URL(path, req.url.origin);
  req.postedForm = state;
  const [first, second, ...rest] = req.url.pathname.split('/').filter(Boolean);
  let result: PageResult | undefined;
  if (first && second && rest.length === 0) {
    const found = await findItemAt(req.db, req.site.id, first, second, req.now);
    // Shown again only to a visitor who may read it (issue 30: never a member area's content to others; then the home page).
    if (found && (!found.inMemberArea || (await mayRead(c, req, { collectionId: found.collection.id })))) result = await itemPage(req, found.collection, found.item);
  } else if (first && !second) {
    const collection = await findCollection(req.db, req.site.id, first);
    if (collection) {
      if (await mayRead(c, req, { collectionId: collection.id })) result = await collectionPage(req, collection);
    } else {
      // A page built from blocks, whose form block posted.
      const page = await findPublishedPage(req.db, req.site.id, first);
      if (page && (await mayRead(c, req, { pageId: page.id }))) result = await blockPage(req, page);
    }
  }
  result ??= await homePage(req);
  c.header('Cache-Control', 'no-store');
  return respond(c, req, { ...result, status });
}

/** Spends budgets; over one, the 429 refusal the page shows (with the binding's Retry-After). */
async function spendOrRefuse(c: C, m: FormMessages, ...rules: RateLimitRule[]): Promise<Refusal | undefined> {
  try {
    await spendBudgets(c, m.status429, ...rules);
    return undefined;
  } catch (err) {
    if (err instanceof ApiError && err.status === 429) {
      for (const [name, value] of Object.entries(err.options.headers ?? {})) c.header(name, value);
      return new Refusal(429, m.status429);
    }
    throw err;
  }
}

async function store(c: C, form: FormRecord, body: PostedBody, path: string): Promise<Refusal | undefined> {
  // A form posted from a page of an added language: its translated options stored as the primary's,
  // its messages (the crumb failure's too) in that language (issue 29).
  const language = c.var.language ? await chosenLanguageTable(c.var.db, c.var.site, c.var.language.code) : undefined;
  if (!fromThisSite(c, body)) return new Refusal(401, language?.table.get('system', STORE_TEXTS_ENTITY, 'accountSessionExpired') ?? CRUMB_FAIL_MESSAGE);
  const m = translatedFormMessages(language?.table);
  const raw = language ? canonicalChoices(form.id, form.fields, rawFromPost(form.fields, body), language.table) : rawFromPost(form.fields, body);
  let sanitized;
  try {
    sanitized = sanitizeSubmission(form.fields, raw, m);
  } catch (err) {
    if (err instanceof FormParseError) return (await spendOrRefuse(c, m, perVisitor('save'), perTarget(() => `form:${form.id}`))) ?? new Refusal(400, m.cannotParse);
    throw err;
  }
  const visitorHash = await sha256Hex(`visitor:${visitorSecret(c)}`);
  const now = Date.now();
  // The clock starts when the visitor got their crumb (their first page here).
  const stamp = renderedAt(getCookie(c, CRUMB_AT_COOKIE), now);
  const key = await plainFormKey(visitorHash, form.id, stamp, sanitized.values);
  // The same post again (a reload whose first answer was lost) is the stored success, spending no budget (issue 35).
  if (Object.keys(sanitized.errors).length === 0 && (await storedWithKey(c.var.db, { keyHash: await sha256Hex(key), websiteId: c.var.site.id, visitorHash }))) return undefined;
  const overBudget = await spendOrRefuse(c, m, perVisitor('save'), perTarget(() => `form:${form.id}`));
  if (overBudget) return overBudget;
  if (Object.keys(sanitized.errors).length > 0) return new Refusal(400, m.invalidFields, sanitized.errors);
  const listEmail = form.mailingListId ? firstEmail(form, sanitized.values) : undefined;
  const overMailBudget = listEmail ? await spendOrRefuse(c, m, ...mailBudgets(listEmail)) : undefined;
  if (overMailBudget) return overMailBudget;
  try {
    await issuePlainKey(c.var.db, c.var.site.id, visitorHash, key, stamp);
    // Not stored means this very post was stored before (its key is used): a reload, not a loss.
    await submitForm(c.var.db, c.env, {
      site: c.var.site, form, raw, values: sanitized.values, key, visitorHash,
      page: { path, contentSource: 'c' },
      origin: new URL(c.req.url).origin,
      language: language && withTable(language.code, language.table),
      remoteIp: clientIp(c),
      messages: m,
    });
  } catch (err) {
    // SPEC §8: a form asking for a CAPTCHA cannot be completed without the script.
    if (err instanceof ApiError && err.status === 400) return new Refusal(400, err.message);
    console.error(`plain form ${form.id} not stored: ${String(err)}`);
    return new Refusal(500, m.status500);
  }
  return undefined;
}

/**
 * The form's success redirect as a Location, checked after URL normalisation (issue 33,
 * finding 10): an absolute http(s) address is the owner's choice; a path must stay a path
 * on this site once dot segments and backslashes are resolved ('/.//evil.example' becomes
 * '//evil.example', which a browser would take for another host). Anything else: undefined.
 */
export function successLocation(target: string, origin: string): string | undefined {
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (/^https?:\/\//i.test(target)) return url.href;
  if (!target.startsWith('/') || url.origin !== origin) return undefined;
  const local = `${url.pathname}${url.search}${url.hash}`;
  return /^\/(?![/\\])/.test(local) ? local : undefined;
}

function thankYou(c: C, form: FormRecord, path: string): Response {
  const redirect = form.successRedirect ? successLocation(form.successRedirect, new URL(c.req.url).origin) : undefined;
  if (redirect) return c.redirect(redirect, 303);
  const url = new URL(path, 'http://x');
  url.searchParams.set(SUBMITTED_PARAM, form.id);
  return c.redirect(`${url.pathname}${url.search}#form-${encodeURIComponent(form.id)}`, 303);
}

export const plainForms = new Hono<AppEnv>({ strict: false });

plainForms.post('/:formId', bodyGuard({ types: FORM_TYPES }), async (c) => {
  const current = await findForm(c.var.db, c.var.site.id, c.req.param('formId'));
  if (!current) {
    // In the page's language (a post to /fr/forms/…, issue 29).
    const m = translatedFormMessages(c.var.language ? (await chosenLanguageTable(c.var.db, c.var.site, c.var.language.code))?.table : undefined);
    return c.html(plainPage(m.notFoundTitle, m.status404, c.var.language?.code), 404);
  }
  const body = (await c.req.parseBody({ all: true })) as PostedBody;
  // The version the page showed (its hidden formVersion) judges the values, as with the island.
  const shown = typeof body['formVersion'] === 'string' && /^\d{1,9}$/.test(body['formVersion']) ? Number(body['formVersion']) : undefined;
  const form = { ...current, fields: await fieldsForVersion(c.var.db, current, shown) };
  const path = samePath(typeof body['pagePath'] === 'string' ? body['pagePath'] : undefined);
  const refusal = await store(c, form, body, path);
  if (!refusal) return thankYou(c, form, path);
  const state: PostedFormState = { formId: form.id, raw: rawFromPost(form.fields, body), errors: refusal.errors, notice: refusal.notice, crumb: crumbFor(c) };
  return pageAt(c, path, state, refusal.status);
});
