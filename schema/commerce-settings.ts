import { check, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { sql } from 'drizzle-orm';
import { giftCards } from './gift-cards.js';
import { websites } from './websites.js';

/**
 * A site's payment-provider secrets (the Stripe secret key), AES-GCM encrypted with the
 * worker secret SETTINGS_ENCRYPTION_KEY (docs/api/commerce-preferences.md, "Secrets").
 * Only the ciphertext and the key's last four characters are stored; no API answer and no
 * page ever carries the plain key, and no GET reads `ciphertext`.
 */
export const paymentSecrets = sqliteTable(
  'payment_secrets',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    // 'stripe'
    provider: text('provider').notNull(),
    // base64 of IV (12 bytes) + AES-GCM ciphertext and tag.
    ciphertext: text('ciphertext').notNull(),
    last4: text('last4').notNull(),
    updatedOn: integer('updated_on').notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.provider] })],
);

/**
 * The owner's hand adjustments of a gift card's balance, each with its reason. Written in
 * the same D1 batch as the conditional balance UPDATE and only when that UPDATE changed the
 * row, so the history sums exactly to what the adjustments moved.
 */
export const giftCardAdjustments = sqliteTable(
  'gift_card_adjustments',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id').notNull(),
    giftCardId: text('gift_card_id')
      .notNull()
      .references(() => giftCards.id, { onDelete: 'cascade' }),
    // Signed: + adds to the balance, - takes from it (minor units of the card's currency).
    deltaCents: integer('delta_cents').notNull(),
    balanceAfterCents: integer('balance_after_cents').notNull(),
    reason: text('reason').notNull(),
    // The contributor who adjusted it (email, kept even if the account goes).
    byEmail: text('by_email').notNull(),
    createdOn: integer('created_on').notNull(),
  },
  (t) => [index('gift_card_adjustments_card_idx').on(t.giftCardId, t.createdOn), check('gift_card_adjustments_delta_ck', sql`${t.deltaCents} <> 0`)],
);
