import type { D1PreparedStatement } from '@cloudflare/workers-types';
import { PRODUCT_TYPE } from '../../../schema/index.js';
import { fillText, storeTexts } from '../../../domain/languages/store-texts.js';
import { labelValue } from '../../../domain/languages/label-value.js';
import { mailMoney, productName, type MailLanguage } from '../multilingual/mail-language.js';
import type { Db } from '../db.js';
import { rawD1 } from '../cart/raw.js';
import { newRowId } from '../cart/tokens.js';
import { giftCardCodeHash, lastFour, newGiftCardCode, normaliseGiftCardCode } from './codes.js';

/** A card an order is about to issue; `code` lives only in memory and in the mail. */
export interface NewGiftCard {
  id: string;
  code: string;
  codeHash: string;
  last4: string;
  amountCents: number;
  productName: string;
  /** The gift-card product (its translated title names the card in a mail of an added language). */
  itemId?: string;
}

/** One card per gift-card unit bought, worth the unit's price (what was paid for it). */
export async function newGiftCards(entries: readonly { productType: number; quantity: number; unitPriceCents: number; title: string; itemId?: string }[]): Promise<NewGiftCard[]> {
  const out: NewGiftCard[] = [];
  for (const e of entries) {
    if (e.productType !== PRODUCT_TYPE.giftCard) continue;
    for (let i = 0; i < e.quantity; i++) {
      const code = newGiftCardCode();
      const plain = normaliseGiftCardCode(code)!;
      out.push({ id: newRowId(), code, codeHash: await giftCardCodeHash(plain), last4: lastFour(plain), amountCents: e.unitPriceCents, productName: e.title, ...(e.itemId ? { itemId: e.itemId } : {}) });
    }
  }
  return out;
}

/** In the batch that records the order: the cards exist exactly when the order does. */
export function issueStatements(db: Db, order: { id: string; websiteId: string; currency: string }, cards: readonly NewGiftCard[], now: number): D1PreparedStatement[] {
  const d1 = rawD1(db);
  return cards.map((card) =>
    d1
      .prepare(
        `INSERT INTO gift_cards (id, website_id, code, code_last4, currency, initial_cents, balance_cents, order_id, created_on)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6, ?7, ?8)`,
      )
      .bind(card.id, order.websiteId, card.codeHash, card.last4, order.currency, card.amountCents, order.id, now),
  );
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
// The order number is taken in the same batch (orders/record.ts): SQL puts it in place of this.
const ORDER_NUMBER = '{{ORDER_NUMBER}}';

/**
 * The gift card mail to the buyer, every code with its value, as an outbox row written in
 * the batch that records the order: only the mail holds the codes, so it exists exactly
 * when the order and its cards do (a mail queued afterwards could be lost with them).
 * In the order's added language when it has one (issue 29): texts, card names, money.
 */
export function giftCardMailStatements(
  db: Db, site: { id: string; title: string }, order: { id: string; email: string; currency: string; language?: MailLanguage | undefined }, cards: readonly NewGiftCard[], now: number,
): D1PreparedStatement[] {
  if (cards.length === 0) return [];
  const money = mailMoney(order.language, order.currency);
  const t = order.language?.texts ?? storeTexts();
  const fill = (text: string) => fillText(text, { site: site.title, number: ORDER_NUMBER });
  const rows = cards.map((c) => labelValue(t, productName(order.language, c.itemId, c.productName), `${c.code} — ${money(c.amountCents)}`));
  const subject = fill(cards.length > 1 ? t.mailGiftCardsSubject : t.mailGiftCardSubject);
  const intro = fill(cards.length > 1 ? t.mailGiftCards : t.mailGiftCard);
  const text = [intro, '', ...rows].join('\n');
  const html = `<p>${escapeHtml(intro)}</p><ul>${rows.map((r) => `<li>${escapeHtml(r)}</li>`).join('')}</ul>`;
  const numbered = (param: string) => `replace(${param}, '${ORDER_NUMBER}', (SELECT order_number FROM orders WHERE id = ?2))`;
  return [
    rawD1(db)
      .prepare(
        `INSERT INTO mail_outbox (id, website_id, kind, to_address, subject, text_body, html_body, status, attempts, created_on, order_id)
         VALUES (?1, ?3, 'gift-card', ?4, ${numbered('?5')}, ${numbered('?6')}, ${numbered('?7')}, 'queued', 0, ?8, ?2)`,
      )
      .bind(newRowId(), order.id, site.id, order.email, subject, text, html, now),
  ];
}
