import { currentCrumb, OwnerApiError, ownerFetch, TEXT } from '../../api.js';

/** The largest file the import takes (the server's limit, domain/catalog/csv-parse.ts). */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const TOO_LARGE = 'The file is too large. A CSV import is at most 10 MB.';

export interface ImportProblem {
  line: number;
  column?: string;
  message: string;
}

export interface ImportImage {
  line: number;
  handle: string;
  title: string;
  url: string;
  altText: string;
  productId?: string | null;
}

/** POST /api/owner/products/import/preview's answer (docs/api/catalogue.md). */
export interface ImportPreview {
  layout: 'shopify' | 'atelier' | 'unknown';
  delimiter: ',' | ';';
  columns: { index: number; header: string; field: string | null }[];
  fields: { field: string; label: string }[];
  rows: { line: number; cells: string[] }[];
  rowCount: number;
  productCount: number;
  variantCount: number;
  images: ImportImage[];
  errors: ImportProblem[];
  errorCount: number;
  stores: { id: string; title: string; productCount: number }[];
  /** Where the products would go: the chosen store, then (with overflow) new stores of 200. */
  placement: { store: string; products: number; new: boolean }[];
}

export interface ImportResult {
  products: { id: string; title: string; urlId: string; fullUrl: string; line: number; editUrl: string }[];
  productCount: number;
  variantCount: number;
  images: ImportImage[];
  stores: { store: string; products: number }[];
}

/** A refused commit: the message and the problems by line. */
export class ImportRefusal extends OwnerApiError {
  constructor(message: string, status: number, readonly problems: ImportProblem[]) {
    super(message, status);
  }
}

export function previewImport(csv: string, mapping: (string | null)[] | undefined, collectionId: string | undefined, overflow: boolean): Promise<ImportPreview> {
  return ownerFetch<ImportPreview>('POST', '/api/owner/products/import/preview', { csv, ...(mapping ? { mapping } : {}), ...(collectionId ? { collectionId } : {}), overflow });
}

/**
 * The commit, sent with XMLHttpRequest so that the upload of a large file reports its
 * progress (0-1); the server then writes everything in one batch, or nothing.
 */
export function commitImport(csv: string, mapping: (string | null)[], collectionId: string, overflow: boolean, onProgress: (share: number) => void): Promise<ImportResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/owner/products/import');
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-CSRF-Token', currentCrumb());
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: (ImportResult & { message?: string; errors?: ImportProblem[] }) | undefined;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status === 201 && body) resolve(body);
      else reject(new ImportRefusal(body?.message ?? (xhr.status >= 500 ? TEXT.unreachable : TEXT.failed), xhr.status, body?.errors ?? []));
    };
    xhr.onerror = () => reject(new OwnerApiError(TEXT.network, 0));
    xhr.send(JSON.stringify({ csv, mapping, collectionId, overflow }));
  });
}
