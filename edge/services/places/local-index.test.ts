import { describe, expect, it } from 'vitest';
import { parseLocalPlaceId, rowAddress, rowPrediction, searchShard, type PlaceRow, type PlaceShard } from './local-index.js';

// A hand-made shard, sorted as dataset/build.ts sorts: by key, then rank descending.
const rows: PlaceRow[] = [
  ['paris', 'Paris', 'TX', '75460', 25000, 'z75460'],
  ['paris', 'Paris', 'TN', '38242', 10000, 'z38242'],
  ['parish', 'Parish', 'NY', '13131', 2000, 'z13131'],
  ['park city', 'Park City', 'UT', '84060', 8000, 'z84060'],
  ['parkville', 'Parkville', 'MO', '', 7000, 'g4403'],
  ['saint louis', 'Saint Louis', 'MO', '63101', 300000, 'z63101'],
];
const byPostcode = rows.map((row, i) => [row[3], i] as const).filter(([code]) => code).sort((a, b) => a[0].localeCompare(b[0])).map(([, i]) => i);
const shard: PlaceShard = { version: 1, country: 'US', countryName: 'United States', places: rows, byPostcode };

describe('searchShard', () => {
  it('finds names by prefix, exact names first, then by rank', () => {
    expect(searchShard(shard, 'Par').map((r) => r[5])).toEqual(['z75460', 'z38242', 'z84060', 'g4403', 'z13131']);
    expect(searchShard(shard, 'paris').map((r) => r[5])).toEqual(['z75460', 'z38242', 'z13131']);
    expect(searchShard(shard, 'PARK').map((r) => r[1])).toEqual(['Park City', 'Parkville']);
    expect(searchShard(shard, 'Par', 2)).toHaveLength(2);
  });

  it('finds postcodes by prefix in postcode order', () => {
    expect(searchShard(shard, '6').map((r) => r[3])).toEqual(['63101']);
    expect(searchShard(shard, '13').map((r) => r[1])).toEqual(['Parish']);
    expect(searchShard(shard, '99')).toEqual([]);
  });

  it('finds nothing past the end or for punctuation only', () => {
    expect(searchShard(shard, 'zz')).toEqual([]);
    expect(searchShard(shard, '--')).toEqual([]);
  });
});

describe('local place ids and answers', () => {
  it('round-trips ids and refuses others', () => {
    const prediction = rowPrediction(shard, rows[4]!);
    expect(prediction).toEqual({ placeId: 'local:US:g4403', description: 'Parkville, MO, United States', mainText: 'Parkville', secondaryText: 'MO, United States' });
    expect(parseLocalPlaceId(prediction.placeId)).toEqual({ country: 'US', rowId: 'g4403' });
    expect(parseLocalPlaceId('ChIJabc')).toBeNull();
    expect(parseLocalPlaceId('local:us:g1')).toBeNull();
  });

  it("names the country in a non-English page's language (issue 29); English as the shard has it", () => {
    expect(rowPrediction(shard, rows[4]!, 'fr').secondaryText).toBe('MO, États-Unis');
    expect(rowAddress(shard, rows[0]!, 'fr').formattedAddress).toBe('Paris, TX 75460, États-Unis');
    expect(rowPrediction(shard, rows[4]!, 'en-GB').secondaryText).toBe('MO, United States');
  });

  it('gives an address in the checkout field terms', () => {
    expect(rowAddress(shard, rows[0]!)).toEqual({
      placeId: 'local:US:z75460', formattedAddress: 'Paris, TX 75460, United States', addressLine1: '', city: 'Paris', region: 'TX', postalCode: '75460', country: 'US',
    });
  });
});
