import { is } from 'drizzle-orm';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as schema from '../../../schema/index.js';
import * as platformSchema from '../../../schema/platform.js';

/**
 * Which rows of each table belong to one site, derived from the Drizzle schema so that a
 * new table is moved with the site without anyone listing it (docs/platform.md "Shards"):
 * - `websites`: the site's own row (`id`);
 * - every table with a `website_id` column: its rows of the site;
 * - a table without one: the rows whose foreign key points at a row of the site in a
 *   table above (theme files of its theme versions, revisions of its pages, ...).
 * - the full-text indexes (FTS5, custom SQL migrations): their rows of the site.
 * The platform tables (schema/platform.ts) stay in the directory and never move. A table
 * that fits none of these makes `siteTables()` throw, so a move cannot forget it.
 */
export interface SiteTable {
  name: string;
  columns: string[];
  /** The SQL condition selecting the site's rows; `?1` is the website id. */
  where: string;
}

// Tables scoped by a column that is not a declared foreign key: stock held for a checkout
// attempt names its variant (the attempt may be a gift-card attempt with no site table row).
const SCOPE_OVERRIDES: Record<string, { columns: string[]; parent: string; parentColumns: string[] }> = {
  stock_reservations: { columns: ['variant_id'], parent: 'variants', parentColumns: ['id'] },
};

// The full-text indexes are FTS5 tables of custom migrations (drizzle-kit cannot express
// them: schema/migrations/0003_search_index.sql, 0041_translation_search.sql); their rows carry
// website_id. Their shadow tables (`<name>_data`, ...) follow the rows.
const FTS_TABLES: SiteTable[] = [
  { name: 'search_index', columns: ['title', 'excerpt', 'body', 'tags', 'categories', 'item_id', 'website_id'], where: '"website_id" = ?1' },
  { name: 'translation_search', columns: ['title', 'excerpt', 'body', 'item_id', 'website_id', 'language'], where: '"website_id" = ?1' },
];

/** True for the tables SQLite keeps behind an FTS5 table (`search_index_data`, ...). */
export function isFtsShadowTable(name: string): boolean {
  return FTS_TABLES.some((t) => name.startsWith(`${t.name}_`));
}

const q = (name: string) => `"${name}"`;

/** The names of the platform tables: the directory's, never copied with a site. */
export function platformTableNames(): Set<string> {
  return new Set(Object.values(platformSchema).flatMap((v) => (is(v, SQLiteTable) ? [getTableConfig(v).name] : [])));
}

let cached: SiteTable[] | undefined;

/**
 * The site's tables in an order where every table comes after the tables its foreign keys
 * (and its scope) point at: copy in this order, delete in the reverse one.
 */
export function siteTables(): SiteTable[] {
  if (cached) return cached;
  const platform = platformTableNames();
  const configs = new Map<string, ReturnType<typeof getTableConfig>>();
  for (const value of Object.values(schema)) {
    if (!is(value, SQLiteTable)) continue;
    const config = getTableConfig(value);
    if (!platform.has(config.name)) configs.set(config.name, config);
  }
  const where = new Map<string, string>();
  const deps = new Map<string, string[]>();
  const scopeOf = (name: string, seen: Set<string>): string => {
    const known = where.get(name);
    if (known) return known;
    const config = configs.get(name);
    if (!config) throw new Error(`table ${name} is not in the schema`);
    const columns = config.columns.map((c) => c.name);
    const parents = config.foreignKeys.map((fk) => {
      const ref = fk.reference();
      return { columns: ref.columns.map((c) => c.name), parent: getTableConfig(ref.foreignTable).name, parentColumns: ref.foreignColumns.map((c) => c.name) };
    });
    deps.set(name, [...new Set(parents.map((p) => p.parent).filter((p) => p !== name && configs.has(p)))]);
    let condition: string;
    if (name === 'websites') condition = '"id" = ?1';
    else if (columns.includes('website_id')) condition = '"website_id" = ?1';
    else {
      const link = SCOPE_OVERRIDES[name] ?? parents.find((p) => p.parent !== name && configs.has(p.parent) && !seen.has(p.parent));
      if (!link) throw new Error(`table ${name} has no website_id and no foreign key to a site's table: say how its rows belong to a site (edge/services/shards/tables.ts)`);
      if (!deps.get(name)!.includes(link.parent)) deps.get(name)!.push(link.parent);
      const inner = scopeOf(link.parent, new Set([...seen, name]));
      const row = (cols: string[]) => (cols.length === 1 ? q(cols[0]!) : `(${cols.map(q).join(', ')})`);
      condition = `${row(link.columns)} IN (SELECT ${link.parentColumns.map(q).join(', ')} FROM ${q(link.parent)} WHERE ${inner})`;
    }
    where.set(name, condition);
    return condition;
  };
  for (const name of configs.keys()) scopeOf(name, new Set());
  // Parents first (a depth-first walk of the foreign keys; a cycle is cut where it closes).
  const ordered: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string) => {
    if (state.get(name)) return;
    state.set(name, 'visiting');
    for (const parent of deps.get(name) ?? []) visit(parent);
    state.set(name, 'done');
    ordered.push(name);
  };
  for (const name of [...configs.keys()].sort()) visit(name);
  cached = [...ordered.map((name) => ({ name, columns: configs.get(name)!.columns.map((c) => c.name), where: where.get(name)! })), ...FTS_TABLES];
  return cached;
}
