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
];
