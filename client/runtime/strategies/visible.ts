// Start loading a little before the island scrolls into view.
const ROOT_MARGIN = '200px';

/** Hydrate when the island comes near the viewport (galleries, reviews, instalments). */
export function whenVisible(el: HTMLElement, run: () => void): void {
  if (typeof IntersectionObserver !== 'function') return run();
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      run();
    },
    { rootMargin: ROOT_MARGIN },
  );
  // A marker with display: contents has no box; observe its first child instead.
  observer.observe(getComputedStyle(el).display === 'contents' && el.firstElementChild ? el.firstElementChild : el);
}
