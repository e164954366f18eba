import { is } from 'drizzle-orm';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as schema from '../../../schema/index.js';
import * as platformSchema from '../../../schema/platform.js';
import { siteTables } from '../shards/tables.js';

/** One table of the purge: `where` selects its rows of the site (`?1` is the website id). */
export interface PurgeTable {
  name: string;
  where: string;
}

const configsOf = (tables: object) => Object.values(tables).flatMap((v) => (is(v, SQLiteTable) ? [getTableConfig(v)] : []));
const hasWebsiteId = (config: ReturnType<typeof getTableConfig>) => config.columns.some((c) => c.name === 'website_id');

/** Every table of the schema by name (the purge test compares it with D1's own list). */
export function schemaTableNames(): string[] {
  return configsOf(schema).map((c) => c.name);
}

/** Platform tables that belong to no site (owner accounts and their sessions): the purge leaves them. */
export function globalTableNames(): string[] {
  return configsOf(platformSchema).filter((c) => !hasWebsiteId(c)).map((c) => c.name);
}

/**
 * The order a site's rows are deleted in. First the platform's rows that name the site (its
 * owners' rights, hand-over tokens: only the directory, shard 0, has them); then the tables a
 * move copies (edge/services/shards/tables.ts: derived from the schema, and it throws for a
 * table with no way to a site), children before the parents their conditions read, so ON
 * DELETE CASCADE has nothing left to walk. `websites` is not in the list: the purge deletes
 * that row last.
 */
export function sitePurgePlan(): PurgeTable[] {
  const platform = configsOf(platformSchema)
    .filter(hasWebsiteId)
    .map((c) => ({ name: c.name, where: '"website_id" = ?1' }));
  const site = siteTables()
    .filter((t) => t.name !== 'websites')
    .reverse()
    .map(({ name, where }) => ({ name, where }));
  return [...platform, ...site];
}
