import { beforeAll, describe, expect, it } from 'vitest';
import { rowAddress, searchShard, type PlaceShard } from '../local-index.js';
import { buildPlaceShards } from './build.js';
import { PLACE_COUNTRIES } from './regions.js';

let shards: Record<string, PlaceShard>;
beforeAll(() => {
  shards = buildPlaceShards();
}, 60_000);

const first = (country: string, input: string) => {
  const row = searchShard(shards[country]!, input)[0];
  return row ? rowAddress(shards[country]!, row) : undefined;
};

describe('the offline place index', () => {
  it('has a shard for every checkout country, sorted for binary search', () => {
    expect(Object.keys(shards).sort()).toEqual(Object.keys(PLACE_COUNTRIES).sort());
    for (const shard of Object.values(shards)) {
      expect(shard.places.length).toBeGreaterThan(100);
      for (let i = 1; i < shard.places.length; i++) expect(shard.places[i - 1]![0] <= shard.places[i]![0]).toBe(true);
    }
  });

  it('finds US ZIP codes with their town and state', () => {
    expect(first('US', '90210')).toMatchObject({ city: 'Beverly Hills', region: 'CA', postalCode: '90210', country: 'US' });
    expect(first('US', 'beverly hi')).toMatchObject({ city: 'Beverly Hills', postalCode: expect.stringMatching(/^\d{5}$/) });
    // Territories are US regions in the checkout (SPEC §3).
    expect(first('US', 'San Juan')).toMatchObject({ region: 'PR' });
  });

  it('maps GeoNames divisions to the checkout region codes', () => {
    expect(first('CA', 'Toronto')).toMatchObject({ region: 'ON' });
    expect(first('CA', 'M5V')).toMatchObject({ city: 'Toronto', region: 'ON', postalCode: 'M5V' });
    expect(first('AU', 'Sydney')).toMatchObject({ region: 'NSW' });
    expect(first('GB', 'Edinburgh')).toMatchObject({ region: 'SCT' });
    expect(first('FR', 'Lyon')).toMatchObject({ region: 'ARA' });
    expect(first('ES', 'Barcelona')).toMatchObject({ region: 'CT' });
    expect(first('NZ', 'Auckland')).toMatchObject({ region: 'AUK' });
  });

  it('ranks exact names and bigger towns first, accents aside', () => {
    expect(first('GB', 'london')?.city).toBe('London');
    expect(first('SE', 'malmo')?.city).toBe('Malmö');
    expect(searchShard(shards.FR!, 'zzzzqq')).toEqual([]);
  });
});
