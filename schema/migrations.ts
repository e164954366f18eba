import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO_ROOT } from './seed/load.js';

export const MIGRATIONS_DIR = join(REPO_ROOT, 'schema', 'migrations');

export interface Migration {
  name: string;
  statements: string[];
}

/**
 * The drizzle-kit migrations in apply order, each split at drizzle's statement
 * breakpoints so they can be sent to D1 one statement at a time.
 */
export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
  return Promise.all(
    names.map(async (name) => ({
      name,
      statements: (await readFile(join(dir, name), 'utf8'))
        .split('--> statement-breakpoint')
        .map((statement) => statement.trim())
        .filter((statement) => statement.length > 0),
    })),
  );
}
