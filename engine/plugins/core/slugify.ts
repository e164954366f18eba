const NOT_SLUG = /[^a-zA-Z0-9\s-]+/g;
const SPACES = /\s+/g;

/**
 * URL slug of a title: characters other than ASCII letters, digits, whitespace
 * and '-' are dropped, each whitespace run becomes one '-', and the result is
 * lower-cased.
 *
 * @example slugify("If Strike Isn't Settled") // 'if-strike-isnt-settled'
 */
export function slugify(text: string): string {
  return text.replace(NOT_SLUG, '').replace(SPACES, '-').toLowerCase();
}
