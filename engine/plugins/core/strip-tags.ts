/**
 * The `safe` formatter's tag stripper, in one linear pass (a lazy `<[^>]*?>`
 * regular expression rescans the rest of the text from every `<` that has no `>`).
 */

/**
 * Remove every `<...>` tag. A `<` that never closes cannot be left live (a browser
 * would read the rest of the page as its attributes): it is written `&lt;`.
 *
 * @example stripTags('<b>bold</b> <i') // 'bold &lt;i'
 */
export function stripTags(text: string): string {
  let out = '';
  let from = 0;
  for (;;) {
    const open = text.indexOf('<', from);
    if (open === -1) return out + text.slice(from);
    const close = text.indexOf('>', open + 1);
    if (close === -1) {
      // No `>` anywhere after this point: the remaining `<`s are all unterminated.
      return out + text.slice(from).replaceAll('<', '&lt;');
    }
    out += text.slice(from, open);
    from = close + 1;
  }
}
