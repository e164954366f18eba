import { sha256Hex } from '../cart/tokens.js';

/** 32 letters and digits with the look-alikes (0/O, 1/I) left out: 5 bits per character. */
export const GIFT_CARD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const LENGTH = 16;
const SHAPE = new RegExp(`^[${GIFT_CARD_ALPHABET}]{${LENGTH}}$`);

/**
 * A new gift card code: 16 characters from crypto.getRandomValues (80 bits, so codes
 * cannot be guessed within any rate limit), shown in groups of four.
 * @example newGiftCardCode() // 'K7QF-2MZC-9TPA-WX4E'
 */
export function newGiftCardCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(LENGTH));
  // 256 is a multiple of 32, so the low five bits are uniform.
  const chars = [...bytes].map((b) => GIFT_CARD_ALPHABET[b & 31]).join('');
  return chars.match(/.{4}/g)!.join('-');
}

/**
 * A code as typed by a shopper, upper-cased with spaces and dashes dropped; undefined when
 * it cannot be one of ours (such input never reaches D1).
 */
export function normaliseGiftCardCode(input: string): string | undefined {
  const code = input.toUpperCase().replace(/[\s-]/g, '');
  return SHAPE.test(code) ? code : undefined;
}

/** What D1 stores in place of the code (schema/gift-cards.ts). */
export function giftCardCodeHash(normalised: string): Promise<string> {
  return sha256Hex(`gift-card:${normalised}`);
}

export const lastFour = (normalised: string) => normalised.slice(-4);
