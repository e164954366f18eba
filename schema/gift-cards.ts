import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { websites } from './websites.js';

/**
 * Gift cards. Bought as a gift-card product (SPEC §3 productType 4), each unit
 * issues one card whose balance is what was paid for it. `code` holds the SHA-256 of the
 * normalised code, never the code itself: the code exists only in the buyer's mail, so a
 * leaked table redeems nothing. `codeLast4` lets the summary and the owner tell cards apart.
 * The balance only moves through conditional UPDATEs (edge/services/gift-cards/redeem.ts)
 * and the CHECK keeps it from ever going below 0.
 */
export const giftCards = sqliteTable(
  'gift_cards',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    codeLast4: text('code_last4').notNull().default(''),
    currency: text('currency').notNull(),
    initialCents: integer('initial_cents').notNull(),
    balanceCents: integer('balance_cents').notNull(),
    // The order that bought the card (null for cards the owner issues).
    orderId: text('order_id'),
    // Set when the owner disables the card (/config/gift-cards): checkout refuses it from then on.
    disabledOn: integer('disabled_on'),
    createdOn: integer('created_on').notNull(),
  },
  (t) => [uniqueIndex('gift_cards_site_code_uq').on(t.websiteId, t.code), check('gift_cards_balance_ck', sql`${t.balanceCents} >= 0`)],
);

/**
 * What one checkout attempt drew from a card. Written in the same D1 batch as the
 * conditional draw-down; `amountCents` is NOT NULL and the insert supplies NULL when the
 * draw-down changed no row (balance too low by then), which aborts the whole batch. The
 * order id is filled in by the batch that records the order; a failed attempt's rows put
 * exactly their amounts back and are deleted.
 */
export const giftCardRedemptions = sqliteTable(
  'gift_card_redemptions',
  {
    attemptId: text('attempt_id').primaryKey(),
    websiteId: text('website_id').notNull(),
    giftCardId: text('gift_card_id')
      .notNull()
      .references(() => giftCards.id, { onDelete: 'cascade' }),
    orderId: text('order_id'),
    amountCents: integer('amount_cents').notNull(),
    createdOn: integer('created_on').notNull(),
  },
  (t) => [index('gift_card_redemptions_card_idx').on(t.giftCardId), check('gift_card_redemptions_amount_ck', sql`${t.amountCents} > 0`)],
);
