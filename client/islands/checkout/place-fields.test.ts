import { describe, expect, it } from 'vitest';
import { fieldsFromPlace } from './place-fields.js';

const place = { placeId: 'p', formattedAddress: '', addressLine1: '', city: 'Portland', region: 'OR', postalCode: '97201', country: 'US' };
const typed = { country: 'US', region: '', address1: '1 Main St, Portl', city: '', postalCode: '', email: 'a@b.c' };

describe('fieldsFromPlace', () => {
  it('fills city, region, postcode and country, keeping other fields', () => {
    expect(fieldsFromPlace(typed, place, '1 Main St')).toEqual({ ...typed, address1: '1 Main St', city: 'Portland', region: 'OR', postalCode: '97201', country: 'US' });
  });

  it('switches country and drops a region its table lacks', () => {
    const next = fieldsFromPlace(typed, { ...place, city: 'Toronto', region: 'XX', postalCode: 'M5V', country: 'CA' }, '');
    expect(next).toMatchObject({ country: 'CA', region: '', postalCode: 'M5V', city: 'Toronto' });
  });

  it('keeps the shopper\'s country when the place is in one the form does not offer', () => {
    const next = fieldsFromPlace({ ...typed, region: 'OR', postalCode: '97201' }, { ...place, country: 'BR', region: 'SP', postalCode: '01000' }, '');
    expect(next).toMatchObject({ country: 'US', region: 'OR', postalCode: '01000' });
  });
});
