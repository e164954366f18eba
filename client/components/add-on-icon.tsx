/**
 * SPEC §2: an add-on button (a related product's add on a product page) shows a plus,
 * swapped for a check while the add-to-cart machine is in 'added' (1 s after the
 * server's success, for 2 s: SPEC §4/§9), then the plus again. The words stay in the
 * button for screen readers; the icons are decoration.
 */
export function AddOnIcon({ added }: { added: boolean }) {
  return (
    <svg className="add-on-icon" data-icon={added ? 'check' : 'plus'} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={added ? 'M5 13l4 4L19 7' : 'M12 5v14M5 12h14'} fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
