import { Hono } from 'hono';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { rateLimit } from '../../middleware/rate-limit/index.js';
import { firstStackFrame } from '../../services/census/error-groups.js';
import { censusStore, utcDay } from '../../services/census/index.js';
import { skipReason } from '../../services/census/skip-rules.js';
import { userAgentFacts } from '../../services/census/user-agent.js';
import { formBody } from '../census/schemas.js';
import { CENSUS_RATE_RULES, censusSettings, censusVisitorKey, visitorIdOf } from '../census/visitor.js';
import { jsonBody } from '../validate.js';
import { analyticsForm, jsErrorList } from './schemas.js';

/**
 * SPEC §7 Errors (RecordJavascriptErrors, crumb header) and the analytics client's events
 * endpoint (form-encoded with the crumb field, so a beacon can carry it).
 */
export const events = new Hono<AppEnv>({ strict: false });

events.post(
  '/RecordJavascriptErrors',
  // The default 64 KB of JSON holds 10 errors of at most 5000 + 500 characters each.
  // SPEC §9: at most 20 sends per page; the server holds each visitor to 20 a minute.
  rateLimit({ binding: 'RATE_JS_ERRORS', periodSeconds: 60, key: censusVisitorKey }, CENSUS_RATE_RULES[1]!),
  jsonBody(jsErrorList),
  async (c) => {
    const list = c.req.valid('json');
    const now = Date.now();
    await censusStore(c.var.db).recordJsErrors(
      list.map(({ data }) => ({
        websiteId: c.var.site.id,
        ts: now,
        day: utcDay(now),
        message: data.message,
        firstFrame: firstStackFrame(data.stack),
        stack: data.stack,
        pagePath: data.pagePath ?? null,
      })),
    );
    return c.json({ recorded: list.length });
  },
);

events.post('/RecordEvent', rateLimit(...CENSUS_RATE_RULES), formBody(analyticsForm), async (c) => {
  const form = c.req.valid('form');
  const data = form.data as Record<string, unknown>;
  const event = form.event;
  const settings = censusSettings(c);
  const pagePath = typeof data['pagePath'] === 'string' ? data['pagePath'] : null;
  const reason = skipReason({ siteUser: c.var.siteUser, pagePath: pagePath ?? '/', pageType: null, censusDisabled: settings.disabled === true });
  if (reason) return c.json({ recorded: false, reason });
  if (userAgentFacts(c.req.header('User-Agent')).bot) return c.json({ recorded: false, reason: 'bot' });
  let itemId: string | null = null;
  if (event === 'add_to_cart') {
    // SPEC §6: the commerce visitor-metrics flag gates add-to-cart tracking.
    if (!settings.commerceVisitorMetrics) return c.json({ recorded: false, reason: 'flag-off' });
    const d = data as { website_id: string; product: { item_id: string } };
    if (d.website_id !== c.var.site.id) throw new ApiError(400, 'invalid_request', 'website_id is not this site.', { fields: { 'data.website_id': 'website_id is not this site.' } });
    itemId = d.product.item_id;
  } else if (typeof data['itemId'] === 'string') {
    itemId = data['itemId'];
  }
  const ts = Date.now();
  await censusStore(c.var.db).recordEvents([
    { websiteId: c.var.site.id, ts, day: utcDay(ts), visitorId: visitorIdOf(c, undefined), kind: event, pagePath, itemId, data: JSON.stringify(data) },
  ]);
  return c.json({ recorded: true });
});
