/** Comment counts and the data the comment templates render. */
import { asNumber, asString, getKey, isTruthy, walkPath } from '../../values.js';
import { safeUrl } from '../safe-url.js';
import type { RenderContext } from '../../plugin-contract.js';

/**
 * SPEC §5 comment count text.
 *
 * @example commentCountText(0) // 'No Comments'
 */
export function commentCountText(count: number): string {
  if (count === 0) return 'No Comments';
  return count === 1 ? '1 Comment' : `${count} Comments`;
}

/** A name looked up on the node first, then up the scope stack, as a template would. */
const lookup = (node: unknown, ctx: RenderContext, name: string): unknown => getKey(node, name) ?? ctx.resolve(name);

const disqusShortname = (node: unknown, ctx: RenderContext): unknown =>
  walkPath(node, ['websiteSettings', 'disqusShortname']) ?? ctx.resolve('websiteSettings.disqusShortname');

/** Data of comment-link.html for an item. */
export function commentLinkData(item: unknown, ctx: RenderContext): Record<string, unknown> {
  const count = asNumber(getKey(item, 'publicCommentCount'));
  return {
    disqusShortname: disqusShortname(item, ctx),
    id: getKey(item, 'id'),
    fullUrl: safeUrl(asString(getKey(item, 'fullUrl'))),
    count: count === 0 ? 'No' : count,
    plural: count !== 1,
  };
}

/**
 * Data of comments.html. The thread belongs to the page's item when there is
 * one, else to its collection; the attributes name which (`data-item-id` or
 * `data-collection-id`).
 */
export function commentsData(node: unknown, ctx: RenderContext): Record<string, unknown> {
  const item = lookup(node, ctx, 'item');
  const collection = isTruthy(item) ? undefined : lookup(node, ctx, 'collection');
  const [kind, owner] = isTruthy(item) ? ['item', item] : isTruthy(collection) ? ['collection', collection] : [];
  return {
    disqusShortname: disqusShortname(node, ctx),
    id: getKey(node, 'id'),
    owner:
      owner === undefined
        ? undefined
        : {
            kind,
            id: getKey(owner, 'id'),
            publicCommentCount: getKey(owner, 'publicCommentCount'),
            commentState: getKey(owner, 'commentState'),
          },
  };
}

/** Data of like-button.html: the button shows only when the site enables simple liking. */
export function likeButtonData(item: unknown, ctx: RenderContext): Record<string, unknown> {
  const enabled =
    isTruthy(item) && isTruthy(walkPath(item, ['websiteSettings', 'simpleLikingEnabled']) ?? ctx.resolve('websiteSettings.simpleLikingEnabled'));
  return { enabled, id: getKey(item, 'id'), likeCount: getKey(item, 'likeCount') };
}
