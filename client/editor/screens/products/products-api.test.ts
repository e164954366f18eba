import { describe, expect, it } from 'vitest';
import { statusLabel, typeLabel } from './products-api.js';
import { productsQuery } from './products-screen.js';

describe('the Products screen’s pure parts', () => {
  it('reads a row’s status as the owner sees it: archived first, then hidden, then published or draft', () => {
    expect(statusLabel({ status: 'archived', visible: false })).toBe('Archived');
    expect(statusLabel({ status: 'published', visible: false })).toBe('Hidden');
    expect(statusLabel({ status: 'published', visible: true })).toBe('Published');
    expect(statusLabel({ status: 'draft', visible: true })).toBe('Draft');
  });

  it('names the SPEC §3 product types', () => {
    expect([1, 2, 3, 4, 5].map(typeLabel)).toEqual(['Physical', 'Digital', 'Service', 'Gift card', 'Paywall']);
  });

  it('builds the list call: store, filters, search, the server’s sort names, cursor and size', () => {
    const q = productsQuery('c1', { search: 'mug', filters: { type: 'digital', stock: 'low', category: 'Mugs & Cups' }, sort: [{ id: 'priceCents', desc: true }], cursor: 'abc', pageSize: 25 });
    expect(Object.fromEntries(new URLSearchParams(q))).toEqual({ collectionId: 'c1', q: 'mug', type: 'digital', category: 'Mugs & Cups', stock: 'low', sort: '-price', after: 'abc', limit: '25' });
    expect(productsQuery('c1', { search: '', filters: {}, sort: [{ id: 'categories', desc: false }] })).toBe('collectionId=c1');
  });
});
