/**
 * The block types of the app (blocks/registry.ts BLOCKS), for `atelier lint`'s check of a
 * theme's `blocks/<type>.html` partials. The engine may not import blocks/, so the list
 * is kept here; tests/cli/lint-sync.test.ts fails when it differs from the registry.
 */
export const BLOCK_TYPES: readonly string[] = [
  'text', 'image', 'button', 'spacer', 'horizontal-rule', 'quote', 'code', 'html', 'embed', 'gallery', 'markdown', 'video', 'map', 'audio',
  'accordion', 'marquee', 'social-links', 'search', 'menu', 'donation', 'member-area', 'link', 'shape', 'summary', 'product', 'form',
  'newsletter', 'calendar', 'chart-bar', 'chart-line', 'chart-pie', 'language-switcher',
];

/** Theme partials the app applies by name itself (the form and newsletter blocks' default partials). */
export const APP_APPLIED_PARTIALS: readonly string[] = ['partials/form-block'];
