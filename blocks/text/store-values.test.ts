import { expect, it } from 'vitest';
import { splitStoreValues, usesStoreValues } from './store-values.js';

it('cuts rendered HTML at each known store value token, with the sentence around it', () => {
  expect(splitStoreValues('<p>Free over {store.freeShippingOver}. Again: {store.freeShippingOver}</p>')).toEqual([
    { markup: '<p>', lead: 'Free over ', token: 'store.freeShippingOver', tail: '. ' },
    { markup: '', lead: 'Again: ', token: 'store.freeShippingOver', tail: '' },
    { markup: '</p>', lead: '', token: '', tail: '' },
  ]);
  // The sentence starts after the last full stop or tag, and ends at its own full stop (not at '$1.50' or 'e.g') with its spaces.
  expect(splitStoreValues('<p>We pack with care! <em>Free</em> shipping (e.g.tiles) over {store.freeShippingOver} or $1.50 each. Ask us.</p>')).toEqual([
    { markup: '<p>We pack with care! <em>Free</em>', lead: ' shipping (e.g.tiles) over ', token: 'store.freeShippingOver', tail: ' or $1.50 each. ' },
    { markup: 'Ask us.</p>', lead: '', token: '', tail: '' },
  ]);
  expect(splitStoreValues('<p>{store.unknown} {freeShippingOver} {store.freeShippingOver</p>')).toBeUndefined();
});

it('tells whether props use a known token (the loader reads D1 only then)', () => {
  expect(usesStoreValues({ type: 'doc', content: [{ type: 'text', text: 'over {store.freeShippingOver}' }] })).toBe(true);
  expect(usesStoreValues({ type: 'doc', content: [{ type: 'text', text: 'over {store.other}' }] })).toBe(false);
  expect(usesStoreValues(undefined)).toBe(false);
});
