import { timingSafeEqual } from '../../lib/timing-safe-equal.js';
import type { Db } from '../db.js';
import { sha256Hex } from '../cart/tokens.js';
import { loadOrder, type LoadedOrder } from './order-json.js';

/**
 * The order behind an order link (`?order=<id>&token=<token>`): the token is compared by
 * its SHA-256 with the stored hash in constant time; anything else finds nothing.
 */
export async function orderFromLink(db: Db, websiteId: string, orderId: string | undefined, token: string | undefined): Promise<LoadedOrder | undefined> {
  if (!orderId || !token || orderId.length > 64 || !/^[A-Za-z0-9_-]{32}$/.test(token)) return undefined;
  const found = await loadOrder(db, websiteId, orderId);
  if (!found) return undefined;
  return timingSafeEqual(await sha256Hex(token), found.order.statusTokenHash) ? found : undefined;
}

export const orderLink = (kind: 'order-confirmed' | 'order-status' | 'subscription-confirmed', orderId: string, token: string) =>
  `/${kind}?order=${encodeURIComponent(orderId)}&token=${token}`;
