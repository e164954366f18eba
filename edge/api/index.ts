import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { siteLockJson } from '../middleware/site-lock/index.js';
import { reviewsApi } from './reviews/index.js';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env.js';
import { ApiError } from '../errors.js';
import { bodyGuard, FORM_TYPES, JSON_TYPES, type BodyGuardOptions } from '../middleware/body-guard/index.js';
import { requireCrumb } from '../middleware/crumb/index.js';
import { commerce } from './commerce/index.js';
import { subscriptionCarts } from './commerce/subscription.js';
import { census } from './census/index.js';
import { events } from './events/index.js';
import { performance, PERFORMANCE_TYPES } from './performance/index.js';
import { searchApi } from './search.js';
import { CSP_REPORT_BODY, security } from './security/index.js';
import { mail } from './mail/index.js';
import { siteUsers } from './site-users/index.js';
import { formsApi } from './forms/index.js';
import { newsletterApi } from './newsletter/index.js';
import { restockApi } from './restock/index.js';
import { restockOwnerApi } from './restock/owner.js';
import { formsOwnerApi } from './forms/owner.js';
import { googleMaps } from './google-maps/index.js';
import { pagesApi } from './pages/index.js';
import { siteLayoutApi } from './site-layout/index.js';
import { siteStylesApi } from './site-styles/index.js';
import { filesApi } from './files/index.js';
import { UPLOAD_TYPE } from './files/upload-body.js';
import { MAX_UPLOAD_BYTES } from '../../domain/files/file-rules.js';
import { ownerCustomersApi } from './owner/customers.js';
import { ownerBlockSourcesApi } from './owner/block-sources.js';
import { ownerViewsApi } from './owner/views.js';
import { contentServiceApi } from './catalog/content-service.js';
import { ownerProductsApi } from './catalog/products.js';
import { productExtrasApi } from './catalog/product-extras.js';
import { productImportExportApi } from './catalog/import-export.js';
import { ownerTagsApi } from './catalog/tags.js';
import { ownerBlogPostsApi } from './blog/posts.js';
import { checkoutSettingsApi } from './checkout-settings/index.js';
import { ownerFormsApi } from './forms/builder.js';
import { ownerMailingListsApi } from './newsletter/owner.js';
import { ownerWebhooksApi } from './webhooks/index.js';
import { ownerDomainsApi } from './domains/index.js';
import { apiTokensApi, themeApi } from './themes/index.js';
import { campaignClicksApi, ownerCampaignsApi } from './campaigns/index.js';
import { commercePreferencesApi, paymentKeysApi } from './commerce-preferences/index.js';
import { ownerMembersApi } from './members/index.js';
import { multilingualApi } from './multilingual/index.js';
import { popupApi } from './popups/index.js';
import { ownerPopupApi } from './popups/owner.js';
import { ownerPageLinksApi } from './page-links/index.js';
import { billingApi } from './billing/index.js';
import { siteLifecycleApi } from './site-lifecycle/index.js';

/**
 * Calls that cannot carry a crumb, each with its reason (a beacon cannot set headers, a
 * provider's webhook has its own signature). Everything else that changes state needs one.
 */
const CRUMB_EXEMPT: readonly RegExp[] = [
  // Browsers post CSP violation reports on their own, without cookies or custom headers;
  // the call only appends a bounded, rate-limited report row (edge/api/security).
  /^\/api\/security\/csp-report\/?$/,
  // A signed unsubscribe link is its own credential; mail clients' one-click posts (RFC 8058) carry no cookie.
  /^\/api\/newsletter\/unsubscribe$/,
  // The RUM collector sends by navigator.sendBeacon (no headers, text/plain body): a forged
  // post can only add vitals samples, which are bounded and rate limited per visitor.
  /^\/api\/1\/performance\/records\/?$/,
  // Stripe posts webhook events server to server with no cookie; the Stripe-Signature HMAC
  // over the raw body (STRIPE_WEBHOOK_SECRET) authenticates it instead (edge/api/commerce/payments.ts).
  /^\/api\/commerce\/payments\/stripe\/webhook\/?$/,
];

/** Routes whose bodies are not the default 64 KB of JSON or form data, each with its reason. */
const BODY_RULES: readonly { path: RegExp; body: BodyGuardOptions }[] = [
  // Browsers choose the content types of CSP reports (edge/api/security).
  { path: /^\/api\/security\/csp-report\/?$/, body: CSP_REPORT_BODY },
  // The RUM beacon sends text/plain (edge/api/performance).
  { path: /^\/api\/1\/performance\/records\/?$/, body: { types: PERFORMANCE_TYPES } },
  // Census and analytics posts are small forms: 8 KB keeps abuse cheap (edge/api/census, events).
  { path: /^\/api\/(census\/|events\/RecordEvent\/?$)/, body: { maxBytes: 8 * 1024, types: FORM_TYPES } },
  // Stripe events are JSON only and can outgrow 64 KB (an expanded charge or intent).
  { path: /^\/api\/commerce\/payments\/stripe\/webhook\/?$/, body: { maxBytes: 256 * 1024, types: JSON_TYPES } },
  // A page layout may be 1 MB (blocks/layout-schema.ts answers 400 past that, naming the field).
  { path: /^\/api\/pages\/[^/]+(\/languages\/[^/]+)?\/draft\/?$/, body: { maxBytes: 2 * 1024 * 1024, types: JSON_TYPES } },
  // A CSV import: a file of up to 10 MB (the route answers 413 past that), as text or inside JSON with its mapping.
  { path: /^\/api\/owner\/products\/import\/preview\/?$/, body: { maxBytes: 24 * 1024 * 1024, types: ['text/csv', 'text/plain', ...JSON_TYPES] } },
  { path: /^\/api\/owner\/products\/import\/?$/, body: { maxBytes: 24 * 1024 * 1024, types: JSON_TYPES } },
  // A product save: up to 250 variants and a rich-text description (edge/api/catalog/product-body.ts).
  { path: /^\/api\/owner\/products(\/[^/]+)?\/?$/, body: { maxBytes: 1024 * 1024, types: JSON_TYPES } },
  // A blog post save: a rich-text body (edge/api/blog/posts.ts).
  { path: /^\/api\/owner\/blog-posts(\/[^/]+)?\/?$/, body: { maxBytes: 1024 * 1024, types: JSON_TYPES } },
  // A subscriber CSV import: up to 2 MB of text inside JSON (edge/api/newsletter/owner.ts).
  { path: /^\/api\/owner\/mailing-lists\/[^/]+\/import\/?$/, body: { maxBytes: 3 * 1024 * 1024, types: JSON_TYPES } },
  // A translations file (XLIFF 2.0 or JSON) of up to 3 MB as text inside JSON (edge/api/multilingual, issue 29).
  { path: /^\/api\/multilingual\/translations\/import(?:\/preview)?\/?$/, body: { maxBytes: 4 * 1024 * 1024, types: JSON_TYPES } },
  // The site header and footer: two layouts of up to 1 MB each.
  { path: /^\/api\/site-header-footer\/?$/, body: { maxBytes: 3 * 1024 * 1024, types: JSON_TYPES } },
  // An upload is the file's bytes (edge/api/files), streamed through. The guard stops bodies past
  // 2.5 times the largest format's limit; below that the route answers SPEC's 'The file ... is too
  // large' naming the format's own limit. JSON passes the guard so the role walk's calls reach the
  // permission check; the route itself takes only application/octet-stream.
  { path: /^\/api\/files\/?$/, body: { maxBytes: 2.5 * MAX_UPLOAD_BYTES, types: [UPLOAD_TYPE, ...JSON_TYPES] } },
  // A theme version: up to 4 MB of theme files inside JSON (edge/api/themes, THEME_LIMITS).
  { path: /^\/api\/owner\/theme\/versions\/?$/, body: { maxBytes: 6 * 1024 * 1024, types: JSON_TYPES } },
  // One theme file to compile without saving (THEME_LIMITS.fileBytes, JSON-escaped).
  { path: /^\/api\/owner\/theme\/compile\/?$/, body: { maxBytes: 1536 * 1024, types: JSON_TYPES } },
  // A digital product's file (edge/api/catalog/product-extras.ts): the same upload rules as the file manager's.
  { path: /^\/api\/owner\/product-extras\/digital-files\/?$/, body: { maxBytes: 2.5 * MAX_UPLOAD_BYTES, types: [UPLOAD_TYPE, ...JSON_TYPES] } },
];
const defaultGuard = bodyGuard({ types: [...JSON_TYPES, ...FORM_TYPES] });
const ruleGuards = BODY_RULES.map((rule) => ({ path: rule.path, guard: bodyGuard(rule.body) }));

/** The body guard of the route's BODY_RULES entry, else the default one. */
const guardBody = createMiddleware<AppEnv>((c, next) =>
  (ruleGuards.find((rule) => rule.path.test(c.req.path))?.guard ?? defaultGuard)(c, next),
);

const noStore = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  c.header('Cache-Control', 'no-store');
});

/**
 * Theme routes called by a tool with `Authorization: Bearer` (edge/middleware/api-token): a
 * browser never sends that header cross-site on its own, so no crumb is needed; the route's
 * guard then accepts nothing but a valid token (the session is ignored).
 */
const BEARER_ROUTES = /^\/api\/owner\/theme(\/|$)/;
const bearerCall = (c: Context<AppEnv>) => BEARER_ROUTES.test(c.req.path) && /^Bearer /.test(c.req.header('Authorization') ?? '');

const crumbUnlessExempt = createMiddleware<AppEnv>(async (c, next) =>
  CRUMB_EXEMPT.some((path) => path.test(c.req.path)) || bearerCall(c) ? next() : requireCrumb(c, next),
);

/**
 * Every API of SPEC §7, mounted under /api (one router per family with `api.route`).
 * Shared rules: JSON answers that are never cached, the crumb on every state-changing
 * call, bodies at most 64 KB of JSON or form data unless BODY_RULES says otherwise.
 */
export const api = new Hono<AppEnv>({ strict: false });

api.use('*', noStore);
api.use('*', guardBody);
api.use('*', crumbUnlessExempt);
// The site password covers the shopper's commerce APIs too (issue 30): 401 site_locked until unlocked.
api.use('*', siteLockJson);

// Routers are mounted here, before the catch-all below.
api.route('/commerce', commerce);
api.route('/3/commerce', subscriptionCarts);
api.route('/search', searchApi);
api.route('/security', security);
// SPEC §7 Restock lives under the site-users family's path (edge/api/restock).
api.route('/site-users/account/notifications/restock', restockApi);
api.route('/site-users/account/notifications/restock', restockOwnerApi);
api.route('/site-users', siteUsers);
api.route('/mail', mail);
api.route('/reviews', reviewsApi);
api.route('/', formsApi);
api.route('/', formsOwnerApi);
api.route('/newsletter', newsletterApi);
api.route('/census', census);
api.route('/events', events);
api.route('/1/performance', performance);
api.route('/google-maps', googleMaps);
api.route('/pages', pagesApi);
api.route('/files', filesApi);
api.route('/', siteLayoutApi);
api.route('/site-styles', siteStylesApi);
api.route('/owner', ownerViewsApi);
api.route('/owner', ownerCustomersApi);
api.route('/owner/block-sources', ownerBlockSourcesApi);
api.route('/content-service/product/1.1', contentServiceApi);
api.route('/owner/products', productImportExportApi);
api.route('/owner/products', ownerProductsApi);
api.route('/owner/product-extras', productExtrasApi);
api.route('/owner/tags', ownerTagsApi);
api.route('/owner/blog-posts', ownerBlogPostsApi);
api.route('/owner/checkout-settings', checkoutSettingsApi);
api.route('/owner/forms', ownerFormsApi);
api.route('/owner/mailing-lists', ownerMailingListsApi);
api.route('/owner/webhooks', ownerWebhooksApi);
api.route('/owner/domains', ownerDomainsApi);
api.route('/owner/theme', themeApi);
api.route('/owner/api-tokens', apiTokensApi);
api.route('/owner/campaigns', ownerCampaignsApi);
api.route('/campaigns', campaignClicksApi);
api.route('/owner/popup', ownerPopupApi);
api.route('/popup', popupApi);
api.route('/owner/page-links', ownerPageLinksApi);
api.route('/v1/commerce-preferences', commercePreferencesApi);
api.route('/owner/payment-keys', paymentKeysApi);
api.route('/owner/members', ownerMembersApi);
api.route('/multilingual', multilingualApi);
api.route('/owner/billing', billingApi);
api.route('/owner/site', siteLifecycleApi);

api.all('*', (c) => {
  throw new ApiError(404, 'not_found', `No API at ${c.req.method} ${c.req.path}.`);
});
