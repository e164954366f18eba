import { and, desc, eq, inArray, isNotNull, lt, or, type SQL } from 'drizzle-orm';
import { giftCardRedemptions, giftCards, orders } from '../../../schema/index.js';
import { type EpochMs } from '../../../domain/branded-types.js';
import { fillText, storeTexts } from '../../../domain/languages/store-texts.js';
import { mailMoney, type MailLanguage } from '../multilingual/mail-language.js';
import { rawD1 } from '../cart/raw.js';
import { newRowId } from '../cart/tokens.js';
import { giftCardCodeHash, lastFour, newGiftCardCode, normaliseGiftCardCode } from '../gift-cards/codes.js';
import { query, type Db } from '../db.js';

/** One issued card as the owner sees it: never the code, only its last four characters. */
export interface OwnerGiftCard extends IssuedGiftCard {
  disabledOn: EpochMs | null;
  /** The order that bought the card (null for a card issued another way). */
  orderNumber: number | null;
  /** Orders that drew from the card, oldest first. */
  redemptions: { orderNumber: number; amountCents: number; createdOn: EpochMs }[];
}

export interface OwnerGiftCardPage {
  cards: OwnerGiftCard[];
  /** Cursor of the next page ('createdOn.id' of the last card), undefined on the last page. */
  next?: string;
}

/** A page cursor as the list hands it out; undefined when `text` is not one. */
export function parseGiftCardCursor(text: string): { createdOn: number; id: string } | undefined {
  const m = /^(\d{1,16})\.([A-Za-z0-9_-]{1,64})$/.exec(text);
  return m ? { createdOn: Number(m[1]), id: m[2]! } : undefined;
}

/**
 * A site's gift cards, newest first, with the order that bought each and the orders that
 * drew from it. Paged by (created_on, id), so cards issued meanwhile do not shift pages.
 * Redemptions count only once their order exists (order_id set): an attempt in flight or
 * rolled back is not a redemption.
 */
export async function listOwnerGiftCards(db: Db, websiteId: string, o: { after?: string; pageSize?: number } = {}): Promise<OwnerGiftCardPage> {
  const pageSize = Math.min(Math.max(o.pageSize ?? 50, 1), 200);
  const where: (SQL | undefined)[] = [eq(giftCards.websiteId, websiteId)];
  const cursor = o.after ? parseGiftCardCursor(o.after) : undefined;
  if (cursor) where.push(or(lt(giftCards.createdOn, cursor.createdOn), and(eq(giftCards.createdOn, cursor.createdOn), lt(giftCards.id, cursor.id))));
  const rows = await query(() =>
    db
      .select({
        id: giftCards.id, last4: giftCards.codeLast4, currency: giftCards.currency, initialCents: giftCards.initialCents, balanceCents: giftCards.balanceCents,
        createdOn: giftCards.createdOn, disabledOn: giftCards.disabledOn, orderNumber: orders.orderNumber,
      })
      .from(giftCards)
      .leftJoin(orders, eq(orders.id, giftCards.orderId))
      .where(and(...where))
      .orderBy(desc(giftCards.createdOn), desc(giftCards.id))
      .limit(pageSize + 1),
  );
  const more = rows.length > pageSize;
  const page = more ? rows.slice(0, pageSize) : rows;
  const ids = page.map((r) => r.id);
  const drawn = ids.length
    ? await query(() =>
        db
          .select({ giftCardId: giftCardRedemptions.giftCardId, orderNumber: orders.orderNumber, amountCents: giftCardRedemptions.amountCents, createdOn: giftCardRedemptions.createdOn })
          .from(giftCardRedemptions)
          .innerJoin(orders, eq(orders.id, giftCardRedemptions.orderId))
          .where(and(eq(giftCardRedemptions.websiteId, websiteId), inArray(giftCardRedemptions.giftCardId, ids), isNotNull(giftCardRedemptions.orderId)))
          .orderBy(giftCardRedemptions.createdOn),
      )
    : [];
  const cards = page.map((r) => ({
    ...r,
    redemptions: drawn.filter((d) => d.giftCardId === r.id).map(({ orderNumber, amountCents, createdOn }) => ({ orderNumber, amountCents, createdOn })),
  }));
  const last = page[page.length - 1];
  return { cards, next: more && last ? `${last.createdOn}.${last.id}` : undefined };
}

/**
 * The owner disables a card: one conditional UPDATE, so of two simultaneous clicks one
 * disables and the other finds it done. Checkout refuses a disabled card from then on
 * (gift-cards/lookup.ts, and the draw-down's own condition in gift-cards/redeem.ts).
 * Returns 'disabled', 'already' (it was) or 'missing' (not this site's card).
 */
export async function disableGiftCard(db: Db, websiteId: string, id: string, now: EpochMs): Promise<'disabled' | 'already' | 'missing'> {
  const d1 = rawD1(db);
  const result = await query(() =>
    d1.prepare('UPDATE gift_cards SET disabled_on = ?3 WHERE id = ?1 AND website_id = ?2 AND disabled_on IS NULL').bind(id, websiteId, now).run(),
  );
  if (result.meta.changes === 1) return 'disabled';
  const exists = await query(() => d1.prepare('SELECT 1 AS n FROM gift_cards WHERE id = ?1 AND website_id = ?2').bind(id, websiteId).first()).then(Boolean);
  return exists ? 'already' : 'missing';
}

/** A card the owner issued by hand, as the answer and the list show it (never its code). */
export interface IssuedGiftCard {
  id: string;
  last4: string;
  currency: string;
  initialCents: number;
  balanceCents: number;
  createdOn: EpochMs;
}

/**
 * The owner issues a card without an order (a prize, a refund as store credit): one INSERT
 * of the hashed code and, in the same batch, the outbox mail that carries the code to the
 * recipient, so the code exists exactly where the card does. The owner sees its last four.
 * `language`: the recipient's, when the owner chose an added one (issue 29): the mail's words
 * and its money format; the owner's note goes as written.
 */
export async function issueGiftCardAsOwner(
  db: Db, site: { id: string; title: string; currency: string }, input: { amountCents: number; email: string; note?: string | undefined; language?: MailLanguage | undefined }, now: EpochMs,
): Promise<IssuedGiftCard> {
  const code = newGiftCardCode();
  const plain = normaliseGiftCardCode(code)!;
  const card = { id: newRowId(), last4: lastFour(plain), currency: site.currency, initialCents: input.amountCents, balanceCents: input.amountCents, createdOn: now };
  const t = input.language?.texts ?? storeTexts();
  const amount = mailMoney(input.language, site.currency)(input.amountCents);
  const subject = fillText(t.mailOwnerGiftCardSubject, { site: site.title });
  const text = [
    fillText(t.mailOwnerGiftCard, { site: site.title, amount }), ...(input.note ? ['', input.note] : []), '', fillText(t.mailOwnerGiftCardCode, { code }), '', t.mailOwnerGiftCardUse,
  ].join('\n');
  const d1 = rawD1(db);
  const hash = await giftCardCodeHash(plain);
  await query(() =>
    d1.batch([
      d1
        .prepare(`INSERT INTO gift_cards (id, website_id, code, code_last4, currency, initial_cents, balance_cents, order_id, created_on) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6, NULL, ?7)`)
        .bind(card.id, site.id, hash, card.last4, site.currency, input.amountCents, now),
      d1
        .prepare(`INSERT INTO mail_outbox (id, website_id, kind, to_address, subject, text_body, html_body, status, attempts, created_on) VALUES (?1, ?2, 'gift-card', ?3, ?4, ?5, NULL, 'queued', 0, ?6)`)
        .bind(newRowId(), site.id, input.email, subject, text, now),
    ]),
  );
  return card;
}

/** What the owner's balance check answers for a code (disabled cards included, marked). */
export interface GiftCardBalance {
  id: string;
  last4: string;
  currency: string;
  initialCents: number;
  balanceCents: number;
  disabled: boolean;
}

/** The site's card behind a typed code, disabled or not; undefined for anything else. */
export async function giftCardBalance(db: Db, websiteId: string, typed: string): Promise<GiftCardBalance | undefined> {
  const plain = normaliseGiftCardCode(typed);
  if (!plain) return undefined;
  const hash = await giftCardCodeHash(plain);
  const row = await query(() =>
    rawD1(db)
      .prepare('SELECT id, code_last4 AS last4, currency, initial_cents AS initialCents, balance_cents AS balanceCents, disabled_on AS disabledOn FROM gift_cards WHERE website_id = ?1 AND code = ?2')
      .bind(websiteId, hash)
      .first<{ id: string; last4: string; currency: string; initialCents: number; balanceCents: number; disabledOn: number | null }>(),
  );
  return row ? { id: row.id, last4: row.last4, currency: row.currency, initialCents: row.initialCents, balanceCents: row.balanceCents, disabled: row.disabledOn !== null } : undefined;
}

/** One hand adjustment of a card's balance, as the history shows it. */
export interface GiftCardAdjustment {
  id: string;
  deltaCents: number;
  balanceAfterCents: number;
  reason: string;
  byEmail: string;
  createdOn: EpochMs;
}

export type AdjustOutcome = { ok: true; balanceCents: number; adjustment: GiftCardAdjustment } | { ok: false; reason: 'missing' | 'below-zero' | 'above-limit' };

/** The most a card may hold after an adjustment (minor units), as for a card issued by hand. */
export const MAX_CARD_BALANCE_CENTS = 1_000_000;

/**
 * The owner moves a card's balance by `deltaCents` (+ adds, - takes) with a reason. One D1
 * batch: a conditional UPDATE (the balance stays within 0..MAX_CARD_BALANCE_CENTS, checked
 * in the statement, never read-modify-write) and the history row, inserted only when that
 * UPDATE changed the card (changes() = 1) with the balance it left. Concurrent adjustments
 * and checkouts drawing from the card each see the other's result.
 */
export async function adjustGiftCardBalance(
  db: Db, websiteId: string, id: string, input: { deltaCents: number; reason: string; byEmail: string }, now: EpochMs,
): Promise<AdjustOutcome> {
  const d1 = rawD1(db);
  const adjustmentId = newRowId();
  const [update] = await query(() =>
    d1.batch([
      d1
        .prepare(
          `UPDATE gift_cards SET balance_cents = balance_cents + ?3
           WHERE id = ?1 AND website_id = ?2 AND balance_cents + ?3 >= 0 AND balance_cents + ?3 <= ?4`,
        )
        .bind(id, websiteId, input.deltaCents, MAX_CARD_BALANCE_CENTS),
      d1
        .prepare(
          `INSERT INTO gift_card_adjustments (id, website_id, gift_card_id, delta_cents, balance_after_cents, reason, by_email, created_on)
           SELECT ?3, website_id, id, ?4, balance_cents, ?5, ?6, ?7 FROM gift_cards WHERE id = ?1 AND website_id = ?2 AND changes() = 1`,
        )
        .bind(id, websiteId, adjustmentId, input.deltaCents, input.reason, input.byEmail, now),
    ]),
  );
  if (update!.meta.changes === 1) {
    const row = await query(() =>
      d1.prepare('SELECT balance_after_cents AS b FROM gift_card_adjustments WHERE id = ?1').bind(adjustmentId).first<{ b: number }>(),
    );
    const balanceCents = row!.b;
    return { ok: true, balanceCents, adjustment: { id: adjustmentId, deltaCents: input.deltaCents, balanceAfterCents: balanceCents, reason: input.reason, byEmail: input.byEmail, createdOn: now } };
  }
  const card = await query(() => d1.prepare('SELECT balance_cents AS b FROM gift_cards WHERE id = ?1 AND website_id = ?2').bind(id, websiteId).first<{ b: number }>());
  if (!card) return { ok: false, reason: 'missing' };
  return { ok: false, reason: card.b + input.deltaCents < 0 ? 'below-zero' : 'above-limit' };
}

/** A card's adjustments, newest first (undefined when the card is not this site's). */
export async function giftCardAdjustments(db: Db, websiteId: string, id: string): Promise<GiftCardAdjustment[] | undefined> {
  const d1 = rawD1(db);
  const card = await query(() => d1.prepare('SELECT 1 AS n FROM gift_cards WHERE id = ?1 AND website_id = ?2').bind(id, websiteId).first());
  if (!card) return undefined;
  const rows = await query(() =>
    d1
      .prepare(
        `SELECT id, delta_cents AS deltaCents, balance_after_cents AS balanceAfterCents, reason, by_email AS byEmail, created_on AS createdOn
         FROM gift_card_adjustments WHERE gift_card_id = ?1 AND website_id = ?2 ORDER BY created_on DESC, id DESC LIMIT 200`,
      )
      .bind(id, websiteId)
      .all<GiftCardAdjustment>(),
  );
  return rows.results;
}
