import type { ProductListRow } from '../../../../edge/services/catalog/product-read.js';
import { ownerFetch } from '../../api.js';

/** The product types the list filters by and 'Add product' offers (docs/api/catalogue.md). */
export const PRODUCT_TYPES = [
  { value: 'physical', label: 'Physical', id: 1 },
  { value: 'digital', label: 'Digital', id: 2 },
  { value: 'service', label: 'Service', id: 3 },
  { value: 'giftCard', label: 'Gift card', id: 4 },
] as const;

export const typeLabel = (id: number): string => PRODUCT_TYPES.find((t) => t.id === id)?.label ?? (id === 5 ? 'Paywall' : 'Product');

/** What the owner reads in the Status column: archived, else hidden, else published or draft. */
export function statusLabel(row: Pick<ProductListRow, 'status' | 'visible'>): 'Archived' | 'Hidden' | 'Published' | 'Draft' {
  if (row.status === 'archived') return 'Archived';
  if (!row.visible) return 'Hidden';
  return row.status === 'published' ? 'Published' : 'Draft';
}

export interface StoreRow {
  id: string;
  title: string;
  urlId: string;
  fullUrl: string;
  productCount: number;
}

const contentService = (websiteId: string) => `/api/content-service/product/1.1/websites/${encodeURIComponent(websiteId)}/products`;

export async function listStores(websiteId: string): Promise<StoreRow[]> {
  return (await ownerFetch<{ stores: StoreRow[] }>('GET', contentService(websiteId))).stores;
}

export async function storeCategories(websiteId: string, collectionId: string): Promise<string[]> {
  const answer = await ownerFetch<{ categories: { displayName: string; type: string }[] }>('GET', `${contentService(websiteId)}/${encodeURIComponent(collectionId)}/categories`);
  return answer.categories.filter((c) => c.type !== 'root').map((c) => c.displayName);
}

export interface SlugPreview {
  urlId: string;
  fullUrl: string;
}

export async function previewSlug(websiteId: string, storeTitle: string, fallbackStoreTitle: string): Promise<SlugPreview> {
  const q = new URLSearchParams({ storeTitle, fallbackStoreTitle });
  return ownerFetch<SlugPreview>('GET', `${contentService(websiteId)}/slug-preview?${q}`);
}

export interface CreatedStore {
  collection: { id: string; title: string; urlId: string; fullUrl: string };
  navigation: { added: boolean };
}

export async function createStore(websiteId: string, body: { storeTitle: string; fallbackStoreTitle: string; allCategoryDisplayName: string; addToMainNav: boolean }): Promise<CreatedStore> {
  return ownerFetch<CreatedStore>('POST', contentService(websiteId), body);
}

/** The body of POST /api/owner/products/bulk. */
export type BulkBody =
  | { action: 'publish' | 'draft' | 'hide' | 'show' | 'archive' | 'restore' | 'delete'; ids: string[] }
  | { action: 'setCategory'; ids: string[]; category: string }
  | { action: 'adjustStock'; ids: string[]; delta: number; reason?: string };

export async function bulk(body: BulkBody): Promise<{ count: number }> {
  return ownerFetch<{ count: number }>('POST', '/api/owner/products/bulk', body);
}

/** Every product of a store (a store holds at most 200: one page), for the filters' category and tag names. */
export async function storeNames(collectionId: string): Promise<{ categories: string[]; tags: string[] }> {
  const answer = await ownerFetch<{ products: ProductListRow[] }>('GET', `/api/owner/products?collectionId=${encodeURIComponent(collectionId)}&limit=200`);
  const categories = new Set<string>();
  const tags = new Set<string>();
  for (const p of answer.products) {
    p.categories.forEach((c) => categories.add(c));
    p.tags.forEach((t) => tags.add(t));
  }
  const sorted = (s: Set<string>) => [...s].sort((a, b) => a.localeCompare(b));
  return { categories: sorted(categories), tags: sorted(tags) };
}
