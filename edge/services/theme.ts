import { and, eq, inArray } from 'drizzle-orm';
import { templates } from '../../schema/index.js';
import { query, type Db } from './db.js';

export interface ThemeFileRef {
  path: string;
  hash: string;
}

/** The query behind `themeIndex`, for batching with other page queries (page-shell.ts). */
export function themeIndexQuery(db: Db, websiteId: string) {
  return db.select({ path: templates.path, hash: templates.hash }).from(templates).where(eq(templates.websiteId, websiteId));
}

/** Paths and content hashes of a site's theme files (no contents: those are cached by hash). */
export async function themeIndex(db: Db, websiteId: string): Promise<ThemeFileRef[]> {
  return query(() => themeIndexQuery(db, websiteId));
}

/** Contents of some theme files, by path. */
export async function themeContents(db: Db, websiteId: string, paths: readonly string[]): Promise<Map<string, string>> {
  if (paths.length === 0) return new Map();
  const out = new Map<string, string>();
  // D1 binds at most 100 parameters per statement.
  for (let i = 0; i < paths.length; i += 90) {
    const chunk = paths.slice(i, i + 90);
    const rows = await query(() =>
      db
        .select({ path: templates.path, content: templates.content })
        .from(templates)
        .where(and(eq(templates.websiteId, websiteId), inArray(templates.path, chunk))),
    );
    for (const r of rows) out.set(r.path, r.content);
  }
  return out;
}

/** One theme file with its hash, for the static `/theme/` route. */
export async function themeFile(db: Db, websiteId: string, path: string) {
  const [row] = await query(() =>
    db
      .select({ content: templates.content, hash: templates.hash })
      .from(templates)
      .where(and(eq(templates.websiteId, websiteId), eq(templates.path, path)))
      .limit(1),
  );
  return row;
}
