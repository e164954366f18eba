import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256HexSync } from './sha256.js';

describe('sha256HexSync', () => {
  it('matches node:crypto on empty, short, block-edge, long and non-ASCII texts', () => {
    const texts = ['', 'abc', 'a'.repeat(55), 'a'.repeat(56), 'a'.repeat(64), 'x'.repeat(1000), 'fern-and-kiln\u0000item\u0000moon-jar', 'Café ☕ 陶器'];
    for (const text of texts) expect(sha256HexSync(text)).toBe(createHash('sha256').update(text).digest('hex'));
  });
});
