import { describe, expect, it } from 'vitest';
import {
  BACKGROUND_SOURCES,
  BLOCK_TYPES,
  COLLECTION_TYPES,
  FOLDER_BEHAVIORS,
  PRODUCT_TYPES,
  RECORD_TYPES,
  SLICE_TYPES,
  SUBSCRIPTION_STATES,
  enumName,
} from './enums.js';

describe('SPEC §3 enumerations', () => {
  it('carry the spec codes', () => {
    expect(PRODUCT_TYPES).toMatchObject({ physical: 1, digital: 2, service: 3, 'gift-card': 4, paywall: 5 });
    expect(RECORD_TYPES).toMatchObject({ text: 1, 'store-item': 11, kbarticle: 54 });
    expect(COLLECTION_TYPES).toMatchObject({ 'template-page': 7, page: 10, products: 13, 'album-block': 18 });
    expect(FOLDER_BEHAVIORS).toMatchObject({ index: 1, redirect: 2, none: 3 });
    expect(BACKGROUND_SOURCES).toMatchObject({ upload: 1, instagram: 2, video: 3, none: 4 });
    expect(SLICE_TYPES).toMatchObject({ heading: 1, twitter: 19 });
    expect(BLOCK_TYPES).toMatchObject({ image: 5, product: 43, accordion: 69, 'pricing-plan': 72 });
    expect(SUBSCRIPTION_STATES).toMatchObject({ expired: 1, paid: 8, enterprise: 15 });
  });

  it('have unique codes within each table', () => {
    for (const table of [RECORD_TYPES, COLLECTION_TYPES, PRODUCT_TYPES, BLOCK_TYPES, SLICE_TYPES]) {
      const codes = Object.values(table);
      expect(new Set(codes).size).toBe(codes.length);
    }
  });

  it('map a code back to its name', () => {
    expect(enumName(RECORD_TYPES, 12)).toBe('event');
    expect(enumName(RECORD_TYPES, 999)).toBeUndefined();
  });
});
