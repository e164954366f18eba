import { Hono } from 'hono';
import { api } from './api/index.js';
import type { AppEnv } from './env.js';
import { assets } from './files/assets.js';
import { clientAssets } from './files/client-assets.js';
import { fontStylesheets } from './files/font-stylesheets.js';
import { wellKnown } from './files/security-txt.js';
import { themeFiles } from './files/theme-files.js';
import { drainUnreadBody } from './middleware/connection/index.js';
import { issueCrumb } from './middleware/crumb/index.js';
import { handleError } from './pages/error-page.js';
import { loadSession } from './middleware/session/index.js';
import { securityHeaders } from './middleware/security-headers/index.js';
import { selectSite } from './middleware/site/index.js';
import { refuseWritesWhileMoving } from './pages/read-only.js';
import { planGate } from './middleware/plan/index.js';
import { expiredSiteApis, siteAvailability } from './pages/unavailable.js';
import { account } from './pages/account/index.js';
import { config } from './pages/config/index.js';
import { pageCacheFastPath } from './pages/page-cache.js';
import { newsletterPages } from './pages/newsletter/index.js';
import { pages } from './pages/routes.js';
import { siteLock } from './pages/members/access.js';
import { siteLockJson } from './middleware/site-lock/index.js';
import { isPlatformRequest } from './middleware/platform/index.js';
import { createPlatformApp } from './platform-app.js';
import { languageRoutes, rememberLanguage } from './pages/localized.js';
import { themeVersionFile } from './pages/theme-preview.js';

/**
 * The edge app: assets and health need no site; everything else is served for the Host's
 * site. Order matters: a middleware applies only to routes registered after it.
 */
export function createApp(): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: false });
  // Outermost: once the answer is decided, an unread request body is drained (or the connection closed).
  app.use('*', drainUnreadBody);
  // First, so its headers reach every response: health, assets, pages, APIs, errors, 404s.
  app.use('*', securityHeaders);
  app.get('/healthz', (c) => c.text('ok'));
  app.route('/assets', fontStylesheets);
  app.route('/assets', assets);
  app.route('/client', clientAssets);
  // The platform host (PLATFORM_HOST) is its own app: owner accounts and "create your site" (docs/platform.md).
  const platform = createPlatformApp();
  app.use('*', async (c, next) => (isPlatformRequest(c) ? platform.fetch(c.req.raw, c.env, c.executionCtx) : next()));
  // Pages and APIs give each new visitor a crumb, outside the page cache so cached HTML never holds it.
  app.use('*', issueCrumb);
  // The visitor's language choice (a cookie), outside the page cache like the crumb.
  app.use('*', rememberLanguage);
  // Serves cached pages before any D1 query.
  app.use('*', pageCacheFastPath);
  app.use('*', selectSite);
  // A site being moved between shards answers writes with 503 site_read_only (docs/platform.md "Shards").
  app.use('*', refuseWritesWhileMoving);
  // An expired site (SPEC §4) shows visitors the unavailable page; features outside the plan answer 403.
  app.use('*', siteAvailability);
  app.use('*', planGate);
  // A theme version's static files in its preview, for those who may preview it (the session is needed here).
  app.get('/theme/v/:number{[1-9][0-9]{0,8}}/*', loadSession, themeVersionFile);
  app.route('/theme', themeFiles);
  app.route('/.well-known', wellKnown);
  // The signed-in visitor (c.var.siteUser, c.var.xsrfToken) for every page and API below.
  app.use('*', loadSession);
  // An expired site's APIs (but billing): 402 naming renewal for its owners, 503 for everyone else.
  app.use('*', expiredSiteApis);
  app.route('/api', api);
  // The owner area and the shopper's account: server-rendered, never cached.
  app.route('/config', config);
  // Behind a site password the shopper's account is too: the lock screen, and 401 JSON for its posts (issue 30).
  app.use('*', (c, next) => {
    if (!/^\/account(?:\/|$)/.test(c.req.path)) return next();
    return c.req.method === 'GET' || c.req.method === 'HEAD' ? siteLock(c, next) : siteLockJson(c, next);
  });
  app.route('/account', account);
  app.route('/newsletter', newsletterPages);
  // `/fr/...`: the page routes again in an added language (issue 29).
  app.use('*', languageRoutes);
  app.route('/', pages);
  app.onError(handleError);
  return app;
}
