import { FILE_MESSAGES, sizeProblem, sniffFormat } from '../../../../domain/files/file-rules.js';
import type { FileUse } from '../../../../edge/services/files/file-usage.js';
import type { FileRecord } from '../../../../edge/services/files/file-records.js';
import { currentCrumb, ownerFetch, OwnerApiError, TEXT } from '../../api.js';

export type { FileRecord, FileUse };

/** The list's sort choices: the API's `sort` and `dir` behind one select. */
export const SORTS = [
  { value: 'created-desc', label: 'Newest first' },
  { value: 'created-asc', label: 'Oldest first' },
  { value: 'name-asc', label: 'Name A–Z' },
  { value: 'name-desc', label: 'Name Z–A' },
  { value: 'size-desc', label: 'Largest first' },
  { value: 'size-asc', label: 'Smallest first' },
] as const;
export type SortValue = (typeof SORTS)[number]['value'];

export interface ListRequest {
  search: string;
  sort: SortValue;
  kind?: 'image' | 'file';
  after?: string | null;
  limit?: number;
}

/** The address of one page of the list (GET /api/files). */
export function listUrl({ search, sort, kind, after, limit = 40 }: ListRequest): string {
  const [by, dir] = sort.split('-') as [string, string];
  const params = new URLSearchParams({ sort: by, dir, limit: String(limit) });
  if (search.trim()) params.set('q', search.trim());
  if (kind) params.set('kind', kind);
  if (after) params.set('after', after);
  return `/api/files?${params}`;
}

export function listFiles(request: ListRequest): Promise<{ files: FileRecord[]; next: string | null }> {
  return ownerFetch('GET', listUrl(request));
}

export async function renameFile(id: string, fileName: string): Promise<FileRecord> {
  return (await ownerFetch<{ file: FileRecord }>('PATCH', `/api/files/${encodeURIComponent(id)}`, { fileName })).file;
}

export async function saveImageDetails(id: string, details: { altText?: string; focalPoint?: { x: number; y: number } }): Promise<FileRecord> {
  return (await ownerFetch<{ file: FileRecord }>('PUT', `/api/files/${encodeURIComponent(id)}/details`, details)).file;
}

/** A delete the server refused because the file is in use: its message and where. */
export class FileInUseError extends Error {
  constructor(message: string, readonly usedBy: FileUse[]) {
    super(message);
  }
}

/** DELETE /api/files/{id}; a 409 becomes FileInUseError with the server's list of uses. */
export async function deleteFile(id: string, send: typeof fetch = fetch): Promise<void> {
  let res: Response;
  try {
    res = await send(`/api/files/${encodeURIComponent(id)}`, { method: 'DELETE', credentials: 'same-origin', headers: { Accept: 'application/json', 'X-CSRF-Token': currentCrumb() } });
  } catch {
    throw new OwnerApiError(TEXT.network, 0);
  }
  if (res.ok) return;
  const body = (await res.json().catch(() => ({}))) as { message?: string; usedBy?: FileUse[] };
  if (res.status === 409) throw new FileInUseError(body.message ?? TEXT.failed, body.usedBy ?? []);
  throw new OwnerApiError(body.message ?? (res.status >= 500 ? TEXT.unreachable : TEXT.failed), res.status);
}

/**
 * The owner app's own look before uploading, for fast feedback: the format by the file's
 * first bytes and its size against that format's limit (SPEC texts). The worker checks again.
 */
export async function precheck(file: Blob & { name: string }): Promise<string | undefined> {
  const head = new Uint8Array(await file.slice(0, 4096).arrayBuffer());
  const ext = sniffFormat(head);
  if (!ext) return FILE_MESSAGES.unsupported(file.name);
  return sizeProblem(file.name, ext, file.size);
}

/** How an upload ended, for the queue to show. */
export type UploadOutcome = { ok: true; file: FileRecord } | { ok: false; cancelled?: boolean; message: string };

/**
 * What an answer to an upload means: 201 the stored file; a 4xx the server's message (SPEC
 * texts: too large, not supported); a 5xx or an answer that is not ours 'File processing failed'.
 */
export function uploadOutcome(status: number, text: string): UploadOutcome {
  let body: { file?: FileRecord; message?: string } | undefined;
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    body = undefined;
  }
  if (status === 201 && body?.file) return { ok: true, file: body.file };
  if (status >= 400 && status < 500 && body?.message) return { ok: false, message: body.message };
  return { ok: false, message: FILE_MESSAGES.processingFailed };
}

/**
 * Sends a file's bytes (POST /api/files?name=) with XMLHttpRequest, whose upload events
 * report progress; `signal` cancels ('File processing cancelled'). A connection lost on the
 * way is 'File upload failed to complete'.
 */
export function uploadFile(file: Blob & { name: string }, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/files?name=${encodeURIComponent(file.name)}`);
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-CSRF-Token', currentCrumb());
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => resolve(uploadOutcome(xhr.status, xhr.responseText));
    xhr.onerror = () => resolve({ ok: false, message: FILE_MESSAGES.incomplete });
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => resolve({ ok: false, cancelled: true, message: FILE_MESSAGES.processingCancelled });
    if (signal.aborted) return xhr.onabort(new ProgressEvent('abort'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
