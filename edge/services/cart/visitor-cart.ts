import type { Db } from '../db.js';
import { findCart } from './carts.js';
import { loadCartView, type CartView } from './read.js';
import { isCartTokenShape } from './tokens.js';

/**
 * The visitor's live shopping cart for a `CART` cookie value, or undefined (no cookie, a
 * malformed, forged, expired or purchased cart, or another site's).
 */
export async function visitorCart(db: Db, websiteId: string, token: string | undefined, now: number): Promise<CartView | undefined> {
  if (!isCartTokenShape(token)) return undefined;
  const record = await findCart(db, websiteId, token, now);
  return record ? loadCartView(db, record) : undefined;
}
