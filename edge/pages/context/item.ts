import type { CollectionRecord } from '../../services/collections.js';
import type { ItemDetails } from '../../services/item-details.js';
import type { ItemRecord } from '../../services/items.js';
import { collectionSummary } from './collection.js';
import { imageJson } from '../../services/item-json/image-json.js';
import { productJson } from '../../services/item-json/product-json.js';

/**
 * A content item as templates read it: the record's own fields, author, images and,
 * for store items, `structuredContent` with the product and its variants.
 */
export function itemJson(row: ItemRecord, details: ItemDetails, collection?: CollectionRecord): Record<string, unknown> {
  const images = (details.images.get(row.id) ?? []).map(imageJson);
  const mainAsset = row.mainImageId ? details.assets.get(row.mainImageId) : undefined;
  // A gallery image carries the item's own alt text, so the main image is taken from there when listed.
  const mainImage = images.find((i) => i.id === row.mainImageId) ?? (mainAsset ? imageJson(mainAsset) : images[0]);
  // The gallery starts with the main image even when it is not among the item's images.
  const gallery = mainImage && !images.some((i) => i.id === mainImage.id) ? [mainImage, ...images] : images;

  const out: Record<string, unknown> = {
    id: row.id,
    collectionId: row.collectionId,
    recordType: row.recordType,
    title: row.title,
    urlId: row.urlId,
    fullUrl: row.fullUrl,
    excerpt: row.excerpt ?? '',
    body: row.body ?? '',
    categories: row.categories,
    tags: row.tags,
    starred: row.starred,
    addedOn: row.addedOn,
    publishOn: row.publishOn ?? row.addedOn,
    updatedOn: row.updatedOn,
    commentState: row.commentState,
    publicCommentCount: row.publicCommentCount,
    likeCount: row.likeCount,
    items: gallery,
  };
  const author = row.authorId ? details.authors.get(row.authorId) : undefined;
  if (author) out.author = { displayName: author };
  if (mainImage) {
    out.assetUrl = mainImage.assetUrl;
    out.mainImageId = mainImage.id;
    out.mainImage = mainImage;
  }
  if (row.sourceUrl) out.sourceUrl = row.sourceUrl;
  if (row.externalLink) out.externalLink = row.externalLink;
  if (collection) out.collection = collectionSummary(collection);

  const product = details.products.get(row.id);
  if (product) {
    out.structuredContent = productJson(
      product,
      details.variants.get(row.id) ?? [],
      details.assets,
      row.structuredContent ?? {},
      details.plans.get(row.id),
      details.additionalFieldsForms.get(row.id),
    );
  } else if (row.structuredContent) {
    out.structuredContent = row.structuredContent;
  }
  return out;
}
