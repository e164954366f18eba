import type { ExportedHandler } from '@cloudflare/workers-types';
import { createApp } from './app.js';
import type { Env } from './env.js';
import { runScheduled } from './scheduled.js';

const app = createApp();

/**
 * Workers entry (wrangler.toml `main`): HTTP through the Hono app, Cron Triggers through
 * `scheduled` (mail outbox, Stripe reconcile, subscription renewals, census retention,
 * cart cleanup: edge/scheduled.ts). `npm start` runs it on wrangler.toml's schedule;
 * tests call it through RunningWorker.scheduled (the bindings bridge).
 */
export default {
  fetch: app.fetch as unknown as ExportedHandler<Env>['fetch'],
  scheduled: (controller, env, ctx) => ctx.waitUntil(runScheduled(env, controller.scheduledTime, controller.cron)),
} satisfies ExportedHandler<Env>;
