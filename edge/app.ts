import { Hono } from 'hono';
import type { AppEnv } from './env.js';
import { searchApi } from './api/search.js';
import { assets } from './files/assets.js';
import { themeFiles } from './files/theme-files.js';
import { handleError } from './middleware/error-page/index.js';
import { selectSite } from './middleware/site/index.js';
import { pageCacheFastPath } from './pages/page-cache.js';
import { pages } from './pages/routes.js';

/** The edge app: assets and health need no site; everything else is served for the Host's site. */
export function createApp(): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: false });
  app.get('/healthz', (c) => c.text('ok'));
  app.route('/assets', assets);
  // Serves cached pages before any D1 query; per-request middleware (crumb, security headers) goes above it.
  app.use('*', pageCacheFastPath);
  app.use('*', selectSite);
  app.route('/theme', themeFiles);
  app.route('/api/search', searchApi);
  app.route('/', pages);
  app.onError(handleError);
  return app;
}
