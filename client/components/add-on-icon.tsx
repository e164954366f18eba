/**
 * SPEC §2: an add-on button (a related product's add on a product page) shows a plus,
 * swapped for a check while the add-to-cart machine is in 'added' (1 s after the
 * server's success, for 2 s: SPEC §4/§9), then the plus again. The glyphs are drawn by
 * the theme's CSS from `data-icon` (no SVG in the first-load chunk); the words stay in
 * the button for screen readers.
 */
export function AddOnIcon({ added }: { added: boolean }) {
  return <span className="add-on-icon" data-icon={added ? 'check' : 'plus'} aria-hidden="true" />;
}
