import { describe, expect, it } from 'vitest';
import { globalTableNames, schemaTableNames, sitePurgePlan } from './site-tables.js';

describe('sitePurgePlan', () => {
  it('places every table of the schema: a site table, the websites row or a platform table of no site', () => {
    const names = sitePurgePlan().map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    expect(globalTableNames().sort()).toEqual(['platform_owners', 'platform_sessions']);
    expect([...names, 'websites', ...globalTableNames()].sort()).toEqual([...schemaTableNames(), 'search_index', 'translation_search'].sort());
    expect(names).toEqual(expect.arrayContaining(['orders', 'order_lines', 'assets', 'site_exports', 'page_revisions', 'stock_reservations', 'site_owners']));
  });

  it('deletes a child before the parent its rows are found through', () => {
    const position = new Map(sitePurgePlan().map((t, i) => [t.name, i]));
    for (const [child, parent] of [['order_lines', 'orders'], ['page_revisions', 'pages'], ['stock_reservations', 'variants'], ['variants', 'items']] as const) {
      expect(position.get(child)!, `${child} before ${parent}`).toBeLessThan(position.get(parent)!);
    }
  });

  it('reaches tables without website_id through their parent', () => {
    const where = (name: string) => sitePurgePlan().find((t) => t.name === name)!.where;
    expect(where('page_revisions')).toBe('"page_id" IN (SELECT "id" FROM "pages" WHERE "website_id" = ?1)');
    expect(where('stock_reservations')).toContain('FROM "variants"');
  });
});
