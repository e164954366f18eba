import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomToken } from './random-token.js';

describe('randomToken', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Makes the next getRandomValues fill `bytes`. */
  function nextRandom(bytes: number[]): void {
    vi.spyOn(crypto, 'getRandomValues').mockImplementationOnce(<T extends ArrayBufferView | null>(array: T): T => {
      (array as unknown as Uint8Array).set(bytes);
      return array;
    });
  }

  it.each([1, 2, 3, 4, 5, 16, 17, 32])('encodes %i random bytes as base64url without padding (as Buffer does)', (length) => {
    const bytes = Array.from({ length }, (_, i) => (i * 97 + 251) & 255);
    nextRandom(bytes);
    expect(randomToken(length)).toBe(Buffer.from(bytes).toString('base64url'));
  });

  it('uses the whole alphabet, with - and _ for the last two digits', () => {
    nextRandom([0xfb, 0xff, 0xbf, 0x00, 0x10, 0x83]);
    expect(randomToken(6)).toBe('-_-_ABCD');
  });

  it('is 22 characters for the default 16 bytes, and differs between calls', () => {
    expect(randomToken()).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(randomToken()).not.toBe(randomToken());
  });
});
