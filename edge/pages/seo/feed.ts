import type { CollectionRecord } from '../../services/collections.js';
import { loadItemDetails } from '../../services/item-details.js';
import { listItems } from '../../services/items.js';
import { collectionJson, collectionTypeName } from '../context/collection.js';
import { itemJson } from '../context/item.js';
import { websiteJson } from '../context/website.js';
import type { PageRequest } from '../page-request.js';
import { canonicalOrigin } from './meta.js';
import { FEED_SIZE, rssXml } from './rss.js';

/** True for collections that publish a feed: blogs. */
export function hasFeed(collection: CollectionRecord): boolean {
  return collectionTypeName(collection) === 'blog';
}

/** `/<blog>?format=rss`: the blog's newest posts as RSS 2.0. */
export async function feedXml(req: PageRequest, collection: CollectionRecord): Promise<string> {
  const page = await listItems(req.db, collection, 0, FEED_SIZE, req.now);
  const details = await loadItemDetails(req.db, page.rows);
  const origin = canonicalOrigin(req.site, req.url);
  return rssXml(origin, {
    website: websiteJson(req.site, origin),
    collection: collectionJson(collection),
    items: page.rows.map((r) => itemJson(r, details, collection)),
  });
}
