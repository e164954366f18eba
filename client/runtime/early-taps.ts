/**
 * A tap on an island that is not hydrated yet is not lost: the loader hydrates that island at
 * once and, when it is on the page, taps the island's matching control again (issue 37: a
 * shopper's first tap on 'Write a review' came before its chunk and did nothing). Only buttons
 * are held: links, fields and a form's submit button work without JavaScript and pass through.
 */
export interface EarlyTaps {
  /** Call on hydration of `el`: replays the taps held for it. */
  replay(el: HTMLElement): void;
}

interface Held {
  text: string;
  index: number;
  /** Its place among all the island's controls, when no control has its text after mounting. */
  at: number;
  focused: boolean;
}

function controlOf(target: EventTarget | null, island: HTMLElement): HTMLElement | null {
  if (!(target instanceof Element)) return null;
  const control = target.closest<HTMLElement>(CONTROLS);
  if (!control || !island.contains(control)) return null;
  // A submit button with a form posts that form without JavaScript (search, newsletter).
  if (control instanceof HTMLButtonElement && control.type === 'submit' && control.form) return null;
  return control;
}

// The server may draw a control as `<span role="button">` that the island draws as a `<button>`:
// a control is found again by its text (and its place among controls of that text), else by
// its place among the island's controls.
const CONTROLS = 'button, [role="button"]';
const labelled = (island: HTMLElement, text: string) => Array.from(island.querySelectorAll<HTMLElement>(CONTROLS)).filter((c) => (c.textContent?.trim() ?? '') === text);

function describe(island: HTMLElement, control: HTMLElement): Held {
  const text = control.textContent?.trim() ?? '';
  const at = Array.from(island.querySelectorAll<HTMLElement>(CONTROLS)).indexOf(control);
  return { text, index: labelled(island, text).indexOf(control), at, focused: document.activeElement === control };
}

function find(island: HTMLElement, held: Held): HTMLElement | undefined {
  const same = labelled(island, held.text);
  return same[held.index] ?? same[0] ?? island.querySelectorAll<HTMLElement>(CONTROLS)[held.at];
}

/**
 * Listens (capture phase, on `doc`) for taps on markers whose `data-island-state` is still pending; `hurry(el)` starts that island's hydration now.
 */
export function holdEarlyTaps(doc: Document, hurry: (el: HTMLElement) => void): EarlyTaps {
  const held = new Map<HTMLElement, Held[]>();
  // A press on a pending island whose island takes over before the release: the pressed control
  // is gone and the browser fires no click at all, so the release replays it (seen under load:
  // Quick View's chunk landing between a mouse's down and up).
  let pressed: [HTMLElement, HTMLElement, Held] | undefined;
  /** The pending island a trusted event lands in and the control it hit there. */
  const pending = (event: Event): [HTMLElement, HTMLElement] | undefined => {
    const target = event.target;
    if (!event.isTrusted || !(target instanceof Element)) return undefined;
    const island = target.closest<HTMLElement>('[data-island]');
    const control = island?.dataset.islandState === 'pending' ? controlOf(target, island) : null;
    return control ? [island!, control] : undefined;
  };
  doc.addEventListener(
    'pointerdown',
    (event) => {
      const hit = pending(event);
      pressed = hit && [...hit, describe(...hit)];
    },
    true,
  );
  doc.addEventListener(
    'pointerup',
    () => {
      const [island, control, tap] = pressed ?? [];
      pressed = undefined;
      if (island && !control!.isConnected && island.dataset.islandState === 'hydrated') find(island, tap!)?.click();
    },
    true,
  );
  doc.addEventListener(
    'click',
    (event) => {
      const hit = pending(event);
      if (!hit) return;
      const [island, control] = hit;
      event.preventDefault();
      event.stopPropagation();
      const list = held.get(island) ?? [];
      list.push(describe(island, control));
      held.set(island, list);
      // Answered within the frame: the control shows it is busy until the island takes over.
      control.setAttribute('aria-busy', 'true');
      hurry(island);
    },
    true,
  );
  return {
    replay(el) {
      const list = held.get(el);
      if (!list) return;
      held.delete(el);
      for (const tap of list) {
        const control = find(el, tap);
        if (!control) continue;
        if (tap.focused) control.focus();
        control.click();
      }
    },
  };
}
