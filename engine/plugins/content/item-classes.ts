/** The CSS classes of a content item in a list (`item-classes`). */
import { asNumber, asString, getKey, isTruthy } from '../../values.js';
import { isOnSale, isSoldOut } from '../commerce/product.js';
import { slugify } from '../core/slugify.js';
import type { RenderContext } from '../../plugin-contract.js';
import { RECORD_TYPES } from './enums.js';

function slugList(prefix: string, list: unknown): string {
  if (!Array.isArray(list)) return '';
  return list.map((v) => ` ${prefix}-${slugify(asString(v))}`).join('');
}

/**
 * `hentry` plus classes for promotion, categories, tags, author, post type,
 * position in the list, featured, and sale / sold-out state of store items.
 * The item's fields are looked up through the scope stack, as the theme
 * templates apply the formatter to `@` inside a repeated section.
 *
 * @example itemClasses(item, ctx) // 'hentry category-news post-type-text article-index-1'
 */
export function itemClasses(item: unknown, ctx: RenderContext): string {
  let out = 'hentry';
  const promoted = ctx.resolve('promotedBlockType');
  if (isTruthy(promoted)) out += ` promoted promoted-block-${slugify(asString(promoted))}`;

  const categories = ctx.resolve('categories');
  if (isTruthy(categories)) out += slugList('category', categories);
  const tags = ctx.resolve('tags');
  if (isTruthy(tags)) out += slugList('tag', tags);

  const author = ctx.resolve('author');
  const displayName = getKey(author, 'displayName');
  if (isTruthy(author) && isTruthy(displayName)) out += ` author-${slugify(asString(displayName))}`;

  out += ` post-type-${slugify(asString(ctx.resolve('recordTypeLabel')))}`;

  const index = ctx.resolve('@index');
  if (index !== undefined) out += ` article-index-${asNumber(index)}`;

  if (isTruthy(ctx.resolve('starred'))) out += ' featured';

  if (asNumber(getKey(item, 'recordType')) === RECORD_TYPES['store-item']) {
    if (isOnSale(item)) out += ' on-sale';
    if (isSoldOut(item)) out += ' sold-out';
  }
  return out;
}
