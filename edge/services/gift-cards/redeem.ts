import type { D1PreparedStatement } from '@cloudflare/workers-types';
import type { Db } from '../db.js';
import { rawD1 } from '../cart/raw.js';
import { newRowId } from '../cart/tokens.js';

/** The D1 error the draw-down guard raises: the card no longer covered the amount. */
export const GIFT_CARD_GUARD_FAILURE = /NOT NULL constraint failed: gift_card_redemptions\.amount_cents/;

export interface DrawInput {
  attemptId: string;
  websiteId: string;
  giftCardId: string;
  amountCents: number;
  now: number;
}

/**
 * Draws `amountCents` from a card inside the batch that secures the order's stock
 * (orders/stock-batch.ts): the UPDATE changes the row only while the balance still covers
 * the amount, and the redemption row's NOT NULL amount is NULL when it did not, which
 * aborts the batch. Two orders racing on one card can never take more than it holds, and
 * a card the owner disabled after the summary was shown draws nothing.
 */
export function drawStatements(db: Db, d: DrawInput): D1PreparedStatement[] {
  const d1 = rawD1(db);
  return [
    d1.prepare('UPDATE gift_cards SET balance_cents = balance_cents - ?2 WHERE id = ?1 AND balance_cents >= ?2 AND disabled_on IS NULL').bind(d.giftCardId, d.amountCents),
    d1
      .prepare(
        `INSERT INTO gift_card_redemptions (attempt_id, website_id, gift_card_id, amount_cents, created_on)
         VALUES (?1, ?2, ?3, CASE WHEN changes() = 1 THEN ?4 END, ?5)`,
      )
      .bind(d.attemptId, d.websiteId, d.giftCardId, d.amountCents, d.now),
  ];
}

/** Puts back what a failed attempt drew (nothing when it drew nothing) and forgets the draw. */
export function undrawStatements(db: Db, attemptId: string): D1PreparedStatement[] {
  const d1 = rawD1(db);
  return [
    d1
      .prepare(
        `UPDATE gift_cards SET balance_cents = balance_cents + (SELECT r.amount_cents FROM gift_card_redemptions r WHERE r.attempt_id = ?1)
         WHERE id = (SELECT r.gift_card_id FROM gift_card_redemptions r WHERE r.attempt_id = ?1 AND r.order_id IS NULL)`,
      )
      .bind(attemptId),
    d1.prepare('DELETE FROM gift_card_redemptions WHERE attempt_id = ?1 AND order_id IS NULL').bind(attemptId),
  ];
}

export interface SettleInput extends DrawInput {
  orderId: string;
  currency: string;
  /** True when a card payment paid the rest: the gift card gets its own payment row. */
  alongsideCard: boolean;
}

/** In the batch that records the order: the draw belongs to it and the order shows it. */
export function settleStatements(db: Db, s: SettleInput): D1PreparedStatement[] {
  const d1 = rawD1(db);
  return [
    d1.prepare('UPDATE gift_card_redemptions SET order_id = ?2 WHERE attempt_id = ?1').bind(s.attemptId, s.orderId),
    d1.prepare('UPDATE orders SET gift_card_cents = ?2 WHERE id = ?1').bind(s.orderId, s.amountCents),
    ...(s.alongsideCard
      ? [
          d1
            .prepare(
              `INSERT INTO payments (id, website_id, order_id, provider, provider_ref, amount_cents, currency, status, created_on)
               VALUES (?1, ?2, ?3, 'gift-card', ?4, ?5, ?6, 'captured', ?7)`,
            )
            .bind(newRowId(), s.websiteId, s.orderId, s.giftCardId, s.amountCents, s.currency, s.now),
        ]
      : []),
  ];
}
