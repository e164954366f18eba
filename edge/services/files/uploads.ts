import type { R2Bucket } from '@cloudflare/workers-types';
import { fileTypeFromBuffer } from 'file-type/core';
import { imageSize } from 'image-size';
import { cleanFileName, FILE_MESSAGES, looksLikeSvg, sizeProblem, UPLOAD_FORMATS, type UploadExtension } from '../../../domain/files/file-rules.js';
import { ApiError } from '../../errors.js';
import type { Db } from '../db.js';
import { fileRecord, type FileRecord } from './file-records.js';

/** How much of an upload is read before deciding what it is (file-type needs ~4 KB; image sizes sit in the header). */
const HEAD_BYTES = 64 * 1024;

/** The format of a file by its first bytes (file-type, and our SVG check for that text format); never by its name. */
export async function detectFormat(head: Uint8Array): Promise<UploadExtension | undefined> {
  const found = await fileTypeFromBuffer(head).catch(() => undefined);
  if (found && found.ext in UPLOAD_FORMATS && found.ext !== 'svg') return found.ext as UploadExtension;
  // file-type reads binary signatures; an SVG is XML text (or nothing it knows).
  if ((!found || found.ext === 'xml' || found.ext === 'svg') && looksLikeSvg(head)) return 'svg';
  return undefined;
}

/** Reads until `bytes` bytes (or the end) have arrived; the chunks read so far, to be written on unchanged. */
async function readHead(reader: ReadableStreamDefaultReader<Uint8Array>, bytes: number): Promise<{ chunks: Uint8Array[]; head: Uint8Array; done: boolean }> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  let done = false;
  while (length < bytes) {
    const next = await reader.read();
    if (next.done) {
      done = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.byteLength;
  }
  const head = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    head.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { chunks, head, done };
}

/** WIDTHxHEIGHT of a raster image from its header (SPEC §3 originalSize), when the header holds it. */
function originalSize(head: Uint8Array): string | undefined {
  try {
    const { width, height } = imageSize(head);
    return width && height ? `${width}x${height}` : undefined;
  } catch {
    return undefined;
  }
}

/** The runtime's stream of a known length, which R2 needs to store a body it has not seen whole. */
interface FixedLength {
  readable: ReadableStream<Uint8Array>;
  writable: WritableStream<Uint8Array>;
}
const FixedLengthStream = (globalThis as unknown as { FixedLengthStream: new (length: number) => FixedLength }).FixedLengthStream;

export interface Upload {
  /** The name the owner's file had (shown, never used to decide the type). */
  name: string;
  /** Content-Length: the exact size, known before the bytes arrive. */
  length: number;
  body: ReadableStream<Uint8Array>;
}

/**
 * Stores an upload: reads its head to learn the format by content (415-free: 400
 * 'unsupported_file' with SPEC's text), refuses a size over the format's limit (413
 * 'file_too_large' with SPEC's text) before the rest is read, then streams the bytes through
 * into R2 under a new key `<site>/uploads/<id>.<ext>` (the extension is the detected
 * format's, so /assets/ serves it with the allow-listed type) and records the asset.
 * A body that ends short of its length stores nothing (400 'upload_incomplete').
 */
export async function storeUpload(
  db: Db, bucket: R2Bucket, site: { id: string; identifier: string }, upload: Upload, now: number,
  /** `files`: a digital product's file, private (only an order's download link serves it; edge/files/assets.ts SOLD_FILES). */
  folder: 'uploads' | 'files' = 'uploads',
): Promise<FileRecord> {
  const fileName = cleanFileName(upload.name) || 'file';
  const reader = upload.body.getReader();
  const { chunks, head } = await readHead(reader, Math.min(HEAD_BYTES, upload.length));
  const ext = await detectFormat(head);
  if (!ext) {
    await reader.cancel().catch(() => undefined);
    throw new ApiError(400, 'unsupported_file', FILE_MESSAGES.unsupported(fileName));
  }
  const tooLarge = sizeProblem(fileName, ext, upload.length);
  if (tooLarge) {
    await reader.cancel().catch(() => undefined);
    throw new ApiError(413, 'file_too_large', tooLarge);
  }
  const format = UPLOAD_FORMATS[ext];
  const id = crypto.randomUUID().replaceAll('-', '');
  const key = `${site.identifier}/${folder}/${id}.${ext}`;

  const { readable, writable } = new FixedLengthStream(upload.length);
  const pump = (async () => {
    const writer = writable.getWriter();
    try {
      for (const chunk of chunks) await writer.write(chunk);
      for (;;) {
        const next = await reader.read();
        if (next.done) break;
        await writer.write(next.value);
      }
      await writer.close();
    } catch (err) {
      await writer.abort(err).catch(() => undefined);
      throw err;
    }
  })();
  try {
    await Promise.all([bucket.put(key, readable as never, { httpMetadata: { contentType: format.type } }), pump]);
  } catch {
    await bucket.delete(key).catch(() => undefined);
    throw new ApiError(400, 'upload_incomplete', FILE_MESSAGES.uploadFailed);
  }

  const row = {
    id, websiteId: site.id, kind: format.kind, r2Key: key, filename: fileName, contentType: format.type, byteSize: upload.length,
    originalSize: format.kind === 'image' && ext !== 'svg' ? (originalSize(head) ?? null) : null,
    focalPointX: 0.5, focalPointY: 0.5, altText: null, title: null, createdOn: now,
  };
  try {
    await db.$client
      .prepare(
        `INSERT INTO assets (id, website_id, kind, r2_key, filename, content_type, byte_size, original_size, focal_point_x, focal_point_y, created_on)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(row.id, row.websiteId, row.kind, row.r2Key, row.filename, row.contentType, row.byteSize, row.originalSize, 0.5, 0.5, now)
      .run();
  } catch (err) {
    await bucket.delete(key).catch(() => undefined);
    throw err;
  }
  return fileRecord(row);
}
