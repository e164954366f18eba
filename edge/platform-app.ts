import { Hono } from 'hono';
import { billingWebhookApi } from './api/billing/webhook.js';
import { platformApi } from './api/platform/index.js';
import type { AppEnv } from './env.js';
import { issueCrumb } from './middleware/crumb/index.js';
import { selectPlatform } from './middleware/platform/index.js';
import { handleError } from './pages/error-page.js';
import { platformPages } from './pages/platform/index.js';

/**
 * The platform host's app (docs/platform.md): owner accounts, the site list and "create
 * your site". edge/app.ts hands it every request for PLATFORM_HOST after the security
 * headers and the asset routes; no storefront page, owner area or site API is served there.
 */
export function createPlatformApp(): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', issueCrumb);
  app.use('*', selectPlatform);
  app.route('/api/platform', platformApi);
  // Stripe's deliveries for the plans' billing account (signed, no crumb; edge/api/billing/webhook.ts).
  app.route('/api/billing', billingWebhookApi);
  app.all('/api/*', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ error: 'not_found', message: `No API at ${c.req.method} ${c.req.path}.` }, 404);
  });
  app.route('/', platformPages);
  app.onError(handleError);
  return app;
}
