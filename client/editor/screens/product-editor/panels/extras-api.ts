import { FILE_MESSAGES } from '../../../../../domain/files/file-rules.js';
import type { ProductListRow } from '../../../../../edge/services/catalog/product-read.js';
import type { FileRecord } from '../../../../../edge/services/files/file-records.js';
import { currentCrumb, ownerFetch, OwnerApiError, TEXT } from '../../../api.js';

export interface FormChoice {
  id: string;
  name: string;
  fieldCount: number;
}

/** GET /api/owner/product-extras/forms: the site's additional-fields forms. */
export async function loadAdditionalForms(): Promise<FormChoice[]> {
  return (await ownerFetch<{ forms: FormChoice[] }>('GET', '/api/owner/product-extras/forms')).forms;
}

/** The site's products by title (at most 200, the owner's list call), for the related-products picker. */
export async function loadProductChoices(): Promise<Pick<ProductListRow, 'id' | 'title' | 'status'>[]> {
  return (await ownerFetch<{ products: ProductListRow[] }>('GET', '/api/owner/products?limit=200')).products;
}

/** POST /api/owner/product-extras/digital-files?name=: the file's bytes, stored privately; the server's message on a refusal. */
export async function uploadDigitalFile(file: Blob & { name: string }, send: typeof fetch = fetch): Promise<FileRecord> {
  let res: Response;
  try {
    res = await send(`/api/owner/product-extras/digital-files?name=${encodeURIComponent(file.name)}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/octet-stream', 'X-CSRF-Token': currentCrumb() },
      body: file,
    });
  } catch {
    throw new OwnerApiError(FILE_MESSAGES.incomplete, 0);
  }
  const json = (await res.json().catch(() => undefined)) as { file?: FileRecord; message?: string } | undefined;
  if (res.status === 201 && json?.file) return json.file;
  throw new OwnerApiError(json?.message ?? (res.status >= 500 ? TEXT.unreachable : FILE_MESSAGES.processingFailed), res.status);
}
