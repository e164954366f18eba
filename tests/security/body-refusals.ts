/**
 * Every state-changing API with its body limits, for body-refusals.test.ts. ADDING A
 * POST/PUT/PATCH/DELETE ROUTE? Add a row: the test fails while a registered
 * state-changing route has none. `route` is the method and pattern as Hono registers them.
 */
export interface BodyRule {
  route: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** The largest body the route takes, in bytes. */
  maxBytes: number;
  /** A content type it takes (used for the oversize body). */
  accepts: string;
  /** Content types it must refuse with 415. */
  refuses: readonly string[];
  /** SQL counting what the route stores, which must not change on a refusal. */
  stored?: string;
  /** Send with this Host (the platform host's APIs: app.localhost). */
  host?: string;
}

const KB = 1024;

export const STATE_CHANGING_APIS: readonly BodyRule[] = [
  // The /api shell's default guard, as any router mounted without its own BODY_RULES entry gets it.
  { route: 'ALL /api/*', method: 'POST', path: '/api/nothing-here', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml', 'application/csp-report'] },
  { route: 'ALL /api/*', method: 'PUT', path: '/api/nothing-here', maxBytes: 64 * KB, accepts: 'application/x-www-form-urlencoded', refuses: ['text/html'] },
  { route: 'ALL /api/*', method: 'PATCH', path: '/api/nothing-here', maxBytes: 64 * KB, accepts: 'multipart/form-data; boundary=x', refuses: ['application/octet-stream'] },
  { route: 'ALL /api/*', method: 'DELETE', path: '/api/nothing-here', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain'] },
  {
    route: 'POST /api/security/csp-report',
    method: 'POST',
    path: '/api/security/csp-report',
    maxBytes: 16 * KB,
    accepts: 'application/reports+json',
    refuses: ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'],
    stored: 'select count(*) as n from csp_reports',
  },
  // JSON APIs on the default guard (64 KB of JSON or form data).
  { route: 'POST /api/commerce/shopping-cart/*', method: 'POST', path: '/api/commerce/shopping-cart/x', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from cart_entries' },
  { route: 'PUT /api/commerce/shopping-cart/*', method: 'PUT', path: '/api/commerce/shopping-cart/x', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'PATCH /api/commerce/shopping-cart/*', method: 'PATCH', path: '/api/commerce/shopping-cart/x', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'DELETE /api/commerce/shopping-cart/*', method: 'DELETE', path: '/api/commerce/shopping-cart/x', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/commerce/shopping-cart/entries', method: 'POST', path: '/api/commerce/shopping-cart/entries', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from cart_entries' },
  { route: 'PUT /api/commerce/shopping-cart/entries/:entryId/additionalFields', method: 'PUT', path: '/api/commerce/shopping-cart/entries/e1/additionalFields', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'PUT /api/commerce/shopping-cart/entries/:entryId', method: 'PUT', path: '/api/commerce/shopping-cart/entries/e1', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'DELETE /api/commerce/shopping-cart/entries/:entryId', method: 'DELETE', path: '/api/commerce/shopping-cart/entries/e1', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/reviews', method: 'POST', path: '/api/reviews', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'PUT /api/reviews/:id/status', method: 'PUT', path: '/api/reviews/r1/status', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/commerce/orders', method: 'POST', path: '/api/commerce/orders', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from orders' },
  { route: 'POST /api/commerce/donations', method: 'POST', path: '/api/commerce/donations', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from orders' },
  { route: 'POST /api/commerce/owner/gift-cards/:id/disable', method: 'POST', path: '/api/commerce/owner/gift-cards/g1/disable', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from gift_cards where disabled_on is not null' },
  { route: 'POST /api/commerce/owner/gift-cards', method: 'POST', path: '/api/commerce/owner/gift-cards', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from gift_cards' },
  { route: 'POST /api/commerce/owner/gift-cards/balance', method: 'POST', path: '/api/commerce/owner/gift-cards/balance', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/commerce/owner/orders/:number/fulfilments', method: 'POST', path: '/api/commerce/owner/orders/1001/fulfilments', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from order_fulfilments' },
  { route: 'POST /api/commerce/owner/orders/:number/pickup', method: 'POST', path: '/api/commerce/owner/orders/1001/pickup', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from order_fulfilments' },
  { route: 'POST /api/commerce/owner/orders/:number/refunds', method: 'POST', path: '/api/commerce/owner/orders/1001/refunds', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from order_refunds' },
  { route: 'POST /api/commerce/owner/orders/:number/cancel', method: 'POST', path: '/api/commerce/owner/orders/1001/cancel', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: "select count(*) as n from orders where status = 'cancelled'" },
  { route: 'POST /api/commerce/owner/orders/:number/notes', method: 'POST', path: '/api/commerce/owner/orders/1001/notes', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from order_events' },
  { route: 'POST /api/commerce/owner/subscriptions/:id/cancel', method: 'POST', path: '/api/commerce/owner/subscriptions/s1/cancel', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: "select count(*) as n from subscriptions where status = 'canceled'" },
  { route: 'POST /api/commerce/owner/subscriptions/:id/pause', method: 'POST', path: '/api/commerce/owner/subscriptions/s1/pause', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: "select count(*) as n from subscriptions where status = 'paused'" },
  { route: 'POST /api/commerce/owner/subscriptions/:id/resume', method: 'POST', path: '/api/commerce/owner/subscriptions/s1/resume', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'PUT /api/commerce/owner/subscriptions/:id/next-billing', method: 'PUT', path: '/api/commerce/owner/subscriptions/s1/next-billing', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/commerce/owner/gift-cards/:id/adjust', method: 'POST', path: '/api/commerce/owner/gift-cards/g1/adjust', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from gift_card_adjustments' },
  { route: 'PUT /api/v1/commerce-preferences/:namespace', method: 'PUT', path: '/api/v1/commerce-preferences/email', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'PUT /api/owner/payment-keys/stripe', method: 'PUT', path: '/api/owner/payment-keys/stripe', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from payment_secrets' },
  { route: 'DELETE /api/owner/payment-keys/stripe', method: 'DELETE', path: '/api/owner/payment-keys/stripe', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/owner/payment-keys/stripe/test', method: 'POST', path: '/api/owner/payment-keys/stripe/test', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/commerce/payments/stripe/intent', method: 'POST', path: '/api/commerce/payments/stripe/intent', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  // Stripe webhook events: JSON only, up to 256 KB (edge/api BODY_RULES).
  { route: 'POST /api/commerce/payments/stripe/webhook', method: 'POST', path: '/api/commerce/payments/stripe/webhook', maxBytes: 256 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'], stored: 'select count(*) as n from payment_events' },
  { route: 'PUT /api/commerce/shopping-cart/shipping-location', method: 'PUT', path: '/api/commerce/shopping-cart/shipping-location', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'PUT /api/commerce/shopping-cart/shipping-option', method: 'PUT', path: '/api/commerce/shopping-cart/shipping-option', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/commerce/shopping-cart/coupons', method: 'POST', path: '/api/commerce/shopping-cart/coupons', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'DELETE /api/commerce/shopping-cart/coupons/:code', method: 'DELETE', path: '/api/commerce/shopping-cart/coupons/X', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/commerce/shopping-cart/gift-card', method: 'POST', path: '/api/commerce/shopping-cart/gift-card', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/3/commerce/cart/subscription', method: 'POST', path: '/api/3/commerce/cart/subscription', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from carts' },
  // The platform host's API (edge/api/platform, issue 34).
  { route: 'ALL /api/platform/*', method: 'POST', path: '/api/platform/nothing-here', host: 'app.localhost', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  // The plans' Stripe billing webhook on the platform host: JSON only, up to 256 KB (edge/api/billing/webhook.ts).
  { route: 'POST /api/billing/stripe/webhook', method: 'POST', path: '/api/billing/stripe/webhook', host: 'app.localhost', maxBytes: 256 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'], stored: 'select count(*) as n from payment_events' },
  { route: 'POST /api/platform/owners', method: 'POST', path: '/api/platform/owners', host: 'app.localhost', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from platform_owners' },
  { route: 'POST /api/platform/owners/verify', method: 'POST', path: '/api/platform/owners/verify', host: 'app.localhost', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/platform/session', method: 'POST', path: '/api/platform/session', host: 'app.localhost', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from platform_sessions' },
  { route: 'DELETE /api/platform/session', method: 'DELETE', path: '/api/platform/session', host: 'app.localhost', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/platform/password-reset', method: 'POST', path: '/api/platform/password-reset', host: 'app.localhost', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/platform/password-reset/confirm', method: 'POST', path: '/api/platform/password-reset/confirm', host: 'app.localhost', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/platform/sites/:id/restore', method: 'POST', path: '/api/platform/sites/x/restore', host: 'app.localhost', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/platform/sites', method: 'POST', path: '/api/platform/sites', host: 'app.localhost', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from site_owners' },
  { route: 'POST /api/platform/sites/:id/handoff', method: 'POST', path: '/api/platform/sites/x/handoff', host: 'app.localhost', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from platform_tokens' },
  { route: 'POST /api/site-users/account/session', method: 'POST', path: '/api/site-users/account/session', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from site_sessions' },
  { route: 'DELETE /api/site-users/account/session', method: 'DELETE', path: '/api/site-users/account/session', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/site-users/account/locale', method: 'POST', path: '/api/site-users/account/locale', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/site-users/account', method: 'POST', path: '/api/site-users/account', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from site_users' },
  { route: 'POST /api/site-users/account/verify', method: 'POST', path: '/api/site-users/account/verify', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/site-users/account/password-reset', method: 'POST', path: '/api/site-users/account/password-reset', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/site-users/account/password-reset/confirm', method: 'POST', path: '/api/site-users/account/password-reset/confirm', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/site-users/contributors/invitations', method: 'POST', path: '/api/site-users/contributors/invitations', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'PUT /api/site-users/contributors/:siteUserId/roles', method: 'PUT', path: '/api/site-users/contributors/u1/roles', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'DELETE /api/site-users/contributors/:siteUserId', method: 'DELETE', path: '/api/site-users/contributors/u1', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/site-users/contributors/invitations/accept', method: 'POST', path: '/api/site-users/contributors/invitations/accept', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  // Reviews (edge/api/reviews): a shopper's review, an owner's moderation.
  { route: 'POST /api/reviews', method: 'POST', path: '/api/reviews', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from reviews' },
  { route: 'PUT /api/reviews/:id/status', method: 'PUT', path: '/api/reviews/r1/status', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  // Saved views of the owner data table (edge/api/owner/views.ts).
  { route: 'POST /api/owner/views', method: 'POST', path: '/api/owner/views?screen=orders', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from owner_views' },
  { route: 'PUT /api/owner/views/:id', method: 'PUT', path: '/api/owner/views/v1', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'DELETE /api/owner/views/:id', method: 'DELETE', path: '/api/owner/views/v1', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  // The catalogue (edge/api/catalog): store creation and categories on the default guard, product saves up to 1 MB of JSON.
  { route: 'POST /api/content-service/product/1.1/websites/:websiteId/products', method: 'POST', path: '/api/content-service/product/1.1/websites/w1/products', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from collections' },
  { route: 'POST /api/content-service/product/1.1/websites/:websiteId/products/:collectionId/categories', method: 'POST', path: '/api/content-service/product/1.1/websites/w1/products/c1/categories', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from categories' },
  { route: 'POST /api/owner/products', method: 'POST', path: '/api/owner/products', maxBytes: 1024 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml', 'application/x-www-form-urlencoded'], stored: 'select count(*) as n from items' },
  { route: 'PUT /api/owner/products/:productId', method: 'PUT', path: '/api/owner/products/p1', maxBytes: 1024 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml', 'application/x-www-form-urlencoded'] },
  { route: 'POST /api/owner/products/:productId/variants/:variantId/stock', method: 'POST', path: '/api/owner/products/p1/variants/v1/stock', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from stock_history' },
  { route: 'PUT /api/owner/products/:productId/variants/:variantId/stock', method: 'PUT', path: '/api/owner/products/p1/variants/v1/stock', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from stock_history' },
  // CSV import (edge/api/catalog/import-export.ts): a file of up to 10 MB as text or inside JSON (the route answers 413 past 10 MB of CSV).
  { route: 'POST /api/owner/products/import/preview', method: 'POST', path: '/api/owner/products/import/preview', maxBytes: 24 * KB * KB, accepts: 'application/json', refuses: ['application/xml', 'application/x-www-form-urlencoded'], stored: 'select count(*) as n from items' },
  { route: 'POST /api/owner/products/import', method: 'POST', path: '/api/owner/products/import', maxBytes: 24 * KB * KB, accepts: 'application/json', refuses: ['text/csv', 'text/plain', 'application/xml'], stored: 'select count(*) as n from items' },
  { route: 'POST /api/owner/products/bulk', method: 'POST', path: '/api/owner/products/bulk', maxBytes: 1024 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml', 'application/x-www-form-urlencoded'], stored: 'select count(*) as n from stock_history' },
  { route: 'DELETE /api/owner/products/:productId', method: 'DELETE', path: '/api/owner/products/p1', maxBytes: 1024 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml', 'application/x-www-form-urlencoded'], stored: 'select count(*) as n from items' },
  // The tag manager: small JSON bodies on the default guard.
  { route: 'POST /api/owner/domains', method: 'POST', path: '/api/owner/domains', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from website_domains' },
  { route: 'POST /api/owner/domains/:host/verify', method: 'POST', path: '/api/owner/domains/shop.example.com/verify', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/owner/domains/:host/primary', method: 'POST', path: '/api/owner/domains/shop.example.com/primary', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'DELETE /api/owner/domains/:host', method: 'DELETE', path: '/api/owner/domains/shop.example.com', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/owner/webhooks', method: 'POST', path: '/api/owner/webhooks', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from webhook_subscriptions' },
  { route: 'PUT /api/owner/webhooks/:id', method: 'PUT', path: '/api/owner/webhooks/w1', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'DELETE /api/owner/webhooks/:id', method: 'DELETE', path: '/api/owner/webhooks/w1', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/owner/webhooks/:id/enable', method: 'POST', path: '/api/owner/webhooks/w1/enable', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/owner/webhooks/:id/disable', method: 'POST', path: '/api/owner/webhooks/w1/disable', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/owner/webhooks/:id/test', method: 'POST', path: '/api/owner/webhooks/w1/test', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from webhook_events' },
  // Theme versions (edge/api/themes): a whole theme inside JSON, up to 6 MB; publish and rollback on the default guard.
  { route: 'POST /api/owner/theme/versions', method: 'POST', path: '/api/owner/theme/versions', maxBytes: 6 * KB * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml', 'application/x-www-form-urlencoded'], stored: 'select count(*) as n from theme_versions' },
  { route: 'POST /api/owner/theme/versions/:number/publish', method: 'POST', path: '/api/owner/theme/versions/1/publish', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/owner/theme/rollback', method: 'POST', path: '/api/owner/theme/rollback', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/owner/theme/compile', method: 'POST', path: '/api/owner/theme/compile', maxBytes: 1536 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/owner/api-tokens', method: 'POST', path: '/api/owner/api-tokens', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from api_tokens' },
  { route: 'POST /api/owner/site/delete', method: 'POST', path: '/api/owner/site/delete', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from websites where deleted_on is not null' },
  { route: 'POST /api/owner/site/restore', method: 'POST', path: '/api/owner/site/restore', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/owner/site/exports', method: 'POST', path: '/api/owner/site/exports', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from site_exports' },
  { route: 'POST /api/owner/billing/subscribe', method: 'POST', path: '/api/owner/billing/subscribe', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: "select count(*) as n from websites where billing_reference is not null" },
  { route: 'DELETE /api/owner/api-tokens/:id', method: 'DELETE', path: '/api/owner/api-tokens/t1', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  // Member areas and passwords: small JSON bodies on the default guard.
  { route: 'POST /api/owner/members/areas', method: 'POST', path: '/api/owner/members/areas', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from member_areas' },
  { route: 'PUT /api/owner/members/areas/:id', method: 'PUT', path: '/api/owner/members/areas/a1', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'DELETE /api/owner/members/areas/:id', method: 'DELETE', path: '/api/owner/members/areas/a1', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/owner/members/areas/:id/members', method: 'POST', path: '/api/owner/members/areas/a1/members', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from memberships' },
  { route: 'POST /api/owner/members/areas/:id/members/:membershipId/revoke', method: 'POST', path: '/api/owner/members/areas/a1/members/m1/revoke', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'DELETE /api/owner/members/areas/:id/members/:membershipId', method: 'DELETE', path: '/api/owner/members/areas/a1/members/m1', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'PUT /api/owner/members/passwords/:scope', method: 'PUT', path: '/api/owner/members/passwords/site', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from access_passwords' },
  { route: 'DELETE /api/owner/members/passwords/:scope', method: 'DELETE', path: '/api/owner/members/passwords/site', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/owner/tags/:collectionId', method: 'POST', path: '/api/owner/tags/c1', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from collection_tags' },
  { route: 'POST /api/owner/tags/:collectionId/rename', method: 'POST', path: '/api/owner/tags/c1/rename', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/owner/tags/:collectionId/merge', method: 'POST', path: '/api/owner/tags/c1/merge', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/owner/tags/:collectionId/remove', method: 'POST', path: '/api/owner/tags/c1/remove', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'PUT /api/owner/tags/:collectionId/categories/:categoryId/position', method: 'PUT', path: '/api/owner/tags/c1/categories/k1/position', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from categories' },
  // Blog posts: a rich-text body, up to 1 MB of JSON.
  { route: 'POST /api/owner/blog-posts', method: 'POST', path: '/api/owner/blog-posts', maxBytes: 1024 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml', 'application/x-www-form-urlencoded'], stored: 'select count(*) as n from items' },
  { route: 'PUT /api/owner/blog-posts/:postId', method: 'PUT', path: '/api/owner/blog-posts/b1', maxBytes: 1024 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml', 'application/x-www-form-urlencoded'] },
  { route: 'DELETE /api/owner/blog-posts/:postId', method: 'DELETE', path: '/api/owner/blog-posts/b1', maxBytes: 1024 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml', 'application/x-www-form-urlencoded'] },
  { route: 'POST /api/owner/checkout-settings/shipping-zones', method: 'POST', path: '/api/owner/checkout-settings/shipping-zones', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from shipping_zones' },
  { route: 'PUT /api/owner/checkout-settings/shipping-zones/order', method: 'PUT', path: '/api/owner/checkout-settings/shipping-zones/order', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'PUT /api/owner/checkout-settings/shipping-zones/:id', method: 'PUT', path: '/api/owner/checkout-settings/shipping-zones/z1', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'DELETE /api/owner/checkout-settings/shipping-zones/:id', method: 'DELETE', path: '/api/owner/checkout-settings/shipping-zones/z1', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from shipping_zones' },
  { route: 'POST /api/owner/checkout-settings/tax-rules', method: 'POST', path: '/api/owner/checkout-settings/tax-rules', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from tax_rules' },
  { route: 'PUT /api/owner/checkout-settings/tax-rules/:id', method: 'PUT', path: '/api/owner/checkout-settings/tax-rules/t1', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'DELETE /api/owner/checkout-settings/tax-rules/:id', method: 'DELETE', path: '/api/owner/checkout-settings/tax-rules/t1', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from tax_rules' },
  { route: 'POST /api/owner/checkout-settings/coupons', method: 'POST', path: '/api/owner/checkout-settings/coupons', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from coupons' },
  { route: 'PUT /api/owner/checkout-settings/coupons/:id', method: 'PUT', path: '/api/owner/checkout-settings/coupons/k1', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'DELETE /api/owner/checkout-settings/coupons/:id', method: 'DELETE', path: '/api/owner/checkout-settings/coupons/k1', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from coupons' },
  { route: 'POST /api/reviews/moderation/status', method: 'POST', path: '/api/reviews/moderation/status', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: "select count(*) as n from reviews where moderated_on is not null" },
  // Promo popup (edge/api/popups).
  { route: 'PUT /api/owner/popup', method: 'PUT', path: '/api/owner/popup', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from promo_popups' },
  { route: 'POST /api/owner/popup/publish', method: 'POST', path: '/api/owner/popup/publish', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/popup/subscribe', method: 'POST', path: '/api/popup/subscribe', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from mailing_list_subscribers' },
  // Forms, newsletter, restock.
  { route: 'POST /api/site-users/account/notifications/restock', method: 'POST', path: '/api/site-users/account/notifications/restock', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from restock_signups' },
  { route: 'POST /api/site-users/account/notifications/restock/send', method: 'POST', path: '/api/site-users/account/notifications/restock/send', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/site-users/account/notifications/restock/send/all', method: 'POST', path: '/api/site-users/account/notifications/restock/send/all', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'PUT /api/site-users/account/notifications/restock/success-text', method: 'PUT', path: '/api/site-users/account/notifications/restock/success-text', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/form/FormSubmissionKey', method: 'POST', path: '/api/form/FormSubmissionKey', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/form/SaveFormSubmission', method: 'POST', path: '/api/form/SaveFormSubmission', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from form_submissions' },
  { route: 'POST /api/rest/forms/validate/:formId', method: 'POST', path: '/api/rest/forms/validate/f1', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'DELETE /api/form/submissions/:id', method: 'DELETE', path: '/api/form/submissions/s1', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'PUT /api/form/forms/:formId/mailing-list', method: 'PUT', path: '/api/form/forms/f1/mailing-list', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/newsletter/unsubscribe', method: 'POST', path: '/api/newsletter/unsubscribe', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/owner/forms', method: 'POST', path: '/api/owner/forms', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from forms' },
  { route: 'PUT /api/owner/forms/:formId', method: 'PUT', path: '/api/owner/forms/f1', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from form_versions' },
  { route: 'DELETE /api/owner/forms/:formId', method: 'DELETE', path: '/api/owner/forms/f1', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/owner/campaigns', method: 'POST', path: '/api/owner/campaigns', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from campaigns' },
  { route: 'PUT /api/owner/campaigns/:id', method: 'PUT', path: '/api/owner/campaigns/c1', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'DELETE /api/owner/campaigns/:id', method: 'DELETE', path: '/api/owner/campaigns/c1', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/owner/campaigns/:id/test', method: 'POST', path: '/api/owner/campaigns/c1/test', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from mail_outbox' },
  { route: 'POST /api/owner/campaigns/:id/send', method: 'POST', path: '/api/owner/campaigns/c1/send', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/owner/campaigns/:id/schedule', method: 'POST', path: '/api/owner/campaigns/c1/schedule', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/owner/campaigns/:id/cancel', method: 'POST', path: '/api/owner/campaigns/c1/cancel', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/owner/mailing-lists', method: 'POST', path: '/api/owner/mailing-lists', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from mailing_lists' },
  { route: 'PATCH /api/owner/mailing-lists/:listId', method: 'PATCH', path: '/api/owner/mailing-lists/l1', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  // A subscriber CSV inside JSON: up to 3 MB (BODY_RULES).
  { route: 'POST /api/owner/mailing-lists/:listId/import', method: 'POST', path: '/api/owner/mailing-lists/l1/import', maxBytes: 3072 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml', 'application/x-www-form-urlencoded'], stored: 'select count(*) as n from mailing_list_subscribers' },
  // Pages (edge/api/pages): a draft's layout may be 1 MB, so its body guard takes 2 MB of JSON (BODY_RULES).
  { route: 'POST /api/pages', method: 'POST', path: '/api/pages', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from pages' },
  { route: 'PATCH /api/pages/:id', method: 'PATCH', path: '/api/pages/p1', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'PUT /api/pages/:id/draft', method: 'PUT', path: '/api/pages/p1/draft', maxBytes: 2048 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'], stored: 'select count(*) as n from page_revisions' },
  { route: 'POST /api/pages/:id/publish', method: 'POST', path: '/api/pages/p1/publish', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/pages/:id/unpublish', method: 'POST', path: '/api/pages/p1/unpublish', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/pages/:id/revisions/:version/restore', method: 'POST', path: '/api/pages/p1/revisions/1/restore', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from page_revisions' },
  { route: 'POST /api/pages/trash/:id/restore', method: 'POST', path: '/api/pages/trash/p1/restore', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'DELETE /api/pages/trash/:id', method: 'DELETE', path: '/api/pages/trash/p1', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'DELETE /api/pages/:id', method: 'DELETE', path: '/api/pages/p1', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/pages/:id/status', method: 'POST', path: '/api/pages/p1/status', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/pages/:id/schedule', method: 'POST', path: '/api/pages/p1/schedule', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'DELETE /api/pages/:id/schedule', method: 'DELETE', path: '/api/pages/p1/schedule', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/pages/:id/duplicate', method: 'POST', path: '/api/pages/p1/duplicate', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/pages/:id/lock', method: 'POST', path: '/api/pages/p1/lock', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'DELETE /api/pages/:id/lock', method: 'DELETE', path: '/api/pages/p1/lock', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  // Site structure (edge/api/site-layout): the header and footer are two layouts of up to 1 MB each.
  { route: 'PUT /api/site-header-footer', method: 'PUT', path: '/api/site-header-footer', maxBytes: 3072 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/x-www-form-urlencoded'], stored: 'select count(*) as n from header_footer_revisions' },
  { route: 'POST /api/widget/UpdateNavigation', method: 'POST', path: '/api/widget/UpdateNavigation', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from navigation_revisions' },
  // Languages (edge/api/multilingual, issue 29).
  { route: 'PUT /api/multilingual/languages', method: 'PUT', path: '/api/multilingual/languages', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'PUT /api/multilingual/translations', method: 'PUT', path: '/api/multilingual/translations', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from translations' },
  { route: 'POST /api/multilingual/translations/import', method: 'POST', path: '/api/multilingual/translations/import', maxBytes: 4 * 1024 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from translations' },
  { route: 'DELETE /api/multilingual/connection', method: 'DELETE', path: '/api/multilingual/connection', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain'] },
  // Site styles (edge/api/site-styles): a small JSON document.
  { route: 'PUT /api/site-styles/draft', method: 'PUT', path: '/api/site-styles/draft', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from site_style_revisions' },
  { route: 'POST /api/site-styles/publish', method: 'POST', path: '/api/site-styles/publish', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  // Files (edge/api/files): an upload is the file's bytes; the guard stops bodies past 2.5 x the largest format's limit (BODY_RULES).
  { route: 'POST /api/files', method: 'POST', path: '/api/files', maxBytes: 50_000_000, accepts: 'application/octet-stream', refuses: ['text/plain', 'multipart/form-data; boundary=x'], stored: 'select count(*) as n from assets' },
  { route: 'POST /api/owner/product-extras/digital-files', method: 'POST', path: '/api/owner/product-extras/digital-files', maxBytes: 50_000_000, accepts: 'application/octet-stream', refuses: ['text/plain', 'multipart/form-data; boundary=x'], stored: 'select count(*) as n from assets' },
  { route: 'PATCH /api/files/:id', method: 'PATCH', path: '/api/files/f1', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'PUT /api/files/:id/details', method: 'PUT', path: '/api/files/f1/details', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'DELETE /api/files/:id', method: 'DELETE', path: '/api/files/f1', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  // Traffic (edge/api/census, events, performance): small forms, the RUM beacon's text/plain, error reports as JSON.
  { route: 'POST /api/census/RecordHit', method: 'POST', path: '/api/census/RecordHit', maxBytes: 8 * KB, accepts: 'application/x-www-form-urlencoded', refuses: ['text/plain', 'application/json'] },
  { route: 'POST /api/census/button-click', method: 'POST', path: '/api/census/button-click', maxBytes: 8 * KB, accepts: 'application/x-www-form-urlencoded', refuses: ['text/plain', 'application/json'] },
  { route: 'POST /api/census/button-render', method: 'POST', path: '/api/census/button-render', maxBytes: 8 * KB, accepts: 'application/x-www-form-urlencoded', refuses: ['text/plain', 'application/json'] },
  { route: 'POST /api/census/form-render', method: 'POST', path: '/api/census/form-render', maxBytes: 8 * KB, accepts: 'application/x-www-form-urlencoded', refuses: ['text/plain', 'application/json'] },
  { route: 'POST /api/census/overlay', method: 'POST', path: '/api/census/overlay', maxBytes: 8 * KB, accepts: 'application/x-www-form-urlencoded', refuses: ['text/plain', 'application/json'] },
  { route: 'POST /api/census/RecordQuickView/:id', method: 'POST', path: '/api/census/RecordQuickView/i1', maxBytes: 8 * KB, accepts: 'application/x-www-form-urlencoded', refuses: ['text/plain', 'application/json'] },
  { route: 'POST /api/events/RecordEvent', method: 'POST', path: '/api/events/RecordEvent', maxBytes: 8 * KB, accepts: 'application/x-www-form-urlencoded', refuses: ['text/plain', 'application/json'] },
  { route: 'POST /api/events/RecordJavascriptErrors', method: 'POST', path: '/api/events/RecordJavascriptErrors', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/1/performance/records', method: 'POST', path: '/api/1/performance/records', maxBytes: 64 * KB, accepts: 'text/plain', refuses: ['application/xml', 'text/html'] },
];
