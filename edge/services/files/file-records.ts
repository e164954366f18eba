import { FILE_MESSAGES, type FileKind } from '../../../domain/files/file-rules.js';
import { ApiError } from '../../errors.js';
import type { Db } from '../db.js';

/** An asset row as the file manager reads it. */
export interface AssetRow {
  id: string;
  kind: string;
  r2Key: string;
  filename: string;
  contentType: string;
  byteSize: number;
  originalSize: string | null;
  focalPointX: number;
  focalPointY: number;
  altText: string | null;
  createdOn: number;
}

/** A file as the API answers it (docs/api/files.md). */
export interface FileRecord {
  id: string;
  kind: FileKind | 'video' | 'audio';
  fileName: string;
  contentType: string;
  size: number;
  /** Its public address under /assets/; null for a digital product's file, which only a paid order's link serves. */
  url: string | null;
  /** A 300 px wide variant (`?format=300w`) for raster images; the original for SVG; null otherwise. */
  previewUrl: string | null;
  width: number | null;
  height: number | null;
  altText: string;
  focalPoint: { x: number; y: number };
  createdOn: number;
}

const RASTER = /^image\/(?:jpeg|png|gif|webp)$/;

/** Digital products' files (`<site>/files/...`) are sold, never public (edge/files/assets.ts SOLD_FILES). */
const isSoldFile = (key: string) => key.split('/')[1] === 'files';

/** The /assets/ path of a stored key, each segment escaped. */
export function assetUrl(key: string): string {
  return `/assets/${key.split('/').map(encodeURIComponent).join('/')}`;
}

export function fileRecord(row: AssetRow): FileRecord {
  const url = isSoldFile(row.r2Key) ? null : assetUrl(row.r2Key);
  const [w, h] = (row.originalSize ?? '').split('x').map(Number);
  const previewUrl = !url || row.kind !== 'image' ? null : RASTER.test(row.contentType) ? `${url}?format=300w` : row.contentType === 'image/svg+xml' ? url : null;
  return {
    id: row.id,
    kind: row.kind as FileRecord['kind'],
    fileName: row.filename,
    contentType: row.contentType,
    size: row.byteSize,
    url,
    previewUrl,
    width: w && h ? w : null,
    height: w && h ? h! : null,
    altText: row.altText ?? '',
    focalPoint: { x: row.focalPointX, y: row.focalPointY },
    createdOn: row.createdOn,
  };
}

export const ASSET_COLUMNS = `id, kind, r2_key AS r2Key, filename, content_type AS contentType, byte_size AS byteSize, original_size AS originalSize,
  focal_point_x AS focalPointX, focal_point_y AS focalPointY, alt_text AS altText, created_on AS createdOn`;

/** One file of the site; 404 'Unable to locate content' when the site has none by that id. */
export async function requireFile(db: Db, websiteId: string, id: string): Promise<AssetRow> {
  const row = await db.$client.prepare(`SELECT ${ASSET_COLUMNS} FROM assets WHERE id = ? AND website_id = ?`).bind(id, websiteId).first<AssetRow>();
  if (!row) throw new ApiError(404, 'not_found', FILE_MESSAGES.notFound);
  return row;
}

/** Renames a file (the name shown; its address stays). */
export async function renameFile(db: Db, websiteId: string, id: string, fileName: string): Promise<FileRecord> {
  const row = await db.$client
    .prepare(`UPDATE assets SET filename = ? WHERE id = ? AND website_id = ? RETURNING ${ASSET_COLUMNS}`)
    .bind(fileName, id, websiteId)
    .first<AssetRow>();
  if (!row) throw new ApiError(404, 'not_found', FILE_MESSAGES.notFound);
  return fileRecord(row);
}

/** Sets an image's alt text and focal point (fractions 0..1 of each axis); either may be left out. */
export async function updateImageDetails(
  db: Db, websiteId: string, id: string, details: { altText?: string; focalPoint?: { x: number; y: number } },
): Promise<FileRecord> {
  const row = await requireFile(db, websiteId, id);
  if (row.kind !== 'image') throw new ApiError(400, 'not_an_image', 'Only images have alt text and a focal point.');
  const updated = await db.$client
    .prepare(
      `UPDATE assets SET alt_text = COALESCE(?, alt_text), focal_point_x = COALESCE(?, focal_point_x), focal_point_y = COALESCE(?, focal_point_y)
       WHERE id = ? AND website_id = ? RETURNING ${ASSET_COLUMNS}`,
    )
    .bind(details.altText ?? null, details.focalPoint?.x ?? null, details.focalPoint?.y ?? null, id, websiteId)
    .first<AssetRow>();
  if (!updated) throw new ApiError(404, 'not_found', FILE_MESSAGES.notFound);
  return fileRecord(updated);
}
