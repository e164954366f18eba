import { Hono, type MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env.js';
import { ApiError } from '../errors.js';
import { bodyGuard, FORM_TYPES, JSON_TYPES } from '../middleware/body-guard/index.js';
import { requireCrumb } from '../middleware/crumb/index.js';
import { census } from './census/index.js';
import { events } from './events/index.js';
import { performance, PERFORMANCE_TYPES } from './performance/index.js';

/**
 * Calls that cannot carry a crumb, each with its reason (a beacon cannot set headers, a
 * provider's webhook has its own signature). Everything else that changes state needs one.
 */
const CRUMB_EXEMPT: readonly RegExp[] = [
  // The RUM collector sends by navigator.sendBeacon (no headers, text/plain body): a forged
  // post can only add vitals samples, which are bounded and rate limited per visitor.
  /^\/api\/1\/performance\/records\/?$/,
];

/**
 * Routes whose bodies differ from the default, each with its reason. One guard per request,
 * before the crumb check reads a form body.
 */
const BODY_RULES: readonly [RegExp, MiddlewareHandler<AppEnv>][] = [
  // The RUM beacon sends text/plain.
  [/^\/api\/1\/performance\/records\/?$/, bodyGuard({ types: PERFORMANCE_TYPES })],
  // Census and analytics posts are small forms: 8 KB keeps abuse cheap.
  [/^\/api\/(census\/|events\/RecordEvent\/?$)/, bodyGuard({ maxBytes: 8 * 1024, types: FORM_TYPES })],
];
const defaultBodyGuard = bodyGuard({ types: [...JSON_TYPES, ...FORM_TYPES] });
const guardBody = createMiddleware<AppEnv>((c, next) => (BODY_RULES.find(([path]) => path.test(c.req.path))?.[1] ?? defaultBodyGuard)(c, next));

const noStore = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  c.header('Cache-Control', 'no-store');
});

const crumbUnlessExempt = createMiddleware<AppEnv>(async (c, next) =>
  CRUMB_EXEMPT.some((path) => path.test(c.req.path)) ? next() : requireCrumb(c, next),
);

/**
 * Every API of SPEC §7, mounted under /api (one router per family with `api.route`).
 * Shared rules: JSON answers that are never cached, the crumb on every state-changing
 * call, bodies at most 64 KB of JSON or form data unless a router narrows it.
 */
export const api = new Hono<AppEnv>({ strict: false });

api.use('*', noStore);
api.use('*', guardBody);
api.use('*', crumbUnlessExempt);

// Routers are mounted here, before the catch-all below.
api.route('/census', census);
api.route('/events', events);
api.route('/1/performance', performance);

api.all('*', (c) => {
  throw new ApiError(404, 'not_found', `No API at ${c.req.method} ${c.req.path}.`);
});
