import { expect, it } from 'vitest';
import { splitStoreValues, usesStoreValues } from './store-values.js';

it('cuts rendered HTML at each known store value token', () => {
  expect(splitStoreValues('<p>Free over {store.freeShippingOver}. Again: {store.freeShippingOver}</p>')).toEqual([
    { markup: '<p>Free over ', token: 'store.freeShippingOver' },
    { markup: '. Again: ', token: 'store.freeShippingOver' },
    { markup: '</p>', token: '' },
  ]);
  expect(splitStoreValues('<p>{store.unknown} {freeShippingOver} {store.freeShippingOver</p>')).toBeUndefined();
});

it('tells whether props use a known token (the loader reads D1 only then)', () => {
  expect(usesStoreValues({ type: 'doc', content: [{ type: 'text', text: 'over {store.freeShippingOver}' }] })).toBe(true);
  expect(usesStoreValues({ type: 'doc', content: [{ type: 'text', text: 'over {store.other}' }] })).toBe(false);
  expect(usesStoreValues(undefined)).toBe(false);
});
