import { describe, expect, it } from 'vitest';
import { GLOBAL_TABLES, schemaTableNames, sitePurgePlan, siteRowsCondition } from './site-tables.js';

describe('sitePurgePlan', () => {
  it('places every table of the schema: a site table, the websites row or a named platform table', () => {
    const plan = sitePurgePlan();
    const names = plan.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names, 'websites', ...GLOBAL_TABLES].sort()).toEqual([...schemaTableNames(), 'search_index', 'translation_search'].sort());
    expect(names).toEqual(expect.arrayContaining(['orders', 'order_lines', 'assets', 'site_exports', 'page_revisions', 'stock_reservations']));
  });

  it('deletes a table before every table it references', () => {
    const plan = sitePurgePlan();
    const position = new Map(plan.map((t, i) => [t.name, i]));
    for (const t of plan) for (const r of t.references) if (position.has(r)) expect(position.get(t.name)!, `${t.name} before ${r}`).toBeLessThan(position.get(r)!);
  });

  it('reaches tables without website_id through their parent', () => {
    const revisions = sitePurgePlan().find((t) => t.name === 'page_revisions')!;
    expect(siteRowsCondition(revisions)).toBe('"page_id" IN (SELECT "id" FROM "pages" WHERE website_id = ?1)');
    const reservations = sitePurgePlan().find((t) => t.name === 'stock_reservations')!;
    expect(reservations).toMatchObject({ kind: 'child', parent: 'variants' });
  });
});
