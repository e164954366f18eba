import { mayShow, parseDismissal, type Frequency } from '../../../domain/popups/dismissal.js';
import { islandProps } from '../island-props.js';

type Trigger = { kind: 'delay'; seconds: number } | { kind: 'scroll'; percent: number } | { kind: 'exit'; fallbackSeconds: number };

function readState(storageKey: string) {
  try {
    return parseDismissal(localStorage.getItem(storageKey));
  } catch {
    // Storage blocked: the popup may show, and closing it holds for this page only.
    return undefined;
  }
}

/** A desktop pointer (exit intent makes sense); phones and tablets fall back to the timer. */
function hasFinePointer(): boolean {
  return window.matchMedia('(hover: hover) and (pointer: fine)').matches;
}

function scrolledPercent(): number {
  const doc = document.documentElement;
  const room = doc.scrollHeight - window.innerHeight;
  return room <= 0 ? 100 : (window.scrollY / room) * 100;
}

/**
 * Starts the popup island when its trigger fires, unless the visitor's dismissal state (SPEC §3
 * keys date-closed, version, submitted) says this version stays closed: after N seconds, at a
 * scroll depth, or when a desktop pointer leaves through the top of the window (exit intent;
 * without a fine pointer, after the fallback seconds).
 */
export function armPopup(el: HTMLElement, run: () => void): void {
  const props = islandProps(el) as { storageKey: string; version: number; trigger: Trigger; frequency: Frequency };
  if (!mayShow(readState(props.storageKey), props.version, props.frequency, Date.now())) {
    el.dataset.popupState = 'dismissed';
    return;
  }
  el.dataset.popupState = 'armed';
  let done = false;
  const cleanups: (() => void)[] = [];
  const fire = () => {
    if (done) return;
    done = true;
    for (const cleanup of cleanups) cleanup();
    run();
  };
  const after = (seconds: number) => {
    const timer = window.setTimeout(fire, seconds * 1000);
    cleanups.push(() => window.clearTimeout(timer));
  };
  const { trigger } = props;
  if (trigger.kind === 'delay') after(trigger.seconds);
  else if (trigger.kind === 'scroll') {
    const check = () => {
      if (scrolledPercent() >= trigger.percent) fire();
    };
    window.addEventListener('scroll', check, { passive: true });
    cleanups.push(() => window.removeEventListener('scroll', check));
    check();
  } else if (hasFinePointer()) {
    const leave = (e: MouseEvent) => {
      if (!e.relatedTarget && e.clientY <= 0) fire();
    };
    document.addEventListener('mouseout', leave);
    cleanups.push(() => document.removeEventListener('mouseout', leave));
  } else after(trigger.fallbackSeconds);
}
