/**
 * HTML (a Shopify "Body (HTML)" cell, or our own export's description) to the rich text
 * JSON the product description stores (ProseMirror / Tiptap shape, the nodes and marks of
 * blocks/text/rich-text-schema.ts). No DOM: a small tokenizer and a stack. Allowed tags
 * become their nodes and marks; unknown tags are unwrapped (their text stays); script,
 * style and other non-content elements are dropped with what they hold.
 */

export interface DocNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: DocNode[];
  marks?: { type: string; attrs?: Record<string, unknown> }[];
  text?: string;
}

type Mark = NonNullable<DocNode['marks']>[number];

const ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', copy: '©', reg: '®', trade: '™', hellip: '…',
  mdash: '—', ndash: '–', lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', laquo: '«', raquo: '»', deg: '°', times: '×',
  euro: '€', pound: '£', yen: '¥', cent: '¢', middot: '·', bull: '•', eacute: 'é', egrave: 'è', agrave: 'à', uuml: 'ü',
  ouml: 'ö', auml: 'ä', szlig: 'ß', ccedil: 'ç', ntilde: 'ñ',
};

/** Decodes character references; unknown names stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#\d{1,7}|#x[\da-f]{1,6}|[a-z]{2,8});/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '\ufffd';
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const DROP = new Set(['script', 'style', 'template', 'iframe', 'object', 'embed', 'svg', 'math', 'noscript', 'head', 'title', 'select', 'textarea', 'button', 'canvas', 'video', 'audio']);
const VOID = new Set(['br', 'img', 'hr', 'input', 'meta', 'link', 'source', 'wbr', 'col', 'area', 'base', 'track']);
const MARK_TAGS: Record<string, string> = { strong: 'bold', b: 'bold', em: 'italic', i: 'italic', u: 'underline', s: 'strike', strike: 'strike', del: 'strike', code: 'code', a: 'link' };
const TEXTBLOCKS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const CONTAINERS = new Set(['ul', 'ol', 'li', 'blockquote']);
// Block-level tags that only separate paragraphs (their content becomes paragraphs).
const BREAKING = new Set(['div', 'section', 'article', 'header', 'footer', 'main', 'aside', 'figure', 'figcaption', 'table', 'thead', 'tbody', 'tr', 'td', 'th', 'dl', 'dt', 'dd', 'address', 'nav', 'hr', 'center']);

const ALIGN = /\brt-align-(center|right|justify)\b/;
const INDENT = /\brt-indent-([1-8])\b/;
const SIZE = /\brt-size-(small|large|xlarge)\b/;

function attributes(source: string): Record<string, string> {
  const out: Record<string, string> = {};
  const re = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
  for (let m = re.exec(source); m; m = re.exec(source)) out[m[1]!.toLowerCase()] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
  return out;
}

function blockAttrs(tag: string, attrs: Record<string, string>): Record<string, unknown> | undefined {
  const cls = attrs.class ?? '';
  const out: Record<string, unknown> = {};
  if (tag !== 'p') out.level = Number(tag[1]);
  const align = ALIGN.exec(cls)?.[1];
  if (align) out.textAlign = align;
  const indent = INDENT.exec(cls)?.[1];
  if (indent) out.indent = Number(indent);
  const size = tag === 'p' ? SIZE.exec(cls)?.[1] : undefined;
  if (size) out.size = size;
  return Object.keys(out).length ? out : undefined;
}

interface Frame {
  tag: string;
  node: DocNode;
}

/**
 * @example htmlToDoc('<p>Hand <b>thrown</b></p>') →
 *   { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hand ' }, { type: 'text', text: 'thrown', marks: [{ type: 'bold' }] }] }] }
 */
export function htmlToDoc(html: string): DocNode {
  const doc: DocNode = { type: 'doc', content: [] };
  // Open containers (doc, lists, items, quotes); the innermost last.
  const stack: Frame[] = [{ tag: '#doc', node: doc }];
  let block: DocNode | null = null; // the open paragraph or heading
  let blockTag = '';
  let pre: DocNode | null = null; // an open code block takes text only
  let dropping: string | null = null;
  let dropDepth = 0;
  const marks: { tag: string; mark: Mark }[] = [];

  const container = () => stack[stack.length - 1]!;
  const closeBlock = () => {
    if (block) {
      const content = block.content ?? [];
      // Trim the edges of a block's text (HTML source line breaks), drop it when nothing is left.
      const first = content[0];
      if (first?.type === 'text') first.text = first.text!.replace(/^ +/, '');
      const last = content[content.length - 1];
      if (last?.type === 'text') last.text = last.text!.replace(/ +$/, '');
      block.content = content.filter((n) => n.type !== 'text' || n.text !== '');
      if (block.content.length === 0) {
        delete block.content;
        if (blockTag === '#implicit') container().node.content!.pop();
      }
    }
    block = null;
    blockTag = '';
  };
  const openBlock = (tag: string, node: DocNode) => {
    closeBlock();
    const parent = container();
    // A list holds items only: text straight in a list gets an item of its own.
    if (parent.node.type === 'bulletList' || parent.node.type === 'orderedList') {
      const item: DocNode = { type: 'listItem', content: [] };
      parent.node.content!.push(item);
      stack.push({ tag: '#item', node: item });
    }
    container().node.content!.push(node);
    node.content = [];
    block = node;
    blockTag = tag;
  };
  const addInline = (node: DocNode) => {
    if (pre) {
      if (node.type === 'text') pre.content!.push({ type: 'text', text: node.text! });
      else pre.content!.push({ type: 'text', text: '\n' });
      return;
    }
    if (!block) {
      if (node.type === 'text' && node.text!.trim() === '') return;
      openBlock('#implicit', { type: 'paragraph' });
    }
    if (marks.length) node.marks = marks.map((m) => ({ ...m.mark }));
    block!.content!.push(node);
  };
  const closeContainer = (tag: string) => {
    const at = stack.map((f) => f.tag).lastIndexOf(tag);
    if (at <= 0) return;
    closeBlock();
    stack.length = at;
  };

  const tokens = /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<![^>]*>|<\?[^>]*>|<\/?([A-Za-z][A-Za-z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*\/?>|[^<]+|</;
  const re = new RegExp(tokens.source, 'g');
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const token = m[0];
    const name = m[1]?.toLowerCase();
    if (dropping) {
      if (name === dropping) dropDepth += token.startsWith('</') ? -1 : 1;
      if (dropDepth === 0) dropping = null;
      continue;
    }
    if (name === undefined) {
      if (token.startsWith('<!') || token.startsWith('<?')) continue;
      const raw = decodeEntities(token);
      addInline({ type: 'text', text: pre ? raw : raw.replace(/[ \t\r\n\f]*[\t\r\n\f][ \t\r\n\f]*/g, ' ') });
      continue;
    }
    const closing = token.startsWith('</');
    if (DROP.has(name)) {
      if (!closing && !token.endsWith('/>')) {
        dropping = name;
        dropDepth = 1;
      }
      continue;
    }
    if (closing) {
      if (name === 'pre') pre = null;
      else if (TEXTBLOCKS.has(name)) closeBlock();
      else if (name in MARK_TAGS && !(pre && name === 'code')) {
        const at = marks.map((x) => x.tag).lastIndexOf(name);
        if (at !== -1) marks.splice(at, 1);
      } else if (name === 'li') closeContainer('li');
      else if (name === 'ul' || name === 'ol' || name === 'blockquote') closeContainer(name);
      else if (BREAKING.has(name)) closeBlock();
      continue;
    }
    const attrs = attributes(m[2] ?? '');
    if (name === 'br') addInline({ type: 'hardBreak' });
    else if (name === 'pre') {
      closeBlock();
      pre = { type: 'codeBlock', content: [] };
      openBlock('pre', pre);
      block = null;
    } else if (pre) continue;
    else if (TEXTBLOCKS.has(name)) {
      const a = blockAttrs(name, attrs);
      openBlock(name, { type: name === 'p' ? 'paragraph' : 'heading', ...(a ? { attrs: a } : {}) });
    } else if (CONTAINERS.has(name)) {
      closeBlock();
      if (name === 'li') {
        // An item closes the previous one; outside a list it still makes a list.
        if (container().tag === 'li') closeContainer('li');
        if (container().node.type !== 'bulletList' && container().node.type !== 'orderedList') {
          const list: DocNode = { type: 'bulletList', content: [] };
          container().node.content!.push(list);
          stack.push({ tag: 'ul', node: list });
        }
      }
      let node: DocNode;
      if (name === 'ul') node = { type: 'bulletList' };
      else if (name === 'ol') {
        const start = Number(attrs.start);
        const type = attrs.type;
        const a: Record<string, unknown> = {};
        if (Number.isInteger(start) && start !== 1 && Math.abs(start) <= 1e6) a.start = start;
        if (type && ['a', 'A', 'i', 'I'].includes(type)) a.type = type;
        node = { type: 'orderedList', ...(Object.keys(a).length ? { attrs: a } : {}) };
      } else if (name === 'li') node = { type: 'listItem' };
      else node = { type: 'blockquote' };
      node.content = [];
      const parent = container();
      if ((parent.node.type === 'bulletList' || parent.node.type === 'orderedList') && name !== 'li') {
        // A list straight inside a list belongs to the previous item (or a new one).
        const lastItem = parent.node.content!.at(-1) ?? { type: 'listItem', content: [] };
        if (!parent.node.content!.includes(lastItem)) parent.node.content!.push(lastItem);
        stack.push({ tag: '#item', node: lastItem });
      }
      container().node.content!.push(node);
      stack.push({ tag: name, node });
    } else if (name in MARK_TAGS) {
      const type = MARK_TAGS[name]!;
      if (type === 'link') {
        const href = attrs.href?.trim();
        if (!href) {
          marks.push({ tag: name, mark: { type: 'noop' } });
          continue;
        }
        marks.push({ tag: name, mark: { type: 'link', attrs: { href: href.slice(0, 2083), target: attrs.target === '_blank' ? '_blank' : null } } });
      } else marks.push({ tag: name, mark: { type } });
    } else if (BREAKING.has(name)) closeBlock();
    else if (VOID.has(name)) continue;
    // Any other tag (span, font, small, ...) is unwrapped: its text flows on.
  }
  closeBlock();
  tidyMarks(doc);
  pruneEmpty(doc);
  return doc;
}

/** Marks without their placeholders, each type once, on text nodes only. */
function tidyMarks(node: DocNode): void {
  if (node.marks) {
    const seen = new Set<string>();
    node.marks = node.marks.filter((m) => m.type !== 'noop' && !seen.has(m.type) && seen.add(m.type));
    if (node.type !== 'text' || node.marks.length === 0) delete node.marks;
  }
  for (const child of node.content ?? []) tidyMarks(child);
}

/** Lists without items, items without blocks and empty quotes go; an empty item gets a paragraph. */
function pruneEmpty(node: DocNode): void {
  if (!node.content) return;
  for (const child of node.content) pruneEmpty(child);
  node.content = node.content.filter((c) => !['bulletList', 'orderedList', 'blockquote'].includes(c.type) || (c.content?.length ?? 0) > 0);
  if (node.type === 'listItem') {
    // A list item starts with a paragraph (Tiptap's schema): wrap leading text blocks as they are.
    if (node.content.length === 0 || (node.content[0]!.type !== 'paragraph' && node.content[0]!.type !== 'heading')) node.content.unshift({ type: 'paragraph' });
  }
  if (node.type === 'codeBlock' && node.content.length === 0) delete node.content;
}
