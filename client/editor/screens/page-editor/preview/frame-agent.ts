/**
 * The preview frame's script: the page editor appends it to the frame's document after each
 * load (`<script src>` of this file's own build, same origin, so the storefront's CSP
 * `script-src 'self'` allows it; the server's `?preview` HTML stays byte-identical to the live
 * page). It outlines the section or block under the pointer, selects one on click, shows the
 * editor's selection, applies section patches, keeps links inside the frame (SPEC §2: the cart
 * pill sets the frame URL) and talks to the editor only by postMessage (messages.ts).
 */
import { acceptMessage, CHANNEL, post, type PreviewTarget, type ToEditor, type ToFrame, toFrameMessage } from './messages.js';
import { pageSections } from './patch.js';

const BLOCK = 'div.block[id^="block-"]';
const SECTION = 'section.page-section[id^="section-"]';
const BLUE = '#2563eb';

declare global {
  interface Window {
    /** Set once the frame script runs, so a second injection does nothing. */
    atelierPreviewAgent?: true;
  }
}

/** The section or block `node` is in (the innermost block, else its section). */
function targetOf(node: EventTarget | null): { el: HTMLElement; target: PreviewTarget } | undefined {
  if (!(node instanceof Element)) return undefined;
  const block = node.closest<HTMLElement>(BLOCK);
  if (block?.closest(SECTION)) return { el: block, target: { kind: 'block', id: block.id.slice('block-'.length) } };
  const section = node.closest<HTMLElement>(SECTION);
  return section ? { el: section, target: { kind: 'section', id: section.id.slice('section-'.length) } } : undefined;
}

function elementOf(target: PreviewTarget | null): HTMLElement | null {
  if (!target) return null;
  return document.getElementById(`${target.kind}-${target.id}`);
}

/** A box drawn over the page (fixed, never taking the pointer); every style set by the CSSOM, which the CSP allows. */
function box(name: string, style: 'dashed' | 'solid'): HTMLElement {
  const el = document.createElement('div');
  el.dataset.atelierOverlay = name;
  el.setAttribute('aria-hidden', 'true');
  const css: Record<string, string> = {
    position: 'fixed', 'pointer-events': 'none', 'z-index': '2147483646', display: 'none', margin: '0', padding: '0',
    'box-sizing': 'border-box', border: `2px ${style} ${BLUE}`, background: style === 'solid' ? 'rgba(37, 99, 235, 0.06)' : 'transparent', 'border-radius': '2px',
  };
  for (const [k, v] of Object.entries(css)) el.style.setProperty(k, v, 'important');
  document.body.append(el);
  return el;
}

/** `el` is in the viewport with its middle not under anything else (a sticky header). */
function shown(el: HTMLElement): boolean {
  const r = el.getBoundingClientRect();
  if (r.top < 0 || r.bottom > window.innerHeight) return false;
  const middle = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 20));
  return middle !== null && (el === middle || el.contains(middle));
}

function place(el: HTMLElement, over: HTMLElement | null): void {
  if (!over || !over.isConnected) {
    el.style.setProperty('display', 'none', 'important');
    el.dataset.target = '';
    return;
  }
  const r = over.getBoundingClientRect();
  for (const [k, v] of [['top', r.top], ['left', r.left], ['width', r.width], ['height', r.height]] as const) el.style.setProperty(k, `${v}px`, 'important');
  el.style.setProperty('display', 'block', 'important');
  el.dataset.target = over.id;
}

/** Replaces the patched sections and puts them in `order`; false when the page has no place for them. */
function applyPatch(message: Extract<ToFrame, { type: 'patch' }>): boolean {
  const current = pageSections(document);
  const first = current[0];
  const parent = first?.parentElement;
  if (!first || !parent || current.some((s) => s.parentElement !== parent)) return false;
  const byId = new Map(current.map((s) => [s.id.slice('section-'.length), s]));
  const fresh = new Map<string, HTMLElement>();
  for (const { id, html } of message.sections) {
    const template = document.createElement('template');
    template.innerHTML = html;
    const el = template.content.firstElementChild;
    if (!(el instanceof HTMLElement) || el.id !== `section-${id}` || template.content.childElementCount !== 1) return false;
    fresh.set(id, el);
  }
  const wanted = message.order.map((id) => fresh.get(id) ?? byId.get(id));
  if (wanted.some((el) => !el)) return false;
  const x = window.scrollX;
  const y = window.scrollY;
  const sameOrder = message.order.length === current.length && message.order.every((id, i) => current[i]!.id === `section-${id}`);
  if (sameOrder) {
    for (const [id, el] of fresh) byId.get(id)!.replaceWith(el);
  } else {
    // Rebuild the run of sections where the first one stood; unchanged sections move, not re-render.
    const anchor = document.createComment('sections');
    parent.insertBefore(anchor, first);
    for (const el of current) el.remove();
    anchor.after(...(wanted as HTMLElement[]));
    anchor.remove();
  }
  window.scrollTo(x, y);
  return true;
}

function start(): void {
  window.atelierPreviewAgent = true;
  const editor = window.parent;
  const origin = location.origin;
  const send = (message: ToEditor) => post(editor, message, origin);
  const hover = box('hover', 'dashed');
  const chosen = box('selected', 'solid');
  let selected: PreviewTarget | null = null;
  let hovered: HTMLElement | null = null;

  const reportRect = () => {
    const el = selected?.kind === 'block' ? elementOf(selected) : null;
    const r = el?.getBoundingClientRect();
    send({ channel: CHANNEL, type: 'rect', rect: r ? { top: r.top, left: r.left, width: r.width, height: r.height } : null });
  };
  let frame = 0;
  const redraw = () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      place(hover, hovered);
      place(chosen, elementOf(selected));
      reportRect();
    });
  };
  const select = (target: PreviewTarget | null, scroll: boolean) => {
    selected = target;
    const el = elementOf(target);
    if (scroll && el && !shown(el)) el.scrollIntoView({ block: 'center', inline: 'nearest' });
    place(chosen, el);
    reportRect();
  };

  document.addEventListener('mouseover', (e) => {
    hovered = targetOf(e.target)?.el ?? null;
    place(hover, hovered);
  });
  document.documentElement.addEventListener('mouseleave', () => {
    hovered = null;
    place(hover, null);
  });
  // Capture: the editor's click comes before the page's own handlers (a button block's link, a form).
  document.addEventListener(
    'click',
    (e) => {
      const hit = targetOf(e.target);
      if (hit) {
        e.preventDefault();
        e.stopPropagation();
        select(hit.target, false);
        send({ channel: CHANNEL, type: 'select', target: hit.target });
        return;
      }
      const link = e.target instanceof Element ? e.target.closest<HTMLAnchorElement>('a[href]') : null;
      if (!link || e.defaultPrevented) return;
      const url = new URL(link.href, location.href);
      // A link within this page (the skip link) scrolls as usual.
      if (url.origin === origin && url.pathname === location.pathname && url.search === location.search && url.hash) return;
      e.preventDefault();
      e.stopPropagation();
      // SPEC §2: inside the editor frame a same-site link (the cart pill) sets the frame's URL;
      // the editor stays. Another site opens in a new tab; other schemes (mailto:) do nothing.
      if (url.origin === origin) location.assign(url.href);
      else if (url.protocol === 'https:' || url.protocol === 'http:') window.open(url.href, '_blank', 'noopener,noreferrer');
    },
    true,
  );
  window.addEventListener('scroll', redraw, { passive: true });
  window.addEventListener('resize', redraw);
  window.addEventListener('message', (event) => {
    const message = acceptMessage(toFrameMessage, event, { origin, source: editor });
    if (!message) return;
    if (message.type === 'select') select(message.target, message.scroll);
    else {
      let ok = false;
      try {
        ok = applyPatch(message);
      } catch {
        // Answered all the same: the editor reloads the frame rather than wait.
      }
      hovered = null;
      place(hover, null);
      select(selected, false);
      send({ channel: CHANNEL, type: 'patched', seq: message.seq, ok });
    }
  });
  send({ channel: CHANNEL, type: 'ready', path: location.pathname + location.search, sections: pageSections(document).map((s) => s.id.slice('section-'.length)) });
}

if (window.parent !== window && !window.atelierPreviewAgent) start();
