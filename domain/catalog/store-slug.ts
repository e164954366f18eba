import { slugify } from '../pages/page-rules.js';

/** SPEC §5: a title slug shorter than this takes the fallback title instead. */
export const MIN_STORE_SLUG_LENGTH = 3;

/**
 * SPEC §5 Store URL slug: the title slugified; when that is empty or shorter than 3
 * characters, the fallback title's slug; when the slug is already taken, the base with
 * the next free numeric suffix (`shop-2`, `shop-3`, ...). `taken` holds slugs in use.
 * @example storeSlug('My Shop', 'Store', new Set(['my-shop'])) === 'my-shop-2'
 */
export function storeSlug(title: string, fallbackTitle: string, taken: ReadonlySet<string>): string {
  const own = slugify(title);
  let base = own.length >= MIN_STORE_SLUG_LENGTH ? own : slugify(fallbackTitle);
  // A fallback that slugifies to nothing still needs a URL.
  if (base === '') base = 'store';
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
