import type { KeyboardEvent, RefObject } from 'react';

/**
 * Arrow-key moves between a popup's items (`.pe-menu-item`, in document order): Down/Up to
 * the next/previous (Up from the first goes to `first` when given, such as a search box),
 * Home/End to the ends. Escape calls `close`. Answers whether it took the key.
 */
export function menuKeys(e: KeyboardEvent, popup: RefObject<HTMLElement | null>, close: () => void, first?: RefObject<HTMLElement | null>): boolean {
  if (e.key === 'Escape') {
    e.preventDefault();
    e.stopPropagation();
    close();
    return true;
  }
  const items = [...(popup.current?.querySelectorAll<HTMLElement>('.pe-menu-item') ?? [])];
  if (!items.length || !['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(e.key)) return false;
  const at = items.indexOf(document.activeElement as HTMLElement);
  // Home/End inside a text box move its caret.
  if (at < 0 && (e.key === 'Home' || e.key === 'End')) return false;
  let next: HTMLElement | null | undefined;
  if (e.key === 'Home') next = items[0];
  else if (e.key === 'End') next = items.at(-1);
  else if (e.key === 'ArrowDown') next = items[Math.min(items.length - 1, at + 1)];
  else next = at <= 0 ? (first?.current ?? items[0]) : items[at - 1];
  e.preventDefault();
  next?.focus();
  return true;
}
