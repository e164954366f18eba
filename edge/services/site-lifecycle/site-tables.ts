import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as schema from '../../../schema/index.js';

/**
 * Which rows of each table belong to a site, derived from the Drizzle schema so a table added
 * later is purged (or refused loudly) without anyone editing a list:
 * - `keyed`: the table has a `website_id` column;
 * - `child`: no `website_id`, but a foreign key to a keyed table (its rows go with the parent's);
 * - `global`: platform-wide rows that belong to no site (named below, on purpose).
 * A table that is none of these makes `sitePurgePlan()` throw (site-tables.test.ts checks the schema).
 */
export type SiteTable =
  | { name: string; kind: 'keyed'; references: string[] }
  | { name: string; kind: 'child'; column: string; parent: string; parentColumn: string; references: string[] };

/** Tables of the platform itself: owner accounts and their sessions belong to no site. */
export const GLOBAL_TABLES: readonly string[] = ['platform_owners', 'platform_sessions'];

/** Full-text indexes the schema cannot express (FTS5 virtual tables of migrations 0003 and 0041), keyed by website_id. */
const VIRTUAL_SITE_TABLES: readonly string[] = ['search_index', 'translation_search'];

/** References the schema does not declare as foreign keys (hot tables kept without FK checks). */
const UNDECLARED_PARENTS: Record<string, { column: string; parent: string; parentColumn: string }> = {
  stock_reservations: { column: 'variant_id', parent: 'variants', parentColumn: 'id' },
};

function schemaTables(): SQLiteTable[] {
  return (Object.values(schema) as unknown[]).filter((v): v is SQLiteTable => v instanceof SQLiteTable);
}

/** Every table of the schema by name (the purge test compares it with D1's own list). */
export function schemaTableNames(): string[] {
  return schemaTables().map((t) => getTableConfig(t).name);
}

/**
 * The site's tables in the order their rows are deleted: a table before every table it
 * references, so ON DELETE CASCADE has nothing left to walk and each batch stays small.
 * `websites` itself is not in the list (the purge deletes that row last).
 */
export function sitePurgePlan(): SiteTable[] {
  const found = new Map<string, SiteTable>();
  const unknown: string[] = [];
  const configs = schemaTables().map((t) => getTableConfig(t));
  const keyedNames = new Set(configs.filter((c) => c.columns.some((col) => col.name === 'website_id')).map((c) => c.name));
  for (const cfg of configs) {
    if (cfg.name === 'websites' || GLOBAL_TABLES.includes(cfg.name)) continue;
    const references = cfg.foreignKeys
      .map((fk) => getTableConfig(fk.reference().foreignTable).name)
      .filter((name) => name !== cfg.name);
    if (keyedNames.has(cfg.name)) {
      found.set(cfg.name, { name: cfg.name, kind: 'keyed', references });
      continue;
    }
    const declared = cfg.foreignKeys
      .map((fk) => fk.reference())
      .find((ref) => keyedNames.has(getTableConfig(ref.foreignTable).name) && ref.columns.length === 1);
    const parent = declared
      ? { column: declared.columns[0]!.name, parent: getTableConfig(declared.foreignTable).name, parentColumn: declared.foreignColumns[0]!.name }
      : UNDECLARED_PARENTS[cfg.name];
    if (!parent) unknown.push(cfg.name);
    else found.set(cfg.name, { name: cfg.name, kind: 'child', ...parent, references: [...new Set([...references, parent.parent])] });
  }
  if (unknown.length) throw new Error(`tables with no way to a site (add website_id, a foreign key or GLOBAL_TABLES): ${unknown.join(', ')}`);
  // Depth-first: a table is placed once every table that references it is placed.
  const referencedBy = new Map<string, string[]>();
  for (const t of found.values()) for (const r of t.references) referencedBy.set(r, [...(referencedBy.get(r) ?? []), t.name]);
  const ordered: SiteTable[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (name: string) => {
    if (placed.has(name) || visiting.has(name) || !found.has(name)) return;
    visiting.add(name);
    for (const child of referencedBy.get(name) ?? []) place(child);
    visiting.delete(name);
    placed.add(name);
    ordered.push(found.get(name)!);
  };
  for (const name of [...found.keys()].sort()) place(name);
  return [...VIRTUAL_SITE_TABLES.map((name): SiteTable => ({ name, kind: 'keyed', references: [] })), ...ordered];
}

/** The SQL condition selecting a table's rows of site `?1` (alias-free, for `WHERE`). */
export function siteRowsCondition(table: SiteTable): string {
  return table.kind === 'keyed'
    ? 'website_id = ?1'
    : `"${table.column}" IN (SELECT "${table.parentColumn}" FROM "${table.parent}" WHERE website_id = ?1)`;
}
