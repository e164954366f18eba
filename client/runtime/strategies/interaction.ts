const TRIGGERS = ['pointerover', 'focusin', 'touchstart'] as const;

/**
 * Hydrate when the visitor reaches for the island (hover, focus or touch, which come
 * before a click): for below-the-fold forms whose server markup is only a button, so
 * their code is never part of the page's first load.
 */
export function whenInteracted(el: HTMLElement, run: () => void): void {
  const start = () => {
    for (const t of TRIGGERS) el.removeEventListener(t, start);
    run();
  };
  for (const t of TRIGGERS) el.addEventListener(t, start, { passive: true });
}
