import { Hono } from 'hono';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import type { BodyGuardOptions } from '../../middleware/body-guard/index.js';
import { clientIp } from '../../lib/client-address.js';
import { rateLimit } from '../../middleware/rate-limit/index.js';
import { parseCspReports, recordCspViolations } from '../../services/csp-reports.js';

/**
 * The bodies browsers send CSP reports as: `report-uri` posts application/csp-report
 * (some browsers application/json), `report-to` posts application/reports+json batches.
 * 16 KB holds a batch of several reports, each with the page's policy in it.
 */
export const CSP_REPORT_BODY: BodyGuardOptions = {
  maxBytes: 16 * 1024,
  types: ['application/csp-report', 'application/reports+json', 'application/json'],
};

/** /api/security: the CSP violation reports of docs/security.md. */
export const security = new Hono<AppEnv>({ strict: false });

/**
 * POST /api/security/csp-report: stores the violations a browser reports for this site
 * (edge/services/csp-reports.ts). Browsers send no cookies or crumb with reports, so the
 * budget is per client address (RATE_CSP_REPORTS, 20 a minute). Answers 202 with the
 * number of violations accepted.
 */
security.post(
  '/csp-report',
  rateLimit({ binding: 'RATE_CSP_REPORTS', periodSeconds: 60, key: (c) => `csp:${clientIp(c) || 'unknown'}` }),
  async (c) => {
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      throw new ApiError(400, 'invalid_request', 'Malformed JSON in request body');
    }
    const violations = parseCspReports(body);
    await recordCspViolations(c.var.db, c.var.site.id, violations, Date.now());
    return c.json({ accepted: violations.length }, 202);
  },
);
