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
  { route: 'POST /api/3/commerce/cart/subscription', method: 'POST', path: '/api/3/commerce/cart/subscription', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from carts' },
  { route: 'POST /api/site-users/account/session', method: 'POST', path: '/api/site-users/account/session', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from site_sessions' },
  { route: 'DELETE /api/site-users/account/session', method: 'DELETE', path: '/api/site-users/account/session', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/site-users/account/locale', method: 'POST', path: '/api/site-users/account/locale', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/site-users/account', method: 'POST', path: '/api/site-users/account', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'], stored: 'select count(*) as n from site_users' },
  { route: 'POST /api/site-users/account/verify', method: 'POST', path: '/api/site-users/account/verify', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/site-users/account/password-reset', method: 'POST', path: '/api/site-users/account/password-reset', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/site-users/account/password-reset/confirm', method: 'POST', path: '/api/site-users/account/password-reset/confirm', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/site-users/contributors/invitations', method: 'POST', path: '/api/site-users/contributors/invitations', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'DELETE /api/site-users/contributors/:siteUserId', method: 'DELETE', path: '/api/site-users/contributors/u1', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
  { route: 'POST /api/site-users/contributors/invitations/accept', method: 'POST', path: '/api/site-users/contributors/invitations/accept', maxBytes: 64 * KB, accepts: 'application/json', refuses: ['text/plain', 'application/xml'] },
];
