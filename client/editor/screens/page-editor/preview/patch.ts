/**
 * Partial reload of the preview frame: what changed between the render the frame shows and
 * the worker's new render of the draft, as sections to replace, or a full reload when the
 * change is outside the sections (head, styles, header, footer) or cannot be patched.
 */

/** One `?preview` render reduced to what the patch compares. */
export interface PreviewSnapshot {
  /** The head's HTML and the html/body attributes: a change there (styles, scripts, page data) needs a reload. */
  head: string;
  /** The body with the page's sections replaced by one marker: the header, footer and whatever surrounds them. */
  shell: string;
  /** The page's sections in order: id (`section-{id}`), outer HTML, and whether it holds islands. */
  sections: { id: string; html: string; islands: boolean }[];
}

export type PatchPlan =
  | { kind: 'none' }
  | { kind: 'patch'; order: string[]; sections: { id: string; html: string }[] }
  | { kind: 'reload'; reason: 'unknown' | 'head' | 'shell' | 'empty' | 'islands' };

/**
 * The plan from `shown` (the render in the frame; undefined when not known) to `next`.
 * Sections are matched by id: a changed one is replaced, new ones are inserted, removed ones
 * dropped, and the order follows `next`. Reload when the frame's render is not known, when
 * the head or the shell differ, when either render has no section (nowhere to put them), or
 * when a section to replace or insert holds an island (the storefront's loader hydrates
 * islands once, at load: a patched-in island would stay server markup).
 */
export function planPatch(shown: PreviewSnapshot | undefined, next: PreviewSnapshot): PatchPlan {
  if (!shown) return { kind: 'reload', reason: 'unknown' };
  if (shown.head !== next.head) return { kind: 'reload', reason: 'head' };
  if (shown.shell !== next.shell) return { kind: 'reload', reason: 'shell' };
  const before = new Map(shown.sections.map((s) => [s.id, s]));
  const changed = next.sections.filter((s) => before.get(s.id)?.html !== s.html);
  const order = next.sections.map((s) => s.id);
  const sameOrder = order.length === shown.sections.length && order.every((id, i) => shown.sections[i]!.id === id);
  if (changed.length === 0 && sameOrder) return { kind: 'none' };
  if (shown.sections.length === 0 || next.sections.length === 0) return { kind: 'reload', reason: 'empty' };
  // An island removed with its section is fine; one replaced or added is not.
  if (changed.some((s) => s.islands || before.get(s.id)?.islands)) return { kind: 'reload', reason: 'islands' };
  return { kind: 'patch', order, sections: changed.map(({ id, html }) => ({ id, html })) };
}

const SECTION = 'section.page-section[id^="section-"]';
const MARKER = '<atelier-sections></atelier-sections>';

/** The page's own sections in `root` (a section nested in another's block is that block's content). */
export function pageSections(root: ParentNode): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(SECTION)).filter((el) => !el.parentElement?.closest(SECTION));
}

function attributes(el: Element): string {
  return Array.from(el.attributes, (a) => `${a.name}=${JSON.stringify(a.value)}`).join(' ');
}

/** Reduces a parsed `?preview` document (DOMParser) to a snapshot. */
export function snapshotOf(doc: Document): PreviewSnapshot {
  const body = doc.body.cloneNode(true) as HTMLElement;
  const sections = pageSections(body).map((el) => {
    const snapshot = { id: el.id.slice('section-'.length), html: el.outerHTML, islands: el.querySelector('[data-island]') !== null };
    el.replaceWith(doc.createElement('atelier-sections'));
    return snapshot;
  });
  // A run of sections (only white space between them) is one place: adding or removing a
  // section there is a patch; sections in two places are two markers.
  const shell = body.innerHTML.replace(/<atelier-sections><\/atelier-sections>(?:\s*<atelier-sections><\/atelier-sections>)+/g, MARKER);
  return { head: `${attributes(doc.documentElement)}\n${attributes(doc.body)}\n${doc.head.innerHTML}`, shell, sections };
}
