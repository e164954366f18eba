/** HTML escaping used by every formatter that emits markup. */

const HTML_FIRST = /[&<>]/;
const ATTR_FIRST = /[&<>"]/;

/** `s` with & < > (and " when `quote`) replaced from `from` on, built in one pass rather than a callback per match. */
function escapeFrom(s: string, from: number, quote: boolean): string {
  let out = '';
  let last = 0;
  for (let i = from; i < s.length; i++) {
    let entity: string;
    switch (s.charCodeAt(i)) {
      case 38:
        entity = '&amp;';
        break;
      case 60:
        entity = '&lt;';
        break;
      case 62:
        entity = '&gt;';
        break;
      case 34:
        if (!quote) continue;
        entity = '&quot;';
        break;
      default:
        continue;
    }
    out += s.substring(last, i) + entity;
    last = i + 1;
  }
  return out + s.substring(last);
}

/**
 * Escaped forms of long texts by their full text. A page escapes the same big value
 * on every render (a product's variants as JSON in a data attribute, 8 KB with
 * 1,500 quotes): hashing and comparing the text costs a fraction of escaping it.
 * Pure and bounded (entries and total characters); cleared when full.
 */
class LongTexts {
  private readonly map = new Map<string, string>();
  private chars = 0;

  get(s: string): string | undefined {
    return this.map.get(s);
  }

  set(s: string, escaped: string): void {
    if (this.map.size >= MAX_LONG_ENTRIES || this.chars + s.length > MAX_LONG_CHARS) {
      this.map.clear();
      this.chars = 0;
    }
    this.map.set(s, escaped);
    this.chars += s.length;
  }
}

/** Shorter texts are escaped each time; longer ones than MAX_LONG_TEXT are never kept. */
export const MIN_LONG_TEXT = 1024;
const MAX_LONG_TEXT = 64 * 1024;
const MAX_LONG_ENTRIES = 64;
const MAX_LONG_CHARS = 512 * 1024;
const longHtml = new LongTexts();
const longAttr = new LongTexts();

function escapeLong(s: string, first: number, quote: boolean, cache: LongTexts): string {
  if (s.length > MAX_LONG_TEXT) return escapeFrom(s, first, quote);
  let escaped = cache.get(s);
  if (escaped === undefined) {
    // Flattened once here, not by every reader of the cached text.
    escaped = escapeFrom(s, first, quote);
    escaped.charCodeAt(0);
    cache.set(s, escaped);
  }
  return escaped;
}

/** Escape text content: & < >. */
export function escapeHtml(s: string): string {
  const first = s.search(HTML_FIRST);
  if (first === -1) return s;
  return s.length < MIN_LONG_TEXT ? escapeFrom(s, first, false) : escapeLong(s, first, false, longHtml);
}

/** Escape an attribute value: & < > ". */
export function escapeAttr(s: string): string {
  const first = s.search(ATTR_FIRST);
  if (first === -1) return s;
  return s.length < MIN_LONG_TEXT ? escapeFrom(s, first, true) : escapeLong(s, first, true, longAttr);
}
