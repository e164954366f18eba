import { Hono } from 'hono';
import { api } from './api/index.js';
import type { AppEnv } from './env.js';
import { assets } from './files/assets.js';
import { themeFiles } from './files/theme-files.js';
import { issueCrumb } from './middleware/crumb/index.js';
import { handleError } from './middleware/error-page/index.js';
import { selectSite } from './middleware/site/index.js';
import { newsletterPages } from './pages/newsletter/index.js';
import { pages } from './pages/routes.js';

/**
 * The edge app: assets and health need no site; everything else is served for the Host's
 * site. Order matters: a middleware applies only to routes registered after it.
 */
export function createApp(): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: false });
  app.get('/healthz', (c) => c.text('ok'));
  app.route('/assets', assets);
  app.use('*', selectSite);
  app.route('/theme', themeFiles);
  // Pages and APIs give each new visitor a crumb (after any page cache, never inside it).
  app.use('*', issueCrumb);
  app.route('/api', api);
  app.route('/newsletter', newsletterPages);
  app.route('/', pages);
  app.onError(handleError);
  return app;
}
