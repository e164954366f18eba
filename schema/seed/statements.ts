import { drizzle } from 'drizzle-orm/sqlite-proxy';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';

/** One parameterised statement, ready for D1 `prepare(sql).bind(...params)`. */
export interface SeedStatement {
  sql: string;
  params: unknown[];
}

// Never executed: drizzle only renders SQL here, so column names, JSON encoding and
// boolean mapping come from the schema rather than being spelled twice.
const renderer = drizzle(async () => ({ rows: [] }));

/** `INSERT ... ON CONFLICT DO NOTHING` for one row, so re-running a seed is harmless. */
export function insertRow<T extends SQLiteTable>(table: T, row: T['$inferInsert']): SeedStatement {
  const { sql, params } = renderer.insert(table).values(row).onConflictDoNothing().toSQL();
  return { sql, params };
}

/** Renders a SQLite literal for a bound parameter (wrangler `--file` takes plain SQL). */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`cannot store ${value} in SQL`);
    return String(value);
  }
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'`;
  throw new Error(`unsupported SQL parameter of type ${typeof value}`);
}

/** Inlines the parameters of a statement; placeholders are drizzle's bare `?`. */
export function inlineStatement({ sql, params }: SeedStatement): string {
  let index = 0;
  // Placeholders never sit inside quoted text in drizzle's output, so a scan that skips
  // quoted runs is enough.
  const out = sql.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|\?/g, (match) => {
    if (match !== '?') return match;
    if (index >= params.length) throw new Error('more placeholders than parameters');
    return sqlLiteral(params[index++]);
  });
  if (index !== params.length) throw new Error('more parameters than placeholders');
  return `${out};`;
}
