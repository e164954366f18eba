/** The commerce predicates: derived product state of the current scope (SPEC §4). */
import type { PredicateTable } from '../../plugin-contract.js';
import { hasVariants, hasVariedPrices, isOnSale, isSoldOut, isSubscribable } from './product.js';

export const COMMERCE_PREDICATES: PredicateTable = {
  'has-variants?': (_args, ctx) => hasVariants(ctx.node),
  'on-sale?': (_args, ctx) => isOnSale(ctx.node),
  'sold-out?': (_args, ctx) => isSoldOut(ctx.node),
  'subscribable?': (_args, ctx) => isSubscribable(ctx.node),
  'varied-prices?': (_args, ctx) => hasVariedPrices(ctx.node),
};
