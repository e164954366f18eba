import { and, desc, eq, inArray } from 'drizzle-orm';
import { compile } from '../../../engine/index.js';
import { themeFiles, themeVersions } from '../../../schema/index.js';
import { newId, sha256Hex } from '../accounts/tokens.js';
import { bumpStatement } from '../content-version.js';
import { query, type Db } from '../db.js';
import { forgetSite } from '../site-versions.js';


export type ThemeVersionState = 'draft' | 'live' | 'retired';

export interface ThemeVersion {
  number: number;
  note: string;
  state: ThemeVersionState;
  createdBy: string | null;
  createdOn: number;
  publishedOn: number | null;
}

export interface ThemeFile {
  path: string;
  content: string;
  sha256: string;
}

/** A compile error of one file of a version, as `file:line:col`. */
export interface ThemeCompileError {
  file: string;
  line: number;
  column: number;
  code: string;
  message: string;
}

const versionColumns = {
  id: themeVersions.id, number: themeVersions.number, note: themeVersions.note, state: themeVersions.state,
  createdBy: themeVersions.createdBy, createdOn: themeVersions.createdOn, publishedOn: themeVersions.publishedOn,
};

function toVersion(r: { number: number; note: string; state: string; createdBy: string | null; createdOn: number; publishedOn: number | null }): ThemeVersion {
  return { number: r.number, note: r.note, state: r.state as ThemeVersionState, createdBy: r.createdBy, createdOn: r.createdOn, publishedOn: r.publishedOn };
}

/** Every version of a site's theme, newest first, and the live one's number. */
export async function listThemeVersions(db: Db, websiteId: string): Promise<{ versions: ThemeVersion[]; live: number | null }> {
  const rows = await query(() => db.select(versionColumns).from(themeVersions).where(eq(themeVersions.websiteId, websiteId)).orderBy(desc(themeVersions.number)));
  return { versions: rows.map(toVersion), live: rows.find((r) => r.state === 'live')?.number ?? null };
}

async function versionRow(db: Db, websiteId: string, number: number) {
  const [row] = await query(() =>
    db.select(versionColumns).from(themeVersions).where(and(eq(themeVersions.websiteId, websiteId), eq(themeVersions.number, number))).limit(1),
  );
  return row;
}

/** One version with its files (path order), or undefined when the site has no such version. */
export async function themeVersionFiles(db: Db, websiteId: string, number: number): Promise<{ version: ThemeVersion; files: ThemeFile[] } | undefined> {
  const row = await versionRow(db, websiteId, number);
  if (!row) return undefined;
  const files = await query(() =>
    db.select({ path: themeFiles.path, content: themeFiles.content, sha256: themeFiles.sha256 }).from(themeFiles).where(eq(themeFiles.versionId, row.id)).orderBy(themeFiles.path),
  );
  return { version: toVersion(row), files };
}

/** The live version's number, or null when the site has none. */
export async function liveThemeVersion(db: Db, websiteId: string): Promise<number | null> {
  const [row] = await query(() =>
    db.select({ number: themeVersions.number }).from(themeVersions).where(and(eq(themeVersions.websiteId, websiteId), eq(themeVersions.state, 'live'))).limit(1),
  );
  return row?.number ?? null;
}

/**
 * Creates a draft version from `files` (path → content). The number is the site's next
 * one, taken inside the INSERT (no read-modify-write): concurrent creates get distinct
 * numbers or one fails on the unique index and is retried.
 */
export async function createThemeVersion(
  db: Db, websiteId: string, files: ReadonlyMap<string, string>, meta: { note: string; createdBy: string | null }, now = Date.now(),
): Promise<ThemeVersion> {
  const hashed = await Promise.all([...files].map(async ([path, content]) => ({ path, content, sha256: await sha256Hex(content) })));
  for (let attempt = 0; ; attempt++) {
    const id = newId();
    try {
      await query(async () => {
        const d1 = db.$client;
        const statements = [
          d1
            .prepare(
              `INSERT INTO theme_versions (id, website_id, number, note, state, created_by, created_on)
               SELECT ?, ?, COALESCE(MAX(number), 0) + 1, ?, 'draft', ?, ? FROM theme_versions WHERE website_id = ?`,
            )
            .bind(id, websiteId, meta.note, meta.createdBy, now, websiteId),
          ...hashed.map((f) => d1.prepare('INSERT INTO theme_files (version_id, path, content, sha256) VALUES (?, ?, ?, ?)').bind(id, f.path, f.content, f.sha256)),
        ];
        await d1.batch(statements);
      });
      const [row] = await query(() => db.select(versionColumns).from(themeVersions).where(eq(themeVersions.id, id)).limit(1));
      return toVersion(row!);
    } catch (err) {
      if (attempt >= 3 || !/UNIQUE/i.test(String((err as Error)?.cause ?? err))) throw err;
    }
  }
}

/** Compile errors of every template (`.html`) of a file set, in path order. */
export function compileErrors(files: readonly { path: string; content: string }[]): ThemeCompileError[] {
  const out: ThemeCompileError[] = [];
  for (const f of [...files].sort((a, b) => (a.path < b.path ? -1 : 1))) {
    if (!f.path.endsWith('.html')) continue;
    for (const e of compile(f.content).errors) out.push({ file: f.path, line: e.line, column: e.column, code: String(e.code), message: e.message });
  }
  return out;
}

export type PublishOutcome =
  | { ok: true; version: ThemeVersion; previous: number | null }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'compile_errors'; errors: ThemeCompileError[] };

/**
 * Makes version `number` live: every template must compile first. One D1 batch retires
 * the live version, marks this one live, replaces the site's `templates` (what the
 * storefront renders) with the version's files and bumps the content version.
 */
export async function publishThemeVersion(db: Db, websiteId: string, number: number, now = Date.now()): Promise<PublishOutcome> {
  const found = await themeVersionFiles(db, websiteId, number);
  if (!found) return { ok: false, reason: 'not_found' };
  const errors = compileErrors(found.files);
  if (errors.length > 0) return { ok: false, reason: 'compile_errors', errors };
  const previous = await liveThemeVersion(db, websiteId);
  const row = (await versionRow(db, websiteId, number))!;
  await query(async () => {
    const d1 = db.$client;
    const bump = bumpStatement(db, websiteId, now).toSQL();
    await d1.batch([
      d1.prepare(`UPDATE theme_versions SET state = 'retired' WHERE website_id = ? AND state = 'live' AND id <> ?`).bind(websiteId, row.id),
      d1.prepare(`UPDATE theme_versions SET state = 'live', published_on = ? WHERE id = ?`).bind(now, row.id),
      d1.prepare('DELETE FROM templates WHERE website_id = ?').bind(websiteId),
      d1.prepare('INSERT INTO templates (website_id, path, content, hash, updated_on) SELECT ?, path, content, sha256, ? FROM theme_files WHERE version_id = ?').bind(websiteId, now, row.id),
      d1.prepare(bump.sql).bind(...bump.params),
    ]);
  });
  forgetSite(websiteId);
  const after = (await versionRow(db, websiteId, number))!;
  return { ok: true, version: toVersion(after), previous };
}

/** The version a rollback returns to: the most recently published one that is not live. */
export async function previousThemeVersion(db: Db, websiteId: string): Promise<number | null> {
  const [row] = await query(() =>
    db
      .select({ number: themeVersions.number })
      .from(themeVersions)
      .where(and(eq(themeVersions.websiteId, websiteId), eq(themeVersions.state, 'retired')))
      .orderBy(desc(themeVersions.publishedOn), desc(themeVersions.number))
      .limit(1),
  );
  return row?.number ?? null;
}

/** The files of a version keyed for the preview renderer: path → sha256 (contents fetched by themeVersionContents). */
export async function themeVersionIndex(db: Db, websiteId: string, number: number): Promise<{ path: string; hash: string }[] | undefined> {
  const row = await versionRow(db, websiteId, number);
  if (!row) return undefined;
  return query(() => db.select({ path: themeFiles.path, hash: themeFiles.sha256 }).from(themeFiles).where(eq(themeFiles.versionId, row.id)));
}


/** Contents of some files of a version, by path (the preview's templates not compiled yet). */
export async function themeVersionContents(db: Db, websiteId: string, number: number, paths: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const row = await versionRow(db, websiteId, number);
  if (!row) return out;
  // D1 binds at most 100 parameters per statement.
  for (let i = 0; i < paths.length; i += 90) {
    const chunk = paths.slice(i, i + 90);
    const rows = await query(() =>
      db.select({ path: themeFiles.path, content: themeFiles.content }).from(themeFiles).where(and(eq(themeFiles.versionId, row.id), inArray(themeFiles.path, chunk))),
    );
    for (const r of rows) out.set(r.path, r.content);
  }
  return out;
}
