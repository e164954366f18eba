/**
 * Every route the worker serves, one row or more each, for the header walk in
 * route-walk.test.ts. ADDING A ROUTE? Add a row here: the walk fails while any route of
 * `createApp().routes` has none. `route` is the method and pattern as Hono registers them;
 * `expect` names the header set the answer must carry (see route-walk.test.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLIENT_DIST } from '../../scripts/client-build.js';

/** The island loader's hashed file in the Vite build (vitest's globalSetup builds it first). */
const LOADER_FILE = (JSON.parse(readFileSync(join(CLIENT_DIST, 'manifest.json'), 'utf8')) as Record<string, { file: string }>)['client/runtime/loader.ts']!.file;

export type Expected =
  /** HTML with the page policy. */
  | 'page'
  /** JSON with Cache-Control: no-store (every /api answer). */
  | 'api'
  /** JSON context of a page (?format=json). */
  | 'page-json'
  /** A stored image that could run script (SVG): the sandbox policy, shown inline. */
  | 'sandboxed-image'
  /** A stored file that could run script and is no image (HTML, XML, PDF): sandbox and attachment. */
  | 'sandboxed-download'
  /** A static file that cannot run script (CSS, PNG, fonts, binary): the page policy headers. */
  | 'file'
  /** Plain text (health, security.txt, plain 404s). */
  | 'text';

export interface WalkRow {
  route: string;
  path: string;
  status: number;
  expect: Expected;
  method?: string;
  /** Request headers (Content-Type, crumb, ...). */
  headers?: Record<string, string>;
  body?: string;
  /** Content-Type the answer must have (prefix), when the row pins it. */
  type?: string;
  /** The worker state the row needs: seeded demo (default), a broken item, or no database at all. */
  state?: 'seeded' | 'broken-item' | 'no-database';
  /** Send with this Host instead of the demo site's (localhost / its primary host). */
  host?: string;
}

/** Files route-walk.test.ts uploads to R2 before walking, under /assets/walk/. */
export const WALK_UPLOADS: Record<string, { body: string; uploaderType: string }> = {
  'walk/photo.png': { body: '\x89PNG\r\n\x1a\n', uploaderType: 'image/png' },
  'walk/logo.svg': { body: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', uploaderType: 'image/svg+xml' },
  // The uploader's type is ignored: the extension decides, from the server's allow-list.
  'walk/page.html': { body: '<script>alert(1)</script>', uploaderType: 'image/png' },
  'walk/feed.xml': { body: '<x/>', uploaderType: 'text/plain' },
  'walk/guide.pdf': { body: '%PDF-1.4', uploaderType: 'application/pdf' },
  'walk/tool.js': { body: 'alert(1)', uploaderType: 'text/javascript' },
  'walk/data.unknown': { body: 'x', uploaderType: 'text/html' },
};

/** Theme files route-walk.test.ts adds to the demo theme before walking, under /theme/. */
export const WALK_THEME_FILES: Record<string, string> = {
  'assets/walk-icon.svg': '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
};

const REPORT = JSON.stringify({ 'csp-report': { 'document-uri': 'http://localhost/', 'effective-directive': 'img-src', 'blocked-uri': 'https://x.example/a.png' } });

/** Writes with no crumb: the crumb check refuses them before anything reads the body. */
const JSON_WRITE = { headers: { 'Content-Type': 'application/json' }, body: '{}' };
const FORM_WRITE = { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'email=a%40b.test' };

export const ROUTE_WALK: readonly WalkRow[] = [
  { route: 'GET /healthz', path: '/healthz', status: 200, expect: 'text' },
  { route: 'GET /assets/*', path: '/assets/walk/photo.png', status: 200, expect: 'file', type: 'image/png' },
  { route: 'GET /assets/*', path: '/assets/walk/logo.svg', status: 200, expect: 'sandboxed-image', type: 'image/svg+xml' },
  { route: 'GET /assets/*', path: '/assets/walk/page.html', status: 200, expect: 'sandboxed-download', type: 'text/html' },
  { route: 'GET /assets/*', path: '/assets/walk/feed.xml', status: 200, expect: 'sandboxed-download', type: 'application/xml' },
  { route: 'GET /assets/*', path: '/assets/walk/guide.pdf', status: 200, expect: 'sandboxed-download', type: 'application/pdf' },
  { route: 'GET /assets/*', path: '/assets/walk/tool.js', status: 200, expect: 'file', type: 'application/octet-stream' },
  { route: 'GET /assets/*', path: '/assets/walk/data.unknown', status: 200, expect: 'file', type: 'application/octet-stream' },
  { route: 'GET /assets/*', path: '/assets/walk/missing.png', status: 404, expect: 'text' },
  { route: 'GET /client/*', path: `/client/${LOADER_FILE}`, status: 200, expect: 'file', type: 'text/javascript' },
  { route: 'GET /client/*', path: '/client/manifest.json', status: 404, expect: 'text' },
  { route: 'GET /theme/*', path: '/theme/assets/site.css', status: 200, expect: 'file', type: 'text/css' },
  // The self-hosted fonts' @font-face rules (edge/files/font-stylesheets.ts), made from the allow-list.
  { route: 'GET /assets/fonts/v1/:file{[a-z0-9-]+\\.css}', path: '/assets/fonts/v1/lora.css', status: 200, expect: 'file', type: 'text/css' },
  { route: 'GET /assets/fonts/v1/:file{[a-z0-9-]+\\.css}', path: '/assets/fonts/v1/comic-sans.css', status: 404, expect: 'text' },
  { route: 'GET /theme/*', path: '/theme/assets/walk-icon.svg', status: 200, expect: 'sandboxed-image', type: 'image/svg+xml' },
  { route: 'GET /theme/*', path: '/theme/layout.html', status: 404, expect: 'text' },
  { route: 'GET /.well-known/security.txt', path: '/.well-known/security.txt', status: 200, expect: 'text', type: 'text/plain' },
  { route: 'GET /', path: '/', status: 200, expect: 'page' },
  { route: 'GET /', path: '/?format=json', status: 200, expect: 'page-json' },
  { route: 'GET /cart', path: '/cart', status: 200, expect: 'page' },
  { route: 'GET /checkout', path: '/checkout', status: 200, expect: 'page' },
  { route: 'GET /order-confirmed', path: '/order-confirmed?order=x&token=y', status: 404, expect: 'page' },
  { route: 'GET /order-status', path: '/order-status?order=x&token=y', status: 404, expect: 'page' },
  { route: 'GET /subscription-confirmed', path: '/subscription-confirmed?order=x&token=y', status: 404, expect: 'page' },
  { route: 'GET /downloads/:grant', path: '/downloads/g1?expires=1&sig=x', status: 403, expect: 'page' },
  { route: 'GET /search', path: '/search?q=mug', status: 200, expect: 'page' },
  { route: 'GET /:collection', path: '/shop', status: 200, expect: 'page' },
  { route: 'GET /:collection', path: '/journal?page=1', status: 200, expect: 'page' },
  { route: 'GET /:collection', path: '/about', status: 200, expect: 'page' },
  { route: 'GET /:collection', path: '/contact', status: 200, expect: 'page' },
  { route: 'GET /:collection/:item', path: '/shop/speckled-stoneware-mug', status: 200, expect: 'page' },
  { route: 'GET /:collection/:item', path: '/journal/opening-the-winter-kiln', status: 200, expect: 'page' },
  { route: 'GET /:collection/:item', path: '/shop/no-such-item', status: 404, expect: 'page' },
  { route: 'GET /*', path: '/a/b/c', status: 404, expect: 'page' },
  { route: 'ALL /*', path: '/shop', method: 'POST', status: 405, expect: 'text' },
  { route: 'OPTIONS /*', path: '/shop', method: 'OPTIONS', status: 204, expect: 'text' },
  { route: 'GET /robots.txt', path: '/robots.txt', status: 200, expect: 'text', type: 'text/plain' },
  { route: 'GET /sitemap.xml', path: '/sitemap.xml', status: 200, expect: 'file', type: 'application/xml' },
  { route: 'GET /:file{sitemap-[1-9][0-9]{0,5}\\.xml}', path: '/sitemap-9.xml', status: 404, expect: 'text' },
  { route: 'GET /favicon.svg', path: '/favicon.svg', status: 200, expect: 'sandboxed-image', type: 'image/svg+xml' },
  // Redirects to the site's icon (the walk follows redirects).
  { route: 'GET /favicon.ico', path: '/favicon.ico', status: 200, expect: 'sandboxed-image', type: 'image/svg+xml' },
  { route: 'GET /api/search/suggest', path: '/api/search/suggest?q=mug', status: 200, expect: 'api' },
  // Address autocomplete (edge/api/google-maps): public reads; details need the tracking context.
  { route: 'GET /api/google-maps/places/autocomplete', path: '/api/google-maps/places/autocomplete?input=90210&country=US', status: 200, expect: 'api' },
  { route: 'GET /api/google-maps/places/autocomplete', path: '/api/google-maps/places/autocomplete', status: 400, expect: 'api' },
  { route: 'GET /api/google-maps/places/details', path: '/api/google-maps/places/details?placeId=local:US:z90210&productPage=checkout&productSection=shipping-address', status: 200, expect: 'api' },
  { route: 'GET /api/google-maps/places/details', path: '/api/google-maps/places/details?placeId=local:US:z90210', status: 400, expect: 'api' },
  { route: 'ALL /api/*', path: '/api/nothing-here', status: 404, expect: 'api' },
  { route: 'ALL /api/*', path: '/api/nothing-here', method: 'POST', status: 401, expect: 'api' },
  {
    route: 'POST /api/security/csp-report',
    path: '/api/security/csp-report',
    method: 'POST',
    headers: { 'Content-Type': 'application/csp-report' },
    body: REPORT,
    status: 202,
    expect: 'api',
  },
  // Reviews (edge/api/reviews): reads answer; writes need the crumb; moderation needs a role.
  { route: 'GET /api/reviews', path: '/api/reviews?itemId=none', status: 200, expect: 'api' },
  { route: 'POST /api/reviews', path: '/api/reviews', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'GET /api/reviews/moderation', path: '/api/reviews/moderation', status: 401, expect: 'api' },
  { route: 'PUT /api/reviews/:id/status', path: '/api/reviews/r1/status', method: 'PUT', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/reviews/moderation/status', path: '/api/reviews/moderation/status', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'GET /reviews/request', path: '/reviews/request?token=junk', status: 404, expect: 'page' },
  // Cart (edge/api/commerce): reads answer; crumb-less writes are refused first.
  { route: 'GET /api/commerce/shopping-cart', path: '/api/commerce/shopping-cart', status: 200, expect: 'api' },
  { route: 'GET /api/commerce/inventory/stock', path: '/api/commerce/inventory/stock/?itemId=none', status: 404, expect: 'api' },
  { route: 'POST /api/commerce/shopping-cart/*', path: '/api/commerce/shopping-cart/x', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'PATCH /api/commerce/shopping-cart/*', path: '/api/commerce/shopping-cart/x', method: 'PATCH', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/commerce/shopping-cart/entries', path: '/api/commerce/shopping-cart/entries', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'PUT /api/commerce/shopping-cart/*', path: '/api/commerce/shopping-cart/entries/e1', method: 'PUT', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'PUT /api/commerce/shopping-cart/entries/:entryId', path: '/api/commerce/shopping-cart/entries/e1', method: 'PUT', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'PUT /api/commerce/shopping-cart/entries/:entryId/additionalFields', path: '/api/commerce/shopping-cart/entries/e1/additionalFields', method: 'PUT', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'DELETE /api/commerce/shopping-cart/*', path: '/api/commerce/shopping-cart/entries/e1', method: 'DELETE', status: 401, expect: 'api' },
  { route: 'POST /api/commerce/orders', path: '/api/commerce/orders', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  // The owner's commerce JSON (edge/api/commerce/owner-commerce.ts): sign-in first.
  { route: 'GET /api/commerce/owner/orders', path: '/api/commerce/owner/orders', status: 401, expect: 'api' },
  { route: 'GET /api/commerce/owner/orders/:number', path: '/api/commerce/owner/orders/1001', status: 401, expect: 'api' },
  { route: 'GET /api/commerce/owner/orders.csv', path: '/api/commerce/owner/orders.csv', status: 401, expect: 'api' },
  { route: 'GET /api/owner/views', path: '/api/owner/views?screen=orders', status: 401, expect: 'api' },
  { route: 'POST /api/owner/views', path: '/api/owner/views?screen=orders', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'PUT /api/owner/views/:id', path: '/api/owner/views/v1', method: 'PUT', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'DELETE /api/owner/views/:id', path: '/api/owner/views/v1', method: 'DELETE', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/commerce/owner/orders/:number/fulfilments', path: '/api/commerce/owner/orders/1001/fulfilments', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/commerce/owner/orders/:number/pickup', path: '/api/commerce/owner/orders/1001/pickup', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/commerce/owner/orders/:number/refunds', path: '/api/commerce/owner/orders/1001/refunds', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/commerce/owner/orders/:number/cancel', path: '/api/commerce/owner/orders/1001/cancel', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/commerce/owner/orders/:number/notes', path: '/api/commerce/owner/orders/1001/notes', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'GET /api/commerce/owner/gift-cards', path: '/api/commerce/owner/gift-cards', status: 401, expect: 'api' },
  { route: 'POST /api/commerce/owner/gift-cards/:id/disable', path: '/api/commerce/owner/gift-cards/g1/disable', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/commerce/owner/gift-cards', path: '/api/commerce/owner/gift-cards', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/commerce/owner/gift-cards/balance', path: '/api/commerce/owner/gift-cards/balance', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'GET /api/commerce/owner/subscriptions', path: '/api/commerce/owner/subscriptions', status: 401, expect: 'api' },
  { route: 'POST /api/commerce/owner/subscriptions/:id/cancel', path: '/api/commerce/owner/subscriptions/s1/cancel', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/commerce/owner/subscriptions/:id/pause', path: '/api/commerce/owner/subscriptions/s1/pause', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/commerce/owner/subscriptions/:id/resume', path: '/api/commerce/owner/subscriptions/s1/resume', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'PUT /api/commerce/owner/subscriptions/:id/next-billing', path: '/api/commerce/owner/subscriptions/s1/next-billing', method: 'PUT', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/commerce/owner/gift-cards/:id/adjust', path: '/api/commerce/owner/gift-cards/g1/adjust', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'GET /api/commerce/owner/gift-cards/:id/adjustments', path: '/api/commerce/owner/gift-cards/g1/adjustments', status: 401, expect: 'api' },
  { route: 'GET /api/v1/commerce-preferences/:namespace', path: '/api/v1/commerce-preferences/store', status: 401, expect: 'api' },
  { route: 'PUT /api/v1/commerce-preferences/:namespace', path: '/api/v1/commerce-preferences/store', method: 'PUT', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'PUT /api/owner/payment-keys/stripe', path: '/api/owner/payment-keys/stripe', method: 'PUT', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'DELETE /api/owner/payment-keys/stripe', path: '/api/owner/payment-keys/stripe', method: 'DELETE', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/owner/payment-keys/stripe/test', path: '/api/owner/payment-keys/stripe/test', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/commerce/payments/stripe/intent', path: '/api/commerce/payments/stripe/intent', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  // Crumb-exempt (Stripe signs it); the walk's worker has no Stripe secrets, so it is not set up.
  { route: 'POST /api/commerce/payments/stripe/webhook', path: '/api/commerce/payments/stripe/webhook', method: 'POST', ...JSON_WRITE, status: 404, expect: 'api' },
  { route: 'PUT /api/commerce/shopping-cart/shipping-location', path: '/api/commerce/shopping-cart/shipping-location', method: 'PUT', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'PUT /api/commerce/shopping-cart/shipping-option', path: '/api/commerce/shopping-cart/shipping-option', method: 'PUT', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/commerce/shopping-cart/coupons', path: '/api/commerce/shopping-cart/coupons', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'DELETE /api/commerce/shopping-cart/coupons/:code', path: '/api/commerce/shopping-cart/coupons/X', method: 'DELETE', status: 401, expect: 'api' },
  { route: 'POST /api/commerce/shopping-cart/gift-card', path: '/api/commerce/shopping-cart/gift-card', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'DELETE /api/commerce/shopping-cart/entries/:entryId', path: '/api/commerce/shopping-cart/entries/e1', method: 'DELETE', status: 401, expect: 'api' },
  { route: 'POST /api/3/commerce/cart/subscription', path: '/api/3/commerce/cart/subscription', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  // Accounts (edge/api/site-users): a crumb-less write is refused before anything else.
  { route: 'GET /api/site-users/account', path: '/api/site-users/account', status: 200, expect: 'api' },
  { route: 'POST /api/site-users/account/session', path: '/api/site-users/account/session', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'DELETE /api/site-users/account/session', path: '/api/site-users/account/session', method: 'DELETE', status: 401, expect: 'api' },
  { route: 'POST /api/site-users/account/locale', path: '/api/site-users/account/locale', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/site-users/account', path: '/api/site-users/account', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/site-users/account/verify', path: '/api/site-users/account/verify', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/site-users/account/password-reset', path: '/api/site-users/account/password-reset', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/site-users/account/password-reset/confirm', path: '/api/site-users/account/password-reset/confirm', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'GET /api/site-users/contributors', path: '/api/site-users/contributors', status: 401, expect: 'api' },
  { route: 'POST /api/site-users/contributors/invitations', path: '/api/site-users/contributors/invitations', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/site-users/contributors/invitations/accept', path: '/api/site-users/contributors/invitations/accept', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'DELETE /api/site-users/contributors/:siteUserId', path: '/api/site-users/contributors/abc', method: 'DELETE', status: 401, expect: 'api' },
  { route: 'PUT /api/site-users/contributors/:siteUserId/roles', path: '/api/site-users/contributors/abc/roles', method: 'PUT', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'GET /api/mail/outbox', path: '/api/mail/outbox', status: 401, expect: 'api' },
  { route: 'GET /api/owner/customers', path: '/api/owner/customers', status: 401, expect: 'api' },
  { route: 'GET /api/owner/customers.csv', path: '/api/owner/customers.csv', status: 401, expect: 'api' },
  { route: 'GET /api/owner/customers/detail', path: '/api/owner/customers/detail?email=a%40b.test', status: 401, expect: 'api' },
  { route: 'GET /api/owner/block-sources/products', path: '/api/owner/block-sources/products?q=mug', status: 401, expect: 'api' },
  { route: 'GET /api/owner/block-sources/forms', path: '/api/owner/block-sources/forms', status: 401, expect: 'api' },
  // The catalogue (edge/api/catalog): store creation, products, stock.
  { route: 'POST /api/content-service/product/1.1/websites/:websiteId/products', path: '/api/content-service/product/1.1/websites/w1/products', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/content-service/product/1.1/websites/:websiteId/products/:collectionId/categories', path: '/api/content-service/product/1.1/websites/w1/products/c1/categories', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'GET /api/content-service/product/1.1/websites/:websiteId/products', path: '/api/content-service/product/1.1/websites/w1/products', status: 401, expect: 'api' },
  { route: 'GET /api/content-service/product/1.1/websites/:websiteId/products/:collectionId/categories', path: '/api/content-service/product/1.1/websites/w1/products/c1/categories', status: 401, expect: 'api' },
  { route: 'GET /api/owner/products', path: '/api/owner/products', status: 401, expect: 'api' },
  { route: 'POST /api/owner/products', path: '/api/owner/products', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'GET /api/owner/products/facets', path: '/api/owner/products/facets', status: 401, expect: 'api' },
  { route: 'GET /api/owner/products/:productId', path: '/api/owner/products/p1', status: 401, expect: 'api' },
  { route: 'PUT /api/owner/products/:productId', path: '/api/owner/products/p1', method: 'PUT', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/owner/products/:productId/variants/:variantId/stock', path: '/api/owner/products/p1/variants/v1/stock', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'PUT /api/owner/products/:productId/variants/:variantId/stock', path: '/api/owner/products/p1/variants/v1/stock', method: 'PUT', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/owner/products/import/preview', path: '/api/owner/products/import/preview', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/owner/products/import', path: '/api/owner/products/import', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'GET /api/owner/products/export.csv', path: '/api/owner/products/export.csv?layout=shopify', status: 401, expect: 'api' },
  { route: 'GET /api/owner/products/:productId/variants/:variantId/stock-history', path: '/api/owner/products/p1/variants/v1/stock-history', status: 401, expect: 'api' },
  { route: 'GET /api/owner/product-extras/forms', path: '/api/owner/product-extras/forms', status: 401, expect: 'api' },
  { route: 'POST /api/owner/product-extras/digital-files', path: '/api/owner/product-extras/digital-files', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/owner/products/bulk', path: '/api/owner/products/bulk', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'DELETE /api/owner/products/:productId', path: '/api/owner/products/p1', method: 'DELETE', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'GET /api/content-service/product/1.1/websites/:websiteId/products/slug-preview', path: '/api/content-service/product/1.1/websites/w1/products/slug-preview', status: 401, expect: 'api' },
  // The tag manager (edge/api/catalog/tags.ts).
  { route: 'GET /api/owner/tags', path: '/api/owner/tags', status: 401, expect: 'api' },
  { route: 'GET /api/owner/tags/:collectionId', path: '/api/owner/tags/c1', status: 401, expect: 'api' },
  { route: 'POST /api/owner/tags/:collectionId', path: '/api/owner/tags/c1', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/owner/tags/:collectionId/rename', path: '/api/owner/tags/c1/rename', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/owner/tags/:collectionId/merge', path: '/api/owner/tags/c1/merge', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/owner/tags/:collectionId/remove', path: '/api/owner/tags/c1/remove', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'PUT /api/owner/tags/:collectionId/categories/:categoryId/position', path: '/api/owner/tags/c1/categories/k1/position', method: 'PUT', ...JSON_WRITE, status: 401, expect: 'api' },
  // Blog posts (edge/api/blog/posts.ts).
  { route: 'GET /api/owner/blog-posts', path: '/api/owner/blog-posts', status: 401, expect: 'api' },
  { route: 'POST /api/owner/blog-posts', path: '/api/owner/blog-posts', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'GET /api/owner/blog-posts/authors', path: '/api/owner/blog-posts/authors', status: 401, expect: 'api' },
  { route: 'GET /api/owner/blog-posts/:postId', path: '/api/owner/blog-posts/b1', status: 401, expect: 'api' },
  { route: 'PUT /api/owner/blog-posts/:postId', path: '/api/owner/blog-posts/b1', method: 'PUT', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'DELETE /api/owner/blog-posts/:postId', path: '/api/owner/blog-posts/b1', method: 'DELETE', ...JSON_WRITE, status: 401, expect: 'api' },
  // Checkout settings (edge/api/checkout-settings).
  { route: 'GET /api/owner/checkout-settings/shipping-zones', path: '/api/owner/checkout-settings/shipping-zones', status: 401, expect: 'api' },
  { route: 'POST /api/owner/checkout-settings/shipping-zones', path: '/api/owner/checkout-settings/shipping-zones', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'PUT /api/owner/checkout-settings/shipping-zones/order', path: '/api/owner/checkout-settings/shipping-zones/order', method: 'PUT', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'GET /api/owner/checkout-settings/shipping-zones/:id', path: '/api/owner/checkout-settings/shipping-zones/z1', status: 401, expect: 'api' },
  { route: 'PUT /api/owner/checkout-settings/shipping-zones/:id', path: '/api/owner/checkout-settings/shipping-zones/z1', method: 'PUT', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'DELETE /api/owner/checkout-settings/shipping-zones/:id', path: '/api/owner/checkout-settings/shipping-zones/z1', method: 'DELETE', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'GET /api/owner/checkout-settings/tax-rules', path: '/api/owner/checkout-settings/tax-rules', status: 401, expect: 'api' },
  { route: 'POST /api/owner/checkout-settings/tax-rules', path: '/api/owner/checkout-settings/tax-rules', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'GET /api/owner/checkout-settings/tax-rules/:id', path: '/api/owner/checkout-settings/tax-rules/t1', status: 401, expect: 'api' },
  { route: 'PUT /api/owner/checkout-settings/tax-rules/:id', path: '/api/owner/checkout-settings/tax-rules/t1', method: 'PUT', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'DELETE /api/owner/checkout-settings/tax-rules/:id', path: '/api/owner/checkout-settings/tax-rules/t1', method: 'DELETE', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'GET /api/owner/checkout-settings/coupons', path: '/api/owner/checkout-settings/coupons', status: 401, expect: 'api' },
  { route: 'POST /api/owner/checkout-settings/coupons', path: '/api/owner/checkout-settings/coupons', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'GET /api/owner/checkout-settings/coupons/:id', path: '/api/owner/checkout-settings/coupons/k1', status: 401, expect: 'api' },
  { route: 'PUT /api/owner/checkout-settings/coupons/:id', path: '/api/owner/checkout-settings/coupons/k1', method: 'PUT', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'DELETE /api/owner/checkout-settings/coupons/:id', path: '/api/owner/checkout-settings/coupons/k1', method: 'DELETE', ...JSON_WRITE, status: 401, expect: 'api' },
  // Outgoing webhooks (edge/api/webhooks).
  { route: 'GET /api/owner/webhooks', path: '/api/owner/webhooks', status: 401, expect: 'api' },
  { route: 'POST /api/owner/webhooks', path: '/api/owner/webhooks', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'GET /api/owner/webhooks/:id', path: '/api/owner/webhooks/w1', status: 401, expect: 'api' },
  { route: 'PUT /api/owner/webhooks/:id', path: '/api/owner/webhooks/w1', method: 'PUT', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'DELETE /api/owner/webhooks/:id', path: '/api/owner/webhooks/w1', method: 'DELETE', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/owner/webhooks/:id/enable', path: '/api/owner/webhooks/w1/enable', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/owner/webhooks/:id/disable', path: '/api/owner/webhooks/w1/disable', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/owner/webhooks/:id/test', path: '/api/owner/webhooks/w1/test', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'GET /api/owner/webhooks/:id/deliveries', path: '/api/owner/webhooks/w1/deliveries', status: 401, expect: 'api' },
  // Theme versions and API tokens (edge/api/themes).
  { route: 'GET /api/owner/theme/versions', path: '/api/owner/theme/versions', status: 401, expect: 'api' },
  { route: 'GET /api/owner/theme/versions/:number', path: '/api/owner/theme/versions/1', status: 401, expect: 'api' },
  { route: 'POST /api/owner/theme/versions', path: '/api/owner/theme/versions', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/owner/theme/versions/:number/publish', path: '/api/owner/theme/versions/1/publish', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/owner/theme/rollback', path: '/api/owner/theme/rollback', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'GET /api/owner/api-tokens', path: '/api/owner/api-tokens', status: 401, expect: 'api' },
  { route: 'POST /api/owner/api-tokens', path: '/api/owner/api-tokens', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'GET /api/owner/api-tokens/:id/uses', path: '/api/owner/api-tokens/t1/uses', status: 401, expect: 'api' },
  { route: 'DELETE /api/owner/api-tokens/:id', path: '/api/owner/api-tokens/t1', method: 'DELETE', ...JSON_WRITE, status: 401, expect: 'api' },
  // Email campaigns (edge/api/campaigns).
  { route: 'GET /api/owner/campaigns', path: '/api/owner/campaigns', status: 401, expect: 'api' },
  { route: 'POST /api/owner/campaigns', path: '/api/owner/campaigns', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'GET /api/owner/campaigns/:id', path: '/api/owner/campaigns/c1', status: 401, expect: 'api' },
  { route: 'PUT /api/owner/campaigns/:id', path: '/api/owner/campaigns/c1', method: 'PUT', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'DELETE /api/owner/campaigns/:id', path: '/api/owner/campaigns/c1', method: 'DELETE', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'GET /api/owner/campaigns/:id/preview', path: '/api/owner/campaigns/c1/preview', status: 401, expect: 'api' },
  { route: 'POST /api/owner/campaigns/:id/test', path: '/api/owner/campaigns/c1/test', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/owner/campaigns/:id/send', path: '/api/owner/campaigns/c1/send', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/owner/campaigns/:id/schedule', path: '/api/owner/campaigns/c1/schedule', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/owner/campaigns/:id/cancel', path: '/api/owner/campaigns/c1/cancel', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  // A forged or unsigned click link: 400, never a redirect.
  { route: 'GET /api/campaigns/click', path: '/api/campaigns/click?c=c1&r=s1&u=https%3A%2F%2Fevil.test%2F&s=bad', status: 400, expect: 'api' },
  { route: 'GET /api/campaigns/open', path: '/api/campaigns/open?c=c1&r=s1&s=bad', status: 400, expect: 'api' },
  // Member areas and passwords (edge/api/members).
  { route: 'GET /api/owner/members/areas', path: '/api/owner/members/areas', status: 401, expect: 'api' },
  { route: 'POST /api/owner/members/areas', path: '/api/owner/members/areas', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'GET /api/owner/members/areas/:id', path: '/api/owner/members/areas/a1', status: 401, expect: 'api' },
  { route: 'PUT /api/owner/members/areas/:id', path: '/api/owner/members/areas/a1', method: 'PUT', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'DELETE /api/owner/members/areas/:id', path: '/api/owner/members/areas/a1', method: 'DELETE', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'GET /api/owner/members/areas/:id/members', path: '/api/owner/members/areas/a1/members', status: 401, expect: 'api' },
  { route: 'GET /api/owner/members/areas/:id/members.csv', path: '/api/owner/members/areas/a1/members.csv', status: 401, expect: 'api' },
  { route: 'POST /api/owner/members/areas/:id/members', path: '/api/owner/members/areas/a1/members', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/owner/members/areas/:id/members/:membershipId/revoke', path: '/api/owner/members/areas/a1/members/m1/revoke', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'GET /api/owner/members/passwords', path: '/api/owner/members/passwords', status: 401, expect: 'api' },
  { route: 'PUT /api/owner/members/passwords/:scope', path: '/api/owner/members/passwords/site', method: 'PUT', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'DELETE /api/owner/members/passwords/:scope', path: '/api/owner/members/passwords/site', method: 'DELETE', ...JSON_WRITE, status: 401, expect: 'api' },
  // The lock screen's password and a free area's join button (edge/pages/members): crumb-less posts are refused.
  { route: 'POST /members/unlock', path: '/members/unlock', method: 'POST', ...FORM_WRITE, status: 401, expect: 'page' },
  { route: 'POST /members/join', path: '/members/join', method: 'POST', ...FORM_WRITE, status: 401, expect: 'page' },
  // Membership confirmed (208): signed out, there is no membership to show.
  { route: 'GET /membership-confirmed', path: '/membership-confirmed?area=x', status: 404, expect: 'page' },
  // Owner area and shopper account pages (edge/pages/config, edge/pages/account): anonymous visitors, crumb-less posts.
  { route: 'GET /config', path: '/config/', status: 200, expect: 'page' },
  { route: 'GET /config/contributors', path: '/config/contributors', status: 200, expect: 'page' },
  { route: 'GET /config/outbox', path: '/config/outbox', status: 200, expect: 'page' },
  { route: 'GET /config/automations', path: '/config/automations', status: 200, expect: 'page' },
  { route: 'GET /config/api-tokens', path: '/config/api-tokens', status: 200, expect: 'page' },
  { route: 'GET /config/members', path: '/config/members', status: 200, expect: 'page' },
  { route: 'GET /config/languages', path: '/config/languages', status: 200, expect: 'page' },
  { route: 'GET /config/reviews', path: '/config/reviews', status: 200, expect: 'page' },
  { route: 'GET /config/traffic', path: '/config/traffic', status: 200, expect: 'page' },
  { route: 'GET /config/orders', path: '/config/orders', status: 200, expect: 'page' },
  { route: 'GET /config/orders/:number', path: '/config/orders/1001', status: 200, expect: 'page' },
  { route: 'GET /config/orders/:number/packing-slip', path: '/config/orders/1001/packing-slip', status: 200, expect: 'page' },
  { route: 'GET /config/gift-cards', path: '/config/gift-cards', status: 200, expect: 'page' },
  { route: 'GET /config/subscriptions', path: '/config/subscriptions', status: 200, expect: 'page' },
  { route: 'GET /config/customers', path: '/config/customers', status: 200, expect: 'page' },
  { route: 'GET /config/commerce-settings', path: '/config/commerce-settings', status: 200, expect: 'page' },
  { route: 'GET /config/restock', path: '/config/restock', status: 200, expect: 'page' },
  { route: 'GET /config/products', path: '/config/products', status: 200, expect: 'page' },
  { route: 'GET /config/store-setup', path: '/config/store-setup', status: 200, expect: 'page' },
  { route: 'GET /config/tags', path: '/config/tags', status: 200, expect: 'page' },
  { route: 'GET /config/blog', path: '/config/blog', status: 200, expect: 'page' },
  { route: 'GET /config/shipping', path: '/config/shipping', status: 200, expect: 'page' },
  { route: 'GET /config/taxes', path: '/config/taxes', status: 200, expect: 'page' },
  { route: 'GET /config/coupons', path: '/config/coupons', status: 200, expect: 'page' },
  { route: 'GET /config/blog/:id', path: '/config/blog/new', status: 200, expect: 'page' },
  { route: 'GET /config/pages', path: '/config/pages', status: 200, expect: 'page' },
  { route: 'GET /config/header-footer', path: '/config/header-footer', status: 200, expect: 'page' },
  { route: 'GET /config/products/import', path: '/config/products/import', status: 200, expect: 'page' },
  { route: 'GET /config/products/:id', path: '/config/products/new', status: 200, expect: 'page' },
  { route: 'GET /config/pages/:id/edit', path: '/config/pages/p1/edit', status: 200, expect: 'page' },
  { route: 'GET /config/*', path: '/config/no-such-screen', status: 200, expect: 'page' },
  { route: 'GET /config/invitation', path: '/config/invitation?token=guess', status: 400, expect: 'page' },
  { route: 'GET /account', path: '/account', status: 200, expect: 'page' },
  { route: 'GET /account/sign-up', path: '/account/sign-up', status: 200, expect: 'page' },
  { route: 'GET /account/verify', path: '/account/verify?token=guess', status: 400, expect: 'page' },
  { route: 'GET /account/reset', path: '/account/reset', status: 200, expect: 'page' },
  { route: 'GET /account/reset/confirm', path: '/account/reset/confirm?token=guess', status: 400, expect: 'page' },
  { route: 'GET /account/orders/:number', path: '/account/orders/1001', status: 401, expect: 'page' },
  { route: 'GET /account/subscriptions/:id', path: '/account/subscriptions/guess', status: 401, expect: 'page' },
  { route: 'POST /config/invitation', path: '/config/invitation', method: 'POST', ...FORM_WRITE, status: 401, expect: 'page' },
  { route: 'POST /config/sign-in', path: '/config/sign-in', method: 'POST', ...FORM_WRITE, status: 401, expect: 'page' },
  { route: 'POST /config/sign-out', path: '/config/sign-out', method: 'POST', ...FORM_WRITE, status: 401, expect: 'page' },
  { route: 'POST /account/sign-in', path: '/account/sign-in', method: 'POST', ...FORM_WRITE, status: 401, expect: 'page' },
  { route: 'POST /account/sign-out', path: '/account/sign-out', method: 'POST', ...FORM_WRITE, status: 401, expect: 'page' },
  { route: 'POST /account/sign-up', path: '/account/sign-up', method: 'POST', ...FORM_WRITE, status: 401, expect: 'page' },
  { route: 'POST /account/verify', path: '/account/verify', method: 'POST', ...FORM_WRITE, status: 401, expect: 'page' },
  { route: 'POST /account/reset', path: '/account/reset', method: 'POST', ...FORM_WRITE, status: 401, expect: 'page' },
  { route: 'POST /account/reset/confirm', path: '/account/reset/confirm', method: 'POST', ...FORM_WRITE, status: 401, expect: 'page' },
  { route: 'POST /account/subscriptions/:id/cancel', path: '/account/subscriptions/guess/cancel', method: 'POST', ...FORM_WRITE, status: 401, expect: 'page' },
  // Forms posted without JavaScript (edge/pages/forms): an unknown form is a 404 page.
  { route: 'POST /forms/:formId', path: '/forms/f1', method: 'POST', ...FORM_WRITE, status: 404, expect: 'page' },
  // Forms, newsletter, restock (edge/api/forms, newsletter, restock): owner reads need a session; writes a crumb.
  { route: 'POST /api/site-users/account/notifications/restock', path: '/api/site-users/account/notifications/restock', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'GET /api/site-users/account/notifications/restock/groups', path: '/api/site-users/account/notifications/restock/groups', status: 401, expect: 'api' },
  { route: 'GET /api/site-users/account/notifications/restock', path: '/api/site-users/account/notifications/restock?productId=p&variantId=v', status: 401, expect: 'api' },
  { route: 'POST /api/site-users/account/notifications/restock/send', path: '/api/site-users/account/notifications/restock/send', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/site-users/account/notifications/restock/send/all', path: '/api/site-users/account/notifications/restock/send/all', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'PUT /api/site-users/account/notifications/restock/success-text', path: '/api/site-users/account/notifications/restock/success-text', method: 'PUT', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/form/FormSubmissionKey', path: '/api/form/FormSubmissionKey', method: 'POST', status: 401, expect: 'api' },
  { route: 'POST /api/form/SaveFormSubmission', path: '/api/form/SaveFormSubmission', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/rest/forms/validate/:formId', path: '/api/rest/forms/validate/f1', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'GET /api/template/GetTemplateSchema', path: '/api/template/GetTemplateSchema?type=9', status: 200, expect: 'api' },
  { route: 'GET /api/form/submissions', path: '/api/form/submissions', status: 401, expect: 'api' },
  { route: 'GET /api/form/submissions/export', path: '/api/form/submissions/export', status: 401, expect: 'api' },
  { route: 'DELETE /api/form/submissions/:id', path: '/api/form/submissions/s1', method: 'DELETE', status: 401, expect: 'api' },
  { route: 'PUT /api/form/forms/:formId/mailing-list', path: '/api/form/forms/f1/mailing-list', method: 'PUT', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/newsletter/unsubscribe', path: '/api/newsletter/unsubscribe', method: 'POST', ...JSON_WRITE, status: 400, expect: 'api' },
  // The form builder and mailing lists (edge/api/forms/builder.ts, edge/api/newsletter/owner.ts): owners only.
  { route: 'GET /api/owner/forms', path: '/api/owner/forms', status: 401, expect: 'api' },
  { route: 'POST /api/owner/forms', path: '/api/owner/forms', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'GET /api/owner/forms/:formId', path: '/api/owner/forms/f1', status: 401, expect: 'api' },
  { route: 'PUT /api/owner/forms/:formId', path: '/api/owner/forms/f1', method: 'PUT', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'DELETE /api/owner/forms/:formId', path: '/api/owner/forms/f1', method: 'DELETE', status: 401, expect: 'api' },
  { route: 'GET /api/owner/mailing-lists', path: '/api/owner/mailing-lists', status: 401, expect: 'api' },
  { route: 'POST /api/owner/mailing-lists', path: '/api/owner/mailing-lists', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'GET /api/owner/mailing-lists/:listId', path: '/api/owner/mailing-lists/l1', status: 401, expect: 'api' },
  { route: 'PATCH /api/owner/mailing-lists/:listId', path: '/api/owner/mailing-lists/l1', method: 'PATCH', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'GET /api/owner/mailing-lists/:listId/subscribers', path: '/api/owner/mailing-lists/l1/subscribers', status: 401, expect: 'api' },
  { route: 'POST /api/owner/mailing-lists/:listId/import', path: '/api/owner/mailing-lists/l1/import', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'GET /api/owner/mailing-lists/:listId/export', path: '/api/owner/mailing-lists/l1/export', status: 401, expect: 'api' },
  // Pages built from blocks (edge/api/pages) and the editor's site-layout reads: owners only.
  { route: 'GET /api/pages', path: '/api/pages', status: 401, expect: 'api' },
  { route: 'POST /api/pages', path: '/api/pages', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'GET /api/pages/:id', path: '/api/pages/p1', status: 401, expect: 'api' },
  { route: 'PATCH /api/pages/:id', path: '/api/pages/p1', method: 'PATCH', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'PUT /api/pages/:id/draft', path: '/api/pages/p1/draft', method: 'PUT', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/pages/:id/publish', path: '/api/pages/p1/publish', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/pages/:id/unpublish', path: '/api/pages/p1/unpublish', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'GET /api/pages/:id/revisions', path: '/api/pages/p1/revisions', status: 401, expect: 'api' },
  { route: 'GET /api/pages/:id/revisions/:version', path: '/api/pages/p1/revisions/1', status: 401, expect: 'api' },
  { route: 'POST /api/pages/:id/revisions/:version/restore', path: '/api/pages/p1/revisions/1/restore', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  // The file manager (edge/api/files, edge/pages/config/files.ts): owners only.
  { route: 'GET /config/files', path: '/config/files', status: 200, expect: 'page' },
  { route: 'GET /config/design', path: '/config/design', status: 200, expect: 'page' },
  { route: 'GET /api/files', path: '/api/files', status: 401, expect: 'api' },
  { route: 'POST /api/files', path: '/api/files?name=a.png', method: 'POST', headers: { 'Content-Type': 'application/octet-stream' }, body: 'bytes', status: 401, expect: 'api' },
  { route: 'PATCH /api/files/:id', path: '/api/files/f1', method: 'PATCH', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'PUT /api/files/:id/details', path: '/api/files/f1/details', method: 'PUT', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'DELETE /api/files/:id', path: '/api/files/f1', method: 'DELETE', status: 401, expect: 'api' },
  { route: 'GET /api/site-header-footer', path: '/api/site-header-footer', status: 401, expect: 'api' },
  { route: 'GET /api/commondata/GetSiteLayout', path: '/api/commondata/GetSiteLayout', status: 401, expect: 'api' },
  // The page workflow (statuses, schedule, trash, duplicate, lock) and site structure writes.
  { route: 'GET /api/pages/trash', path: '/api/pages/trash', status: 401, expect: 'api' },
  { route: 'GET /api/pages/slug-check', path: '/api/pages/slug-check?slug=a', status: 401, expect: 'api' },
  { route: 'POST /api/pages/trash/:id/restore', path: '/api/pages/trash/p1/restore', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'DELETE /api/pages/trash/:id', path: '/api/pages/trash/p1', method: 'DELETE', status: 401, expect: 'api' },
  { route: 'DELETE /api/pages/:id', path: '/api/pages/p1', method: 'DELETE', status: 401, expect: 'api' },
  { route: 'POST /api/pages/:id/status', path: '/api/pages/p1/status', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/pages/:id/schedule', path: '/api/pages/p1/schedule', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'DELETE /api/pages/:id/schedule', path: '/api/pages/p1/schedule', method: 'DELETE', status: 401, expect: 'api' },
  { route: 'POST /api/pages/:id/duplicate', path: '/api/pages/p1/duplicate', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/pages/:id/lock', path: '/api/pages/p1/lock', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'DELETE /api/pages/:id/lock', path: '/api/pages/p1/lock', method: 'DELETE', status: 401, expect: 'api' },
  { route: 'PUT /api/site-header-footer', path: '/api/site-header-footer', method: 'PUT', ...JSON_WRITE, status: 401, expect: 'api' },
  // Languages (edge/api/multilingual, issue 29): admin and website manager only.
  { route: 'GET /api/multilingual/settings', path: '/api/multilingual/settings', status: 401, expect: 'api' },
  { route: 'GET /api/multilingual/status', path: '/api/multilingual/status', status: 401, expect: 'api' },
  { route: 'GET /api/multilingual/languages', path: '/api/multilingual/languages', status: 401, expect: 'api' },
  { route: 'PUT /api/multilingual/languages', path: '/api/multilingual/languages', method: 'PUT', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'DELETE /api/multilingual/connection', path: '/api/multilingual/connection', method: 'DELETE', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'GET /api/multilingual/translations', path: '/api/multilingual/translations?language=fr', status: 401, expect: 'api' },
  { route: 'PUT /api/multilingual/translations', path: '/api/multilingual/translations', method: 'PUT', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'GET /api/multilingual/translations/export', path: '/api/multilingual/translations/export?language=fr', status: 401, expect: 'api' },
  { route: 'POST /api/multilingual/translations/import', path: '/api/multilingual/translations/import', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'GET /api/commondata/GetNavigationCollections', path: '/api/commondata/GetNavigationCollections', status: 401, expect: 'api' },
  { route: 'POST /api/widget/UpdateNavigation', path: '/api/widget/UpdateNavigation', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  // Promo popup (edge/api/popups): owner reads need a session, writes a crumb; the visitor sign-up a crumb.
  { route: 'GET /api/owner/popup', path: '/api/owner/popup', status: 401, expect: 'api' },
  { route: 'PUT /api/owner/popup', path: '/api/owner/popup', method: 'PUT', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/owner/popup/publish', path: '/api/owner/popup/publish', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/popup/subscribe', path: '/api/popup/subscribe', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'GET /config/popup', path: '/config/popup', status: 200, expect: 'page' },
  // Site styles (edge/api/site-styles).
  { route: 'GET /api/site-styles', path: '/api/site-styles', status: 401, expect: 'api' },
  { route: 'GET /api/site-styles/fonts', path: '/api/site-styles/fonts', status: 401, expect: 'api' },
  { route: 'PUT /api/site-styles/draft', path: '/api/site-styles/draft', method: 'PUT', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'POST /api/site-styles/publish', path: '/api/site-styles/publish', method: 'POST', ...JSON_WRITE, status: 401, expect: 'api' },
  { route: 'GET /config/form-submissions', path: '/config/form-submissions', status: 200, expect: 'page' },
  { route: 'GET /config/forms', path: '/config/forms', status: 200, expect: 'page' },
  { route: 'GET /config/forms/:id', path: '/config/forms/new', status: 200, expect: 'page' },
  { route: 'GET /config/mailing-lists', path: '/config/mailing-lists', status: 200, expect: 'page' },
  { route: 'GET /config/campaigns', path: '/config/campaigns', status: 200, expect: 'page' },
  { route: 'GET /config/campaigns/:id', path: '/config/campaigns/new', status: 200, expect: 'page' },
  { route: 'GET /newsletter/unsubscribe', path: '/newsletter/unsubscribe?token=bad', status: 400, expect: 'page' },
  { route: 'GET /newsletter/confirm', path: '/newsletter/confirm?token=bad', status: 400, expect: 'page' },
  { route: 'POST /newsletter/confirm', path: '/newsletter/confirm', method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'token=bad', status: 400, expect: 'page' },
  // Census, analytics, errors (crumb-checked: 401 without one) and the RUM beacon (400 on a bad body).
  ...['RecordHit', 'button-click', 'button-render', 'form-render', 'overlay'].map((name) => ({ route: `POST /api/census/${name}`, path: `/api/census/${name}`, method: 'POST', status: 401, expect: 'api' as const })),
  { route: 'GET /api/census/dashboard', path: '/api/census/dashboard', status: 401, expect: 'api' },
  { route: 'GET /api/census/dashboard/:table', path: '/api/census/dashboard/pages.csv', status: 401, expect: 'api' },
  { route: 'POST /api/census/RecordQuickView/:id', path: '/api/census/RecordQuickView/item-1', method: 'POST', status: 401, expect: 'api' },
  { route: 'POST /api/events/RecordJavascriptErrors', path: '/api/events/RecordJavascriptErrors', method: 'POST', status: 401, expect: 'api' },
  { route: 'POST /api/events/RecordEvent', path: '/api/events/RecordEvent', method: 'POST', status: 401, expect: 'api' },
  { route: 'POST /api/1/performance/records', path: '/api/1/performance/records', method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: '[]', status: 400, expect: 'api' },
  // Status pages: unknown host, server error, database down.
  { route: 'ALL /*', path: '/', host: 'no-such-site.example', status: 404, expect: 'page' },
  { route: 'ALL /api/*', path: '/api/nothing-here', host: 'no-such-site.example', status: 404, expect: 'api' },
  { route: 'GET /:collection/:item', path: '/shop/moon-jar', state: 'broken-item', status: 500, expect: 'page' },
  { route: 'GET /', path: '/', state: 'no-database', status: 503, expect: 'page' },
  { route: 'ALL /api/*', path: '/api/nothing-here', state: 'no-database', status: 503, expect: 'api' },
  { route: 'GET /healthz', path: '/healthz', state: 'no-database', status: 200, expect: 'text' },
];
