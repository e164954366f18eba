import { and, eq, isNull, sql } from 'drizzle-orm';
import { giftCards, PRODUCT_TYPE } from '../../../schema/index.js';
import { type Cents } from '../../../domain/branded-types.js';
import { ApiError } from '../../errors.js';
import { moneyJson } from '../../../domain/money/money.js';
import { query, type Db } from '../db.js';
import { giftCardCodeHash, normaliseGiftCardCode } from './codes.js';
import { giftCardDraw, type GiftCardDraw } from './draw.js';
import { GIFT_CARD_MESSAGES } from './messages.js';

export type GiftCardRow = typeof giftCards.$inferSelect;

/** A gift card checked for one order: the card and what it would pay of the total. */
export interface GiftCardUse extends GiftCardDraw {
  card: GiftCardRow;
}

const refuse = (status: 409 | 422, code: string, message: string, field: string = message) =>
  new ApiError(status, code, message, { fields: { giftCardCode: field } });

/**
 * The site's card behind a code as typed, or undefined: unknown codes, other sites' cards
 * and cards the owner disabled (/config/gift-cards) alike, so all get the same message.
 */
export async function findGiftCard(db: Db, websiteId: string, typed: string): Promise<GiftCardRow | undefined> {
  const code = normaliseGiftCardCode(typed);
  if (!code) return undefined;
  const hash = await giftCardCodeHash(code);
  const [row] = await query(() => db.select().from(giftCards).where(and(eq(giftCards.websiteId, websiteId), eq(giftCards.code, hash), isNull(giftCards.disabledOn))).limit(1));
  return row;
}

/**
 * Checks a code against a cart about to be paid (`grandTotalCents`): the card must be the
 * site's, in its currency, with something left, and the cart must not buy gift cards
 * (SPEC §8 'Unable to purchase Gift Card'). The balance read here only sizes the draw;
 * the draw itself is the conditional UPDATE of redeem.ts.
 */
export async function giftCardUse(
  db: Db, site: { id: string; currency: string }, typed: string, productTypes: readonly number[], grandTotalCents: Cents,
): Promise<GiftCardUse> {
  if (productTypes.includes(PRODUCT_TYPE.giftCard)) throw refuse(422, 'gift_card_purchase', GIFT_CARD_MESSAGES.purchase, GIFT_CARD_MESSAGES.purchaseField);
  const card = await findGiftCard(db, site.id, typed);
  if (!card || card.currency !== site.currency) throw refuse(422, 'gift_card_invalid', GIFT_CARD_MESSAGES.invalid);
  if (card.balanceCents <= 0) throw refuse(422, 'gift_card_empty', GIFT_CARD_MESSAGES.noBalance);
  return { card, ...giftCardDraw(grandTotalCents, card.balanceCents as Cents) };
}

/**
 * The gift-card use a dead order attempt (`attemptId`) already drew, when a retry names the same
 * card and the draw is exactly what a fresh attempt would take for this total (the card's
 * balance with the draw put back): the attempt can carry on without drawing again (issue 35).
 * Undefined otherwise (no draw, another card, a changed total or balance): undo and start over.
 */
export async function carriedGiftCardUse(
  db: Db, site: { id: string; currency: string }, typed: string, attemptId: string, productTypes: readonly number[], grandTotalCents: Cents,
): Promise<GiftCardUse | undefined> {
  if (productTypes.includes(PRODUCT_TYPE.giftCard)) return undefined;
  const [drawn, card] = await Promise.all([
    query(() => db.get<{ giftCardId: string; amountCents: number }>(sql`
      SELECT gift_card_id AS giftCardId, amount_cents AS amountCents FROM gift_card_redemptions
      WHERE attempt_id = ${attemptId} AND website_id = ${site.id} AND order_id IS NULL`)),
    findGiftCard(db, site.id, typed),
  ]);
  if (!drawn || !card || card.id !== drawn.giftCardId || card.currency !== site.currency) return undefined;
  const fresh = giftCardDraw(grandTotalCents, (card.balanceCents + drawn.amountCents) as Cents);
  return fresh.appliedCents === drawn.amountCents ? { card, ...fresh } : undefined;
}

/** What the checkout summary shows of a gift card (no code, only its last four). */
export function giftCardJson(use: GiftCardUse, currency: string): Record<string, unknown> {
  return {
    last4: use.card.codeLast4,
    balanceCents: use.card.balanceCents,
    balanceMoney: moneyJson(use.card.balanceCents, currency),
    appliedCents: use.appliedCents,
    appliedMoney: moneyJson(use.appliedCents, currency),
    amountDueCents: use.amountDueCents,
    amountDueMoney: moneyJson(use.amountDueCents, currency),
  };
}

export { refuse as giftCardRefusal };
