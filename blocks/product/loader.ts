import type { BlockLoadContext } from '../../edge/services/block-loads.js';
import { query } from '../../edge/services/db.js';
import { storeItemsQuery } from '../../edge/services/items.js';
import { defineLoader } from '../define.js';
import { productBlock } from './index.js';

/**
 * Every product block of a page in one query, then one details round trip. A product
 * that is not public (unpublished, hidden from the store, another site's) gives no data:
 * the partial says it is not available.
 */
export const productLoader = defineLoader(productBlock, async (blocks, ctx: BlockLoadContext) => {
  const ids = [...new Set(blocks.map((props) => props.item).filter(Boolean))];
  if (ids.length === 0) return blocks.map(() => undefined);
  const rows = await query(() => storeItemsQuery(ctx.db, ctx.site.id, ids, ctx.now));
  const json = await ctx.items(rows);
  return blocks.map((props) => {
    const item = json.byId.get(props.item);
    return item ? { item, productMerchandisingContext: json.productMerchandisingContext } : undefined;
  });
});
