// Elements whose content is never text of the document: dropped with what they hold.
const DROP = 'script, style, template, meta, link, title, head, img, picture, video, audio, source, iframe, object, embed, svg, math, canvas, form, input, button, select, textarea';
// The inline style properties the editor's parse rules read (bold, italic, underline, strike, alignment).
const KEPT_STYLES = ['font-weight', 'font-style', 'text-decoration', 'text-decoration-line', 'text-align'];
// Attributes kept per element (the rest — style aside — goes: ids, classes, colours, fonts, data-*, handlers).
const KEPT_ATTRS: Record<string, string[]> = { a: ['href', 'target'], ol: ['start', 'type'] };

/**
 * Pasted HTML (Word, Google Docs, web pages), cleaned before ProseMirror parses it against the
 * rich-text schema, which then keeps only its own nodes, marks and attributes. Here: scripts,
 * styles, images, media, frames, forms and Office markup (`o:p`, Word's list bullets and
 * conditional comments) go; every attribute goes except a link's href and target, a list's
 * start and type, our own `rt-*` classes, and the style properties that mean bold, italic,
 * underline, strike or alignment. Parsing happens in an inert template: nothing loads or runs.
 * @example cleanPastedHtml('<p style="color:red" onclick="x"><img src="https://other.example/a.png">Hi</p>') === '<p>Hi</p>'
 */
export function cleanPastedHtml(html: string): string {
  // A <template>'s content is inert: no script runs, no image loads, no style applies. Handler
  // attributes are renamed first, so that the browser does not even report them to the page's
  // CSP (Chromium checks inline handlers as it parses them, in any document).
  const template = document.createElement('template');
  template.innerHTML = html.replace(/<[a-z][^>]*>/gi, (tag) => tag.replace(/\son[a-z]+\s*=/gi, ' data-dropped='));
  const root = template.content;
  for (const el of Array.from(root.querySelectorAll(DROP))) el.remove();
  // Word: list bullets and numbers as text in spans styled mso-list:Ignore, and <o:p> paragraphs marks.
  for (const el of Array.from(root.querySelectorAll('*'))) {
    if (/mso-list:\s*ignore/i.test(el.getAttribute('style') ?? '') || el.localName === 'o:p') el.remove();
  }
  // Comments (Word's <!--[if !supportLists]--> and the like).
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_COMMENT);
  const comments: Node[] = [];
  while (walker.nextNode()) comments.push(walker.currentNode);
  for (const comment of comments) comment.parentNode?.removeChild(comment);
  for (const el of Array.from(root.querySelectorAll('*'))) {
    const keep = KEPT_ATTRS[el.localName] ?? [];
    const style = keptStyle(el as HTMLElement);
    const classes = Array.from(el.classList).filter((c) => /^rt-(align|indent|size)-[a-z0-9]+$/.test(c));
    for (const attr of Array.from(el.attributes)) if (!keep.includes(attr.name)) el.removeAttribute(attr.name);
    if (style) el.setAttribute('style', style);
    if (classes.length) el.setAttribute('class', classes.join(' '));
  }
  return template.innerHTML;
}

function keptStyle(el: HTMLElement): string {
  const parts: string[] = [];
  for (const name of KEPT_STYLES) {
    const value = el.style.getPropertyValue(name);
    if (value) parts.push(`${name}: ${value}`);
  }
  return parts.join('; ');
}
