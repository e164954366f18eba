import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { zonedFields, zonedFieldsViaDate, zoneOffsetMs } from './zoned.js';

describe('zonedFields', () => {
  it('calendar arithmetic agrees with Date for any instant, zone and offset', () => {
    const zones = ['UTC', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham', 'Australia/Lord_Howe', 'Nope/Zone'];
    fc.assert(
      fc.property(fc.integer({ min: -4_000_000_000_000, max: 260_000_000_000_000 }), fc.constantFrom(...zones), (epoch, zone) => {
        const f = zonedFields(epoch, zone);
        const off = zoneOffsetMs(f.timeZone, epoch) ?? 0;
        expect(f).toEqual(zonedFieldsViaDate(epoch, f.timeZone, off));
      }),
      { numRuns: 3000 },
    );
  });

  it('handles leap days, year ends and instants before 1970', () => {
    for (const iso of ['2024-02-29T23:59:59.999Z', '2000-12-31T00:00:00Z', '1900-03-01T12:00:00Z', '1969-12-31T23:59:59.999Z', '2100-03-01T00:00:00Z']) {
      const epoch = Date.parse(iso);
      expect(zonedFields(epoch, 'UTC')).toEqual(zonedFieldsViaDate(epoch, 'UTC', 0));
    }
  });
});
