import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { rateLimit } from '../../middleware/rate-limit/index.js';
import { censusStore, utcDay, type EventRecord } from '../../services/census/index.js';
import { referrerHost } from '../../services/census/referrer.js';
import { skipReason } from '../../services/census/skip-rules.js';
import { userAgentFacts } from '../../services/census/user-agent.js';
import { dashboard } from './dashboard.js';
import { buttonForm, formBody, formRenderForm, MAX_URL, overlayForm, pathOf, recordHitForm } from './schemas.js';
import { applyVisitCookies, CENSUS_RATE_RULES, censusSettings, requestCountry, visitorIdForHit, visitorIdOf } from './visitor.js';


function skipped(c: Context<AppEnv>, pagePath: string, pageType: number | null) {
  return skipReason({ siteUser: c.var.siteUser, pagePath, pageType, censusDisabled: censusSettings(c).disabled === true });
}

function checkWebsite(c: Context<AppEnv>, websiteId: string | undefined) {
  if (websiteId !== undefined && websiteId !== c.var.site.id) {
    throw new ApiError(400, 'invalid_request', 'websiteId is not this site.', { fields: { 'data.websiteId': 'websiteId is not this site.' } });
  }
}

/** Stores one census event (not a page view) unless a skip rule applies. */
async function recordCensusEvent(c: Context<AppEnv>, kind: string, form: { visitorCookie?: string | undefined; pagePath: string | null; pageType?: number | undefined; itemId?: string | undefined }, data: object) {
  const reason = skipped(c, form.pagePath ?? '/', form.pageType ?? null);
  if (reason) return c.json({ recorded: false, reason });
  if (userAgentFacts(c.req.header('User-Agent')).bot) return c.json({ recorded: false, reason: 'bot' });
  const ts = Date.now();
  const event: EventRecord = {
    websiteId: c.var.site.id,
    ts,
    day: utcDay(ts),
    visitorId: visitorIdOf(c, form.visitorCookie),
    kind,
    pagePath: form.pagePath,
    itemId: form.itemId ?? null,
    data: JSON.stringify(data),
  };
  await censusStore(c.var.db).recordEvents([event]);
  return c.json({ recorded: true });
}

/**
 * SPEC §7 Traffic recording. Every call: at most 8 KB of form data (edge/api/index.ts), the census budget
 * per visitor (429), strict field limits (400, nothing stored), SPEC §6 skip rules
 * (answered 200 `{ recorded: false, reason }`, since the client ignores answers).
 */
export const census = new Hono<AppEnv>({ strict: false });

census.route('/dashboard', dashboard);

census.post('/RecordHit', rateLimit(...CENSUS_RATE_RULES), formBody(recordHitForm), async (c) => {
  const { data, ss_cvr } = c.req.valid('form');
  checkWebsite(c, data.websiteId);
  const path = pathOf(data)!;
  const reason = skipped(c, path, data.pageType ?? null);
  if (reason) return c.json({ recorded: false, reason });
  const ts = Date.now();
  const ua = userAgentFacts(c.req.header('User-Agent'));
  // Bots are counted apart and get no visitor cookies.
  const visit = ua.bot ? undefined : applyVisitCookies(c, ss_cvr, ts, data.hitId ? await visitorIdForHit(c.var.site.id, data.hitId) : undefined);
  const host = new URL(c.req.url).hostname;
  const stored = await censusStore(c.var.db).recordHit({
    websiteId: c.var.site.id,
    ts,
    day: utcDay(ts),
    visitorId: visit?.record.uuid ?? 'bot',
    visitNo: visit?.record.visitCount ?? 0,
    newVisit: visit?.newVisit ?? false,
    pagePath: path,
    pageType: data.pageType ?? null,
    title: data.title ?? null,
    itemId: data.itemId ?? null,
    referrerHost: referrerHost(data.referrer, [host, c.var.site.primaryHost]),
    device: ua.device,
    browser: ua.browser,
    country: requestCountry(c),
    locale: data.locale ?? null,
    viewport: data.viewportWidth !== undefined && data.viewportHeight !== undefined ? `${data.viewportWidth}x${data.viewportHeight}` : null,
    screen: data.screenWidth !== undefined && data.screenHeight !== undefined ? `${data.screenWidth}x${data.screenHeight}` : null,
    isBot: ua.bot,
    hitId: data.hitId ?? null,
  });
  // A retry of a stored hit (same hit id) answers as the first did, with `duplicate`.
  return c.json({ recorded: true, ...(visit ? { newVisit: visit.newVisit } : { bot: true }), ...(stored ? {} : { duplicate: true }) });
});

for (const kind of ['button-click', 'button-render'] as const) {
  census.post(`/${kind}`, rateLimit(...CENSUS_RATE_RULES), formBody(buttonForm), (c) => {
    const form = c.req.valid('form');
    return recordCensusEvent(c, kind, form, { buttonId: form.buttonId, buttonText: form.buttonText });
  });
}

census.post('/form-render', rateLimit(...CENSUS_RATE_RULES), formBody(formRenderForm), (c) => {
  const form = c.req.valid('form');
  return recordCensusEvent(c, 'form-render', form, { formId: form.formId });
});

census.post('/overlay', rateLimit(...CENSUS_RATE_RULES), formBody(overlayForm), (c) => {
  const form = c.req.valid('form');
  return recordCensusEvent(c, `overlay-${form.action}`, form, { overlayId: form.overlayId, ...(form.data ?? {}) });
});

const ITEM_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** SPEC §7: no body; the page is the same-origin Referer's path, when there is one. */
census.post('/RecordQuickView/:id', rateLimit(...CENSUS_RATE_RULES), (c) => {
  const id = c.req.param('id');
  if (!ITEM_ID.test(id)) throw new ApiError(400, 'invalid_request', 'The item id is not valid.', { fields: { id: 'The item id is not valid.' } });
  let pagePath: string | null = null;
  try {
    const ref = new URL(c.req.header('Referer') ?? '');
    if (ref.host === new URL(c.req.url).host) pagePath = (ref.pathname + ref.search).slice(0, MAX_URL);
  } catch {
    // No or foreign referrer: the quick view is stored without a page.
  }
  return recordCensusEvent(c, 'quick-view', { pagePath, itemId: id }, {});
});
