import { Hono } from 'hono';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { JSON_TYPES } from '../../middleware/body-guard/index.js';
import { rateLimit } from '../../middleware/rate-limit/index.js';
import { censusStore, utcDay, type EventRecord, type VitalSample } from '../../services/census/index.js';
import { skipReason } from '../../services/census/skip-rules.js';
import { userAgentFacts } from '../../services/census/user-agent.js';
import { VITAL_METRICS } from '../../services/census/vitals.js';
import { CENSUS_RATE_RULES, censusSettings, visitorIdOf } from '../census/visitor.js';
import { validationError } from '../validate.js';
import { performanceRecords } from './schemas.js';

/** sendBeacon sends a string as text/plain; fetch/XHR fallbacks send the same. */
export const PERFORMANCE_TYPES = ['text/plain', ...JSON_TYPES] as const;

/**
 * SPEC §7 POST /api/1/performance/records: the RUM collector's JSON array, sent by
 * beacon (text/plain, at most 64 KB; no crumb, no answer read: 204). Page-speed records feed the vitals
 * histograms; image, user and a11y records are stored as events.
 */
export const performance = new Hono<AppEnv>({ strict: false });

performance.post('/records', rateLimit(...CENSUS_RATE_RULES), async (c) => {
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    throw new ApiError(400, 'invalid_request', 'Malformed JSON in request body');
  }
  const parsed = performanceRecords.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  const records = parsed.data;
  const host = new URL(c.req.url).host;
  for (const [i, r] of records.entries()) {
    // SPEC §9: image metrics only for the site's own asset host.
    if (r.event === 'image') {
      const url = URL.parse(r.data.url, c.req.url);
      if (!url || url.host !== host || !url.pathname.startsWith('/assets/')) {
        throw new ApiError(400, 'invalid_request', 'Image metrics are only taken for this site’s own assets.', { fields: { [`${i}.data.url`]: 'Not an asset of this site.' } });
      }
    }
  }
  const reason = skipReason({ siteUser: c.var.siteUser, pagePath: records[0]!.data.pagePath, pageType: null, censusDisabled: censusSettings(c).disabled === true });
  if (reason || userAgentFacts(c.req.header('User-Agent')).bot) return c.body(null, 204);
  const now = Date.now();
  const websiteId = c.var.site.id;
  const day = utcDay(now);
  const visitorId = visitorIdOf(c, undefined);
  const vitals: VitalSample[] = [];
  const events: EventRecord[] = [];
  for (const r of records) {
    if (r.event === 'page_speed') {
      for (const metric of VITAL_METRICS) {
        const value = r.data.metrics[metric];
        if (value !== undefined) vitals.push({ websiteId, day, pagePath: r.data.pagePath, metric, value });
      }
      if (r.data.interactions.length || r.data.marks.length) {
        events.push({ websiteId, ts: now, day, visitorId, kind: 'rum-interactions', pagePath: r.data.pagePath, itemId: null, data: JSON.stringify({ pageLoadId: r.pageLoadId, interactions: r.data.interactions, marks: r.data.marks }) });
      }
    } else {
      events.push({ websiteId, ts: now, day, visitorId, kind: `rum-${r.event}`, pagePath: r.data.pagePath, itemId: null, data: JSON.stringify({ pageLoadId: r.pageLoadId, ...r.data }) });
    }
  }
  await censusStore(c.var.db).recordPerformance({ vitals, events });
  return c.body(null, 204);
});
