/**
 * A small HTML tag reader for the XSS tests (no DOM in Node): the start tags of a page as
 * a browser tokenizes them (names, attributes with quoted or bare values, entities decoded)
 * and the text of each script element.
 */
export interface Tag {
  name: string;
  attrs: Map<string, string>;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", colon: ':', tab: '\t', newline: '\n' };

/** Decodes HTML character references, as a browser does inside attribute values. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

const TAG = /<([a-zA-Z][^\s/>]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
// Elements whose content is text to the tokenizer: a tag inside them is not a tag.
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'plaintext']);

/** Every start tag of `html`, in order, skipping comments and raw-text content. */
export function startTags(html: string): Tag[] {
  const tags: Tag[] = [];
  const source = html.replace(/<!--[\s\S]*?-->/g, '');
  TAG.lastIndex = 0;
  for (let m = TAG.exec(source); m; m = TAG.exec(source)) {
    const name = m[1]!.toLowerCase();
    const attrs = new Map<string, string>();
    for (const a of m[2]!.matchAll(ATTR)) {
      const key = a[1]!.toLowerCase();
      if (!attrs.has(key)) attrs.set(key, decodeEntities(a[2] ?? a[3] ?? a[4] ?? ''));
    }
    tags.push({ name, attrs });
    if (RAW_TEXT.has(name)) {
      const close = source.toLowerCase().indexOf(`</${name}`, TAG.lastIndex);
      TAG.lastIndex = close === -1 ? source.length : close;
    }
  }
  return tags;
}

/** The text inside each script element. */
export function scriptTexts(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script\s*>/gi)].map((m) => m[1]!);
}
