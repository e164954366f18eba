import { and, eq, gt } from 'drizzle-orm';
import type { D1PreparedStatement } from '@cloudflare/workers-types';
import { carts } from '../../../schema/index.js';
import { rawD1 } from './raw.js';
import { query, type Db } from '../db.js';
import type { SiteRecord } from '../websites.js';
import { newCartToken, newRowId, sha256Hex } from './tokens.js';

export type CartRecord = typeof carts.$inferSelect;
export type CartKind = 'shopping' | 'subscription';

/** A cart nobody touches for this long is gone (its entries stop counting). */
export const CART_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;
/** Stock holds (docs/cart-holds.md): a hold lasts 15 minutes unless the store sets `stockHoldMinutes` (1-1440). */
export const DEFAULT_HOLD_MINUTES = 15;

/** How long an add holds its units on this site, in ms. */
export function holdDurationMs(site: Pick<SiteRecord, 'storeSettings'>): number {
  const minutes = site.storeSettings.stockHoldMinutes;
  const valid = typeof minutes === 'number' && Number.isInteger(minutes) && minutes >= 1 && minutes <= 1440;
  return (valid ? minutes : DEFAULT_HOLD_MINUTES) * 60_000;
}

/**
 * The live cart of `kind` a token opens on this website: not purchased, not expired.
 * Unknown, forged or foreign tokens find nothing (the caller then acts as for no cart).
 */
export async function findCart(db: Db, websiteId: string, token: string, now: number, kind: CartKind = 'shopping'): Promise<CartRecord | undefined> {
  const tokenHash = await sha256Hex(token);
  const [row] = await query(() =>
    db
      .select()
      .from(carts)
      .where(
        and(eq(carts.tokenHash, tokenHash), eq(carts.websiteId, websiteId), eq(carts.kind, kind), eq(carts.isPurchased, false), gt(carts.expiresOn, now)),
      )
      .limit(1),
  );
  return row;
}

/** A cart about to be created: its token (for the cookie) and its row. */
export interface NewCart {
  token: string;
  record: CartRecord;
}

export async function newCart(websiteId: string, now: number, kind: CartKind = 'shopping', subscriptionPlanId: string | null = null): Promise<NewCart> {
  const token = newCartToken();
  return {
    token,
    record: {
      id: newRowId(),
      websiteId,
      tokenHash: await sha256Hex(token),
      kind,
      createdOn: now,
      updatedOn: now,
      expiresOn: now + CART_LIFETIME_MS,
      isPurchased: false,
      orderId: null,
      shippingLocation: null,
      coupons: [],
      subscriptionPlanId,
    },
  };
}

/** The statement that inserts a new cart (first in the batch that adds its first entry). */
export function insertCartStatement(db: Db, cart: CartRecord): D1PreparedStatement {
  return rawD1(db)
    .prepare(
      `INSERT INTO carts (id, website_id, token_hash, kind, created_on, updated_on, expires_on, subscription_plan_id)
       VALUES (?1, ?2, ?3, ?4, ?5, ?5, ?6, ?7)`,
    )
    .bind(cart.id, cart.websiteId, cart.tokenHash, cart.kind, cart.createdOn, cart.expiresOn, cart.subscriptionPlanId);
}

/** Every write to a cart keeps it alive for another lifetime. */
export function touchCartStatement(db: Db, cartId: string, now: number): D1PreparedStatement {
  return rawD1(db).prepare('UPDATE carts SET updated_on = ?2, expires_on = ?3 WHERE id = ?1').bind(cartId, now, now + CART_LIFETIME_MS);
}

/** Drops a cart created by this batch when its first add was refused, so no empty cart is left. */
export function dropIfEmptyStatement(db: Db, cartId: string): D1PreparedStatement {
  return rawD1(db)
    .prepare('DELETE FROM carts WHERE id = ?1 AND NOT EXISTS (SELECT 1 FROM cart_entries WHERE cart_id = ?1)')
    .bind(cartId);
}
