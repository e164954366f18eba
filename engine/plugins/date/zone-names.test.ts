import { describe, expect, it } from 'vitest';
import { zoneAbbreviation } from './zone-names.js';

describe('zoneAbbreviation', () => {
  it('names each instant in its own offset, repeated and past a full table', () => {
    const winter = Date.UTC(2019, 0, 15, 12);
    const summer = Date.UTC(2019, 6, 15, 12);
    for (let pass = 0; pass < 2; pass++) {
      // 300 hourly instants either side of the 2019-03-10 07:00Z change (more than a table holds).
      for (let h = -150; h < 150; h++) {
        const t = Date.UTC(2019, 2, 10, 7) + h * 3_600_000;
        expect(zoneAbbreviation('America/New_York', t)).toBe(h < 0 ? 'EST' : 'EDT');
      }
      expect(zoneAbbreviation('America/New_York', winter)).toBe('EST');
      expect(zoneAbbreviation('America/New_York', summer)).toBe('EDT');
      expect(zoneAbbreviation('Asia/Tokyo', summer)).toBe('JST');
      expect(zoneAbbreviation('Europe/London', summer)).toBe('BST');
      expect(zoneAbbreviation('Europe/London', winter)).toBe('GMT');
    }
  });
});
