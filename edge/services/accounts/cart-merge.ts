import { and, eq, gt } from 'drizzle-orm';
import { accountCarts, carts } from '../../../schema/index.js';
import { type EpochMs } from '../../../domain/branded-types.js';
import { findCart, isCartTokenShape, type CartRecord } from '../cart/index.js';
import { insertCartStatement, newCart } from '../cart/carts.js';
import { rawD1 } from '../cart/raw.js';
import { newCartToken, sha256Hex } from '../cart/tokens.js';
import { query, type Db } from '../db.js';

/** The live shopping cart linked to an account on a site, if any. */
async function accountCart(db: Db, websiteId: string, siteUserId: string, now: EpochMs): Promise<CartRecord | undefined> {
  const [row] = await query(() =>
    db
      .select({ cart: carts })
      .from(accountCarts)
      .innerJoin(carts, eq(carts.id, accountCarts.cartId))
      .where(
        and(
          eq(accountCarts.websiteId, websiteId),
          eq(accountCarts.siteUserId, siteUserId),
          eq(carts.kind, 'shopping'),
          eq(carts.isPurchased, false),
          gt(carts.expiresOn, now),
        ),
      )
      .limit(1),
  );
  return row?.cart;
}

/**
 * Moves every line of `source` into `target` in one D1 batch (atomic): a line in both
 * carts keeps the larger quantity, so the merge never needs stock that was not already
 * held; each moved line takes its stock hold along; the emptied source cart is deleted.
 */
export async function mergeCarts(db: Db, targetId: string, sourceId: string, now: EpochMs): Promise<void> {
  const d1 = rawD1(db);
  // ?1 = target, ?2 = source. Target lines that a bigger source line replaces, and source
  // lines that a target line of at least as many units makes redundant.
  const targetLoses = `SELECT t.id FROM cart_entries t JOIN cart_entries s ON s.line_key = t.line_key
    WHERE t.cart_id = ?1 AND s.cart_id = ?2 AND s.quantity > t.quantity`;
  const sourceLoses = `SELECT s.id FROM cart_entries s JOIN cart_entries t ON t.line_key = s.line_key
    WHERE s.cart_id = ?2 AND t.cart_id = ?1 AND t.quantity >= s.quantity`;
  const bind = (sql: string) => d1.prepare(sql).bind(targetId, sourceId);
  await query(() =>
    d1.batch([
      bind(`DELETE FROM stock_holds WHERE entry_id IN (${targetLoses})`),
      bind(`DELETE FROM cart_entries WHERE id IN (${targetLoses})`),
      bind(`DELETE FROM stock_holds WHERE entry_id IN (${sourceLoses})`),
      bind(`DELETE FROM cart_entries WHERE id IN (${sourceLoses})`),
      bind(`UPDATE stock_holds SET cart_id = ?1 WHERE cart_id = ?2`),
      bind(`UPDATE cart_entries SET cart_id = ?1 WHERE cart_id = ?2`),
      d1.prepare(`DELETE FROM carts WHERE id = ?`).bind(sourceId),
      d1.prepare(`UPDATE carts SET updated_on = ? WHERE id = ?`).bind(now, targetId),
    ]),
  );
}

export interface AttachedCart {
  /** A new CART cookie value when the visitor must switch to the account's cart. */
  token?: string;
  cartId: string;
}

/**
 * On sign-in (SPEC §6): the visitor's anonymous cart merges into the account's cart. The
 * visitor's own `CART` cookie stays valid (its cart receives the account cart's lines and
 * becomes the account's cart); a visitor with no cart takes over the account's cart under
 * a fresh token (only token hashes are stored, so the old one cannot be handed out); a
 * visitor and account with no cart get a new empty one, so later adds land in the account's.
 */
export async function attachCartOnSignIn(
  db: Db,
  websiteId: string,
  siteUserId: string,
  cookieToken: string | undefined,
  now: EpochMs,
): Promise<AttachedCart> {
  const visitor = isCartTokenShape(cookieToken) ? await findCart(db, websiteId, cookieToken, now) : undefined;
  const account = await accountCart(db, websiteId, siteUserId, now);
  let result: AttachedCart;
  if (visitor && account && visitor.id !== account.id) {
    await mergeCarts(db, visitor.id, account.id, now);
    result = { cartId: visitor.id };
  } else if (visitor) {
    result = { cartId: visitor.id };
  } else if (account) {
    const token = newCartToken();
    const tokenHash = await sha256Hex(token);
    await query(() => db.update(carts).set({ tokenHash, updatedOn: now }).where(eq(carts.id, account.id)));
    result = { cartId: account.id, token };
  } else {
    // No cart yet: an empty one, so what this visitor adds while signed in is the account's.
    const fresh = await newCart(websiteId, now);
    await query(() => insertCartStatement(db, fresh.record).run());
    result = { cartId: fresh.record.id, token: fresh.token };
  }
  await query(() =>
    db
      .insert(accountCarts)
      .values({ websiteId, siteUserId, cartId: result.cartId, updatedOn: now })
      .onConflictDoUpdate({ target: [accountCarts.websiteId, accountCarts.siteUserId], set: { cartId: result.cartId, updatedOn: now } }),
  );
  return result;
}

/**
 * On sign-out: the account's cart gets a fresh token hash that nobody holds, so the CART
 * token the browser had (or anyone who copied it) no longer opens it (issue 33, finding 10).
 * The next sign-in hands the cart back under a new token (attachCartOnSignIn).
 */
export async function detachCartOnSignOut(db: Db, websiteId: string, siteUserId: string, now: EpochMs): Promise<void> {
  const account = await accountCart(db, websiteId, siteUserId, now);
  if (!account) return;
  const tokenHash = await sha256Hex(newCartToken());
  await query(() => db.update(carts).set({ tokenHash, updatedOn: now }).where(eq(carts.id, account.id)));
}
