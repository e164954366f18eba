import type { Db } from '../db.js';
import { ASSET_COLUMNS, fileRecord, type AssetRow, type FileRecord } from './file-records.js';

export const FILE_SORTS = ['created', 'name', 'size'] as const;
export type FileSort = (typeof FILE_SORTS)[number];

/** The column each sort orders by (names without regard to case). */
const SORT_COLUMN: Record<FileSort, string> = { created: 'created_on', name: 'lower(filename)', size: 'byte_size' };

export interface FileQuery {
  sort: FileSort;
  desc: boolean;
  /** Words in the name or alt text. */
  search?: string;
  kind?: 'image' | 'file';
  /** The `next` of the page before. */
  after?: string;
  limit: number;
}

type Cursor = [value: string | number, id: string];

function encodeCursor(cursor: Cursor): string {
  return btoa(unescape(encodeURIComponent(JSON.stringify(cursor)))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A cursor of this sort, or undefined when `text` is not one (a hand-edited link starts again at page 1). */
function decodeCursor(text: string, sort: FileSort): Cursor | undefined {
  try {
    const value = JSON.parse(decodeURIComponent(escape(atob(text.replace(/-/g, '+').replace(/_/g, '/'))))) as unknown;
    if (!Array.isArray(value) || value.length !== 2 || typeof value[1] !== 'string') return undefined;
    const key: unknown = value[0];
    if (sort === 'name' ? typeof key !== 'string' : typeof key !== 'number' || !Number.isFinite(key)) return undefined;
    return [key as string | number, value[1]];
  } catch {
    return undefined;
  }
}

/** `%word%` for LIKE, with LIKE's own characters escaped. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * A page of the site's files: keyset paging on (sort column, id) in the sort's direction,
 * so page n costs what page 1 does; `next` is the cursor of the following page.
 */
export async function listFiles(db: Db, websiteId: string, q: FileQuery): Promise<{ files: FileRecord[]; next: string | null }> {
  const column = SORT_COLUMN[q.sort];
  const dir = q.desc ? 'DESC' : 'ASC';
  const where = ['website_id = ?'];
  const binds: (string | number)[] = [websiteId];
  if (q.kind) {
    where.push('kind = ?');
    binds.push(q.kind);
  }
  const search = q.search?.trim();
  if (search) {
    where.push(`(filename LIKE ? ESCAPE '\\' OR alt_text LIKE ? ESCAPE '\\')`);
    binds.push(likePattern(search), likePattern(search));
  }
  const cursor = q.after ? decodeCursor(q.after, q.sort) : undefined;
  if (cursor) {
    const cmp = q.desc ? '<' : '>';
    where.push(`(${column} ${cmp} ? OR (${column} = ? AND id ${cmp} ?))`);
    binds.push(cursor[0], cursor[0], cursor[1]);
  }
  const { results } = await db.$client
    .prepare(`SELECT ${ASSET_COLUMNS}, ${column} AS sortKey FROM assets WHERE ${where.join(' AND ')} ORDER BY ${column} ${dir}, id ${dir} LIMIT ?`)
    .bind(...binds, q.limit + 1)
    .all<AssetRow & { sortKey: string | number }>();
  const rows = results.slice(0, q.limit);
  const last = rows[rows.length - 1];
  // The sort key as SQLite computed it (its lower() is not JavaScript's), so the next page starts exactly after this one.
  const next = results.length > q.limit && last ? encodeCursor([last.sortKey, last.id]) : null;
  return { files: rows.map(fileRecord), next };
}
