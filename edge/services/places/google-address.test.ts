import { describe, expect, it } from 'vitest';
import { googlePlaceAddress } from './google-address.js';

describe('googlePlaceAddress', () => {
  it('maps a US street address', () => {
    const address = googlePlaceAddress('p1', {
      formattedAddress: '1600 Amphitheatre Pkwy, Mountain View, CA 94043, USA',
      addressComponents: [
        { longText: '1600', shortText: '1600', types: ['street_number'] },
        { longText: 'Amphitheatre Parkway', shortText: 'Amphitheatre Pkwy', types: ['route'] },
        { longText: 'Mountain View', shortText: 'Mountain View', types: ['locality', 'political'] },
        { longText: 'California', shortText: 'CA', types: ['administrative_area_level_1', 'political'] },
        { longText: 'United States', shortText: 'US', types: ['country', 'political'] },
        { longText: '94043', shortText: '94043', types: ['postal_code'] },
      ],
    });
    expect(address).toEqual({
      placeId: 'p1', formattedAddress: '1600 Amphitheatre Pkwy, Mountain View, CA 94043, USA',
      addressLine1: '1600 Amphitheatre Parkway', city: 'Mountain View', region: 'CA', postalCode: '94043', country: 'US',
    });
  });

  it('uses the post town and the nation code in Britain', () => {
    const address = googlePlaceAddress('p2', {
      addressComponents: [
        { longText: '10', types: ['street_number'] },
        { longText: 'Downing Street', types: ['route'] },
        { longText: 'London', types: ['postal_town'] },
        { longText: 'England', shortText: 'England', types: ['administrative_area_level_1'] },
        { longText: 'United Kingdom', shortText: 'GB', types: ['country'] },
        { longText: 'SW1A 2AA', types: ['postal_code'] },
      ],
    });
    expect(address).toMatchObject({ addressLine1: '10 Downing Street', city: 'London', region: 'ENG', postalCode: 'SW1A 2AA', country: 'GB' });
  });

  it('refuses a place without a country', () => {
    expect(googlePlaceAddress('p3', { addressComponents: [] })).toBeNull();
  });
});
