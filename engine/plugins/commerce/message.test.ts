import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../escape.js';
import { fillMarkup, fillMessage } from './message.js';

const PLACEHOLDER = /\{\s*([A-Za-z_$][\w$]*)\s*\}/g;
const own = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

// The straightforward forms: one regular-expression pass over the text per call.
const messageByRegex = (text: string, values: Record<string, string>) =>
  text.replace(PLACEHOLDER, (whole, name: string) => (own(values, name) ? values[name] : whole));
function markupByRegex(text: string, values: Record<string, string>): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    if (!own(values, m[1])) continue;
    out += escapeHtml(text.slice(last, m.index)) + values[m[1]];
    last = (m.index ?? 0) + m[0].length;
  }
  return out + escapeHtml(text.slice(last));
}

describe('commerce wordings', () => {
  it('fills known placeholders, keeps unknown ones as written, escapes only the wording', () => {
    expect(fillMessage('Only {qtyInStock} left!', { qtyInStock: 3 })).toBe('Only 3 left!');
    expect(fillMessage('{ a } and {b} and {toString}', { a: 'x' })).toBe('x and {b} and {toString}');
    expect(fillMarkup('{price} & more <{other}>', { price: '<b>1</b>' })).toBe('<b>1</b> &amp; more &lt;{other}&gt;');
    expect(fillMarkup('', { price: '1' })).toBe('');
  });

  it('agrees with a regular-expression pass on any wording, the first time and later', () => {
    const piece = fc.constantFrom('{price}', '{ fromPrice }', '{nope}', '{', '}', '&', '<', ' ', 'a', '{1x}', '$');
    const wording = fc.array(piece, { maxLength: 12 }).map((a) => a.join(''));
    const values = { price: '<span>$1.00</span>', fromPrice: '2' };
    fc.assert(
      fc.property(wording, (text) => {
        for (let i = 0; i < 2; i++) {
          expect(fillMarkup(text, values)).toBe(markupByRegex(text, values));
          expect(fillMessage(text, values)).toBe(messageByRegex(text, values));
        }
      }),
      { numRuns: 300 },
    );
  });
});
