import type { CollectionRecord } from '../../services/collections.js';

// SPEC §3 CollectionType codes the edge names for templates.
const TYPE_NAMES: Record<number, string> = { 1: 'blog', 10: 'page', 13: 'products' };

export function collectionTypeName(c: CollectionRecord): string {
  return c.typeName ?? TYPE_NAMES[c.type] ?? 'generic';
}

/** The short form items carry in `item.collection`. */
export function collectionSummary(c: CollectionRecord) {
  return { id: c.id, title: c.title, urlId: c.urlId, fullUrl: c.fullUrl, typeName: collectionTypeName(c), type: c.type };
}

/** `collection` of a page context. */
export function collectionJson(c: CollectionRecord, itemCount?: number): Record<string, unknown> {
  const out: Record<string, unknown> = {
    ...collectionSummary(c),
    navigationTitle: c.navigationTitle ?? c.title,
    folder: c.folder,
  };
  if (c.description) out.description = c.description;
  if (c.seoTitle) out.seoTitle = c.seoTitle;
  if (c.seoDescription) out.seoDescription = c.seoDescription;
  if (itemCount !== undefined) out.itemCount = itemCount;
  return out;
}
