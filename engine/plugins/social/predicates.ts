/** Social predicates: whether comments show and whether Disqus handles them. */
import { asNumber, getKey, isTruthy } from '../../values.js';
import type { PredicateTable } from '../../plugin-contract.js';

export const SOCIAL_PREDICATES: PredicateTable = {
  /**
   * SPEC §4: comments show if commentState is 1 (enabled) or the item already
   * has public comments, unless the site settings turn comments off.
   */
  'comments?': (_args, ctx) => {
    const settings = ctx.resolve('websiteSettings');
    if (settings !== undefined && !isTruthy(getKey(settings, 'commentsEnabled'))) return false;
    return asNumber(getKey(ctx.node, 'commentState')) === 1 || asNumber(getKey(ctx.node, 'publicCommentCount')) > 0;
  },
  'disqus?': (_args, ctx) => isTruthy(ctx.resolve('websiteSettings.disqusShortName')),
};
