import { beforeAll, describe, expect, it } from 'vitest';
import { buildDemoSeed, type DemoSeed } from './build.js';
import type { DemoFixtures } from './fixture-types.js';
import { contentHash, demoId } from './ids.js';
import { loadDemoFixtures } from './load.js';
import { inlineStatement } from './statements.js';

let fixtures: DemoFixtures;
let seed: DemoSeed;

beforeAll(async () => {
  fixtures = await loadDemoFixtures();
  seed = buildDemoSeed(fixtures);
});

const inserts = (table: string) => seed.statements.filter((s) => s.sql.startsWith(`insert into "${table}" `));

describe('buildDemoSeed', () => {
  it('is deterministic', () => {
    expect(buildDemoSeed(fixtures)).toEqual(seed);
    expect(seed.websiteId).toBe(demoId('fern-and-kiln', 'website'));
  });

  it('writes every statement as an idempotent insert that inlines cleanly', () => {
    for (const statement of seed.statements) {
      // Full-text rows (FTS5 has no ON CONFLICT) are inserted only when the item has none.
      expect(statement.sql).toMatch(
        /^insert into .* on conflict do nothing$|^INSERT INTO search_index .* WHERE NOT EXISTS \(SELECT 1 FROM search_index WHERE item_id = \?\)$|^INSERT INTO translation_search .* WHERE NOT EXISTS \(SELECT 1 FROM translation_search WHERE item_id = \? AND language = \?\)$/,
      );
      expect(() => inlineStatement(statement)).not.toThrow();
    }
  });

  it('covers the four product types with at least 20 products', () => {
    expect(inserts('products')).toHaveLength(fixtures.products.length);
    expect(fixtures.products.length).toBeGreaterThanOrEqual(20);
    expect(new Set(fixtures.products.map((p) => p.productType))).toEqual(new Set([1, 2, 3, 4]));
    expect(inserts('items')).toHaveLength(fixtures.products.length + 10);
  });

  it('keeps skus unique and prices in integer cents', () => {
    const skus = fixtures.products.flatMap((p) => (p.variants ?? []).map((v) => v.sku).concat(p.digital ? [p.digital.sku] : []));
    expect(new Set(skus).size).toBe(skus.length);
    for (const product of fixtures.products) {
      for (const v of product.variants ?? []) {
        expect(Number.isInteger(v.priceCents)).toBe(true);
        if (v.onSale) expect(v.salePriceCents).toBeLessThan(v.priceCents);
      }
    }
  });

  it('references only images that exist and uploads each once', () => {
    const known = new Set(Object.keys(fixtures.images));
    for (const p of fixtures.products) {
      expect(p.images.length).toBeGreaterThanOrEqual(1);
      expect(p.images.length).toBeLessThanOrEqual(3);
      for (const file of [...p.images, ...(p.variants ?? []).flatMap((v) => (v.image ? [v.image] : []))]) expect(known).toContain(file);
    }
    const keys = seed.uploads.map((u) => u.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain('fern-and-kiln/images/moon-jar.svg');
  });

  it('stores every theme file with its content hash', () => {
    const rows = inserts('templates');
    expect(rows).toHaveLength(fixtures.themeFiles.length);
    for (const [index, file] of fixtures.themeFiles.entries()) {
      expect(rows[index]?.params).toContain(file.path);
      expect(rows[index]?.params).toContain(contentHash(file.content));
    }
  });

  it('fails loudly on a bad date', () => {
    const broken = { ...fixtures, posts: [{ ...fixtures.posts[0]!, publishOn: 'someday' }] };
    expect(() => buildDemoSeed(broken)).toThrow(/invalid date/);
  });
});

describe('the demo pages built from blocks', () => {
  it('seeds home, about and contact published (version 1); blocks/demo-layouts.test.ts checks their layouts', () => {
    expect(inserts('pages')).toHaveLength(3);
    expect(inserts('page_revisions')).toHaveLength(3);
  });

  it('names the contact form by its seeded id', () => {
    const contact = JSON.stringify(inserts('page_revisions').map((r) => r.params));
    expect(contact).toContain(`\\"form\\":\\"${demoId('fern-and-kiln', 'form', 'contact')}\\"`);
    expect(contact).not.toContain('formKey');
  });
});
