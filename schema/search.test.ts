import { describe, expect, it } from 'vitest';
import { plainText, searchRowStatements, searchSeedStatement } from './search.js';

describe('search index text', () => {
  it('drops markup, keeps words apart across blocks and decodes entities', () => {
    expect(plainText('<p>Tea &amp; cake</p><p>now</p>')).toBe('Tea & cake now');
    expect(plainText('<ul><li>one</li><li>two</li></ul>')).toBe('one two');
    expect(plainText('a<script>alert(1)</script>b &#233;t&eacute; &#x41;')).toBe('a b ét&eacute; A');
    expect(plainText(null)).toBe('');
  });

  it('never holds the snippet marker characters', () => {
    expect(plainText('x\u0002y\u0003z')).toBe('xyz');
    const [, insert] = searchRowStatements({ id: 'i', websiteId: 'w', title: 'T\u0002', tags: ['a', 'b'], categories: ['C'] });
    expect(insert!.params).toEqual(['T', '', '', 'a , b', 'C', 'i', 'w']);
  });

  it('the seed form only inserts when the item has no row', () => {
    const s = searchSeedStatement({ id: 'i', websiteId: 'w', title: 'T' });
    expect(s.sql).toMatch(/WHERE NOT EXISTS \(SELECT 1 FROM search_index WHERE item_id = \?\)$/);
    expect(s.params.at(-1)).toBe('i');
  });
});
