/**
 * The file manager's rules, shared by the worker (which enforces them) and the owner app
 * (which checks first, for fast feedback): the SPEC §5/§8 texts, which formats an upload
 * may be, the size limit of each and how sizes read (SPEC §9: 1,024 bytes per KB, 1e6
 * bytes per MB).
 */

/** SPEC §5 and §8 texts of the file manager, exactly. */
export const FILE_MESSAGES = {
  tooLarge: (fileName: string, maxSize: string) => `The file ${fileName} is too large. The maximum allowed file size is ${maxSize}.`,
  unsupported: (fileName: string) => `The file ${fileName} does not appear to be a supported file.`,
  nameRequired: 'Please enter a file name',
  uploadTitle: 'Unable to Upload File',
  uploadFailed: 'There was a problem while uploading your file.',
  renameTitle: 'Unable to Rename File',
  renameFailed: 'There was a problem while renaming your file.',
  processingFailed: 'File processing failed',
  processingCancelled: 'File processing cancelled',
  incomplete: 'File upload failed to complete',
  // Ours, in the catalogue's voice: a delete refused while something shows the file.
  inUse: (fileName: string) => `The file ${fileName} is in use and cannot be deleted.`,
  notFound: 'Unable to locate content',
} as const;

/** SPEC §9 size units. */
const KB = 1024;
const MB = 1_000_000;

export type FileKind = 'image' | 'file';

/**
 * The formats an upload may be: each with its kind, the extension its stored key gets (the
 * key's extension decides the served type, edge/files/content-types.ts, so only types of that
 * allow-list appear here) and its size limit in bytes.
 */
export const UPLOAD_FORMATS = {
  jpg: { kind: 'image', type: 'image/jpeg', maxBytes: 20 * MB },
  png: { kind: 'image', type: 'image/png', maxBytes: 20 * MB },
  gif: { kind: 'image', type: 'image/gif', maxBytes: 20 * MB },
  webp: { kind: 'image', type: 'image/webp', maxBytes: 20 * MB },
  avif: { kind: 'image', type: 'image/avif', maxBytes: 20 * MB },
  // SVG is text the browser parses as a document: small, and served in a sandbox.
  svg: { kind: 'image', type: 'image/svg+xml', maxBytes: 512 * KB },
  pdf: { kind: 'file', type: 'application/pdf', maxBytes: 20 * MB },
} as const satisfies Record<string, { kind: FileKind; type: string; maxBytes: number }>;

export type UploadExtension = keyof typeof UPLOAD_FORMATS;

/** The largest upload of any format (the upload route's body limit). */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_FORMATS).map((f) => f.maxBytes));

/** What the file input offers (the server decides by content, never by this). */
export const UPLOAD_ACCEPT = Object.values(UPLOAD_FORMATS)
  .map((f) => f.type)
  .join(',');

/**
 * A size in SPEC §9 units: whole megabytes (1e6 bytes) as "20 MB", else kilobytes of 1,024
 * bytes as "512 KB" (one decimal under 10), bytes under one kilobyte as "900 bytes".
 */
export function formatFileSize(bytes: number): string {
  if (bytes >= MB) {
    const mb = bytes / MB;
    return `${Number.isInteger(mb) || mb >= 10 ? Math.round(mb) : mb.toFixed(1)} MB`;
  }
  if (bytes >= KB) {
    const kb = bytes / KB;
    return `${Number.isInteger(kb) || kb >= 10 ? Math.round(kb) : kb.toFixed(1)} KB`;
  }
  return `${bytes} bytes`;
}

/** The SPEC message when `size` bytes is over the limit of `ext`, else undefined. */
export function sizeProblem(fileName: string, ext: UploadExtension, size: number): string | undefined {
  const max = UPLOAD_FORMATS[ext].maxBytes;
  return size > max ? FILE_MESSAGES.tooLarge(fileName, formatFileSize(max)) : undefined;
}

/** The longest file name kept. */
export const MAX_FILE_NAME_LENGTH = 200;

/**
 * A file name as stored: path parts and control characters dropped, spaces collapsed, cut
 * to MAX_FILE_NAME_LENGTH; '' when nothing is left.
 */
export function cleanFileName(name: string): string {
  const last = name.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  return last.replace(/[\u0000-\u001f\u007f]/g, '').replace(/\s+/g, ' ').trim().slice(0, MAX_FILE_NAME_LENGTH).trim();
}

/**
 * True when the start of a file is an SVG document: optional BOM, XML declaration,
 * comments and doctype, then an <svg> element. (file-type does not read text formats.)
 */
export function looksLikeSvg(head: Uint8Array): boolean {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head.subarray(0, 4096));
  return /^\uFEFF?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!DOCTYPE\s+svg[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<svg[\s>/]/i.test(text);
}

/**
 * A quick look at a file's first bytes, for the owner app's check before it uploads: the
 * format's extension by its signature, or undefined. The worker decides with file-type.
 */
export function sniffFormat(head: Uint8Array): UploadExtension | undefined {
  const at = (offset: number, ...bytes: number[]) => bytes.every((b, i) => head[offset + i] === b);
  const ascii = (offset: number, text: string) => at(offset, ...[...text].map((ch) => ch.charCodeAt(0)));
  if (at(0, 0xff, 0xd8, 0xff)) return 'jpg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return 'gif';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'webp';
  if (ascii(4, 'ftypavif') || ascii(4, 'ftypavis')) return 'avif';
  if (ascii(0, '%PDF-')) return 'pdf';
  return looksLikeSvg(head) ? 'svg' : undefined;
}
