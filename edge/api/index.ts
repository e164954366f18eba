import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env.js';
import { ApiError } from '../errors.js';
import { bodyGuard, FORM_TYPES, JSON_TYPES } from '../middleware/body-guard/index.js';
import { requireCrumb } from '../middleware/crumb/index.js';
import { formsApi } from './forms/index.js';
import { newsletterApi } from './newsletter/index.js';

/**
 * Calls that cannot carry a crumb, each with its reason (a beacon cannot set headers, a
 * provider's webhook has its own signature). Everything else that changes state needs one.
 */
const CRUMB_EXEMPT: readonly RegExp[] = [
  // A signed unsubscribe link is its own credential; mail clients' one-click posts (RFC 8058) carry no cookie.
  /^\/api\/newsletter\/unsubscribe$/,
];

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
api.use('*', bodyGuard({ types: [...JSON_TYPES, ...FORM_TYPES] }));
api.use('*', crumbUnlessExempt);

// Routers are mounted here, before the catch-all below.
api.route('/', formsApi);
api.route('/newsletter', newsletterApi);

api.all('*', (c) => {
  throw new ApiError(404, 'not_found', `No API at ${c.req.method} ${c.req.path}.`);
});
