import type { OwnerProduct, ProductFacets } from '../../../../edge/services/catalog/product-read.js';
import { currentCrumb, ownerFetch, TEXT } from '../../api.js';

export type { OwnerProduct, ProductFacets };

/** A refused save as the editor shows it: the server's code, message, field messages and extras. */
export interface SaveProblem {
  status: number;
  error: string;
  message: string;
  fields: Record<string, string>;
  /** 409 sku_taken: the product that already has the sku. */
  clash?: { sku: string; productId: string; title: string };
  /** 412 version_conflict: the version saved since. */
  current?: { version: number | null };
}

export type SaveResult = { ok: true; product: OwnerProduct } | { ok: false; problem: SaveProblem };

export function loadProduct(id: string): Promise<OwnerProduct> {
  return ownerFetch<{ product: OwnerProduct }>('GET', `/api/owner/products/${encodeURIComponent(id)}`).then((r) => r.product);
}

export function loadFacets(collectionId: string | undefined): Promise<ProductFacets> {
  return ownerFetch('GET', `/api/owner/products/facets${collectionId ? `?collectionId=${encodeURIComponent(collectionId)}` : ''}`);
}

/** POST a new product, or PUT an existing one with `If-Match: "<version>"`. */
export async function saveProduct(id: string | undefined, version: number | undefined, body: unknown, send: typeof fetch = fetch): Promise<SaveResult> {
  let res: Response;
  try {
    res = await send(id ? `/api/owner/products/${encodeURIComponent(id)}` : '/api/owner/products', {
      method: id ? 'PUT' : 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-CSRF-Token': currentCrumb(), ...(id ? { 'If-Match': `"${version ?? 0}"` } : {}) },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, problem: { status: 0, error: 'network', message: TEXT.network, fields: {} } };
  }
  const json = (await res.json().catch(() => undefined)) as Record<string, unknown> | undefined;
  if (res.ok && json?.product) return { ok: true, product: json.product as OwnerProduct };
  return {
    ok: false,
    problem: {
      status: res.status,
      error: typeof json?.error === 'string' ? json.error : 'failed',
      message: typeof json?.message === 'string' ? json.message : res.status >= 500 ? TEXT.unreachable : TEXT.failed,
      fields: (json?.fields as Record<string, string> | undefined) ?? {},
      ...(json?.clash ? { clash: json.clash as SaveProblem['clash'] } : {}),
      ...(json?.current ? { current: json.current as SaveProblem['current'] } : {}),
    },
  };
}
