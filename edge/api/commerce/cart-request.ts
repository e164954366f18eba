import type { Context } from 'hono';
import type { AppEnv } from '../../env.js';
import { clientIp } from '../../lib/client-address.js';
import { visitorKey } from '../../lib/visitor-key.js';
import { rateLimit } from '../../middleware/rate-limit/index.js';
import { isCartTokenShape, type CartScope } from '../../services/cart/index.js';
import { cartToken } from '../../middleware/session/cart-cookies.js';

/**
 * Cart writes spend the visitor's budget (cart token, else crumb) and the client address's
 * (Cloudflare's rate-limiting binding; docs/api/README.md).
 */
export const cartWriteLimit = rateLimit(
  { binding: 'RATE_VISITOR_WRITES', periodSeconds: 60, key: (c) => visitorKey(c) },
  { binding: 'RATE_IP_WRITES', periodSeconds: 60, key: (c) => clientIp(c) || undefined },
);

export function cartScope(c: Context<AppEnv>): CartScope {
  return { db: c.var.db, site: c.var.site, now: Date.now() };
}

/** The visitor's token when it has the shape of one we issue (others are never looked up). */
export function token(c: Context<AppEnv>): string | undefined {
  const t = cartToken(c);
  return isCartTokenShape(t) ? t : undefined;
}

