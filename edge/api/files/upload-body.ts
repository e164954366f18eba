import type { Context } from 'hono';
import { FILE_MESSAGES } from '../../../domain/files/file-rules.js';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';

/** Uploads send the file's raw bytes, never a multipart form (docs/api/files.md). */
export const UPLOAD_TYPE = 'application/octet-stream';

/**
 * The raw upload body of a request and its announced length, or the error the owner sees:
 * 415 for any other content type, 400 when the body or its Content-Length is missing.
 * The file manager's upload and a digital product's file share it.
 */
export function readUpload(c: Context<AppEnv>): { length: number; body: ReadableStream<Uint8Array> } {
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== UPLOAD_TYPE) throw new ApiError(415, 'unsupported_media_type', `Send the file's bytes as ${UPLOAD_TYPE}.`);
  const length = Number(c.req.header('content-length'));
  const body = c.req.raw.body;
  if (!body || !Number.isSafeInteger(length) || length <= 0) {
    throw new ApiError(400, 'upload_incomplete', FILE_MESSAGES.uploadFailed, { fields: { file: 'Send the file with its Content-Length.' } });
  }
  return { length, body };
}
