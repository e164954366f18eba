import type { BlockLoadContext } from '../../edge/services/block-loads.js';
import { query } from '../../edge/services/db.js';
import { summaryItemsQuery } from '../../edge/services/items.js';
import { defineLoader } from '../define.js';
import { summaryBlock } from './index.js';

// SPEC §3 CollectionType of stores: their items are products.
const STORE_COLLECTION = 13;

/**
 * Every summary block of a page in one D1 round trip (a query per block, batched), then
 * one details round trip for all their items. A block whose collection does not exist (or
 * is not enabled) finds no items: its partial shows the empty state.
 */
export const summaryLoader = defineLoader(summaryBlock, async (blocks, ctx: BlockLoadContext) => {
  const { db, site, now } = ctx;
  const [first, ...rest] = blocks.map((props) => summaryItemsQuery(db, site.id, props, now));
  const results = first ? await query(() => db.batch([first, ...rest])) : [];
  const json = await ctx.items(results.flat());
  return results.map((rows) => ({
    products: rows[0]?.collectionType === STORE_COLLECTION,
    items: rows.map((row) => json.byId.get(row.id)),
    productMerchandisingContext: json.productMerchandisingContext,
  }));
});
