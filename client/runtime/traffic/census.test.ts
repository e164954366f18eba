import { describe, expect, it } from 'vitest';
import { newHitId } from './census.js';

describe('newHitId', () => {
  it('makes 128-bit base64url ids the RecordHit schema accepts, a new one each time', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newHitId()));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});
