import type { CSSProperties } from 'react';
import type { PageLayout } from '../../../../../blocks/layout-schema.js';
import { deleteBlock, duplicateBlock, freshId, moveBlock } from '../layout-ops.js';
import type { Selection } from './selection.js';

/** The settings panel page-editor.tsx draws for the selected block. */
const SETTINGS = '.pe-panel[aria-label="Block settings"]';
const FOCUSABLE = 'input, textarea, select, button, [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

/**
 * The selected block's toolbar over the preview frame: Move up, Move down, Duplicate (a copy
 * with a fresh id below it, which becomes the selection), Delete (the section stays selected)
 * and Settings (focus moves to the block's settings panel). Real buttons in the editor's own
 * document, so they are in the tab order right after the frame.
 */
export function BlockToolbar({ name, layout, at, change, onSelect, style }: {
  name: string;
  layout: PageLayout;
  at: { section: number; block: number };
  change: (next: PageLayout) => void;
  onSelect: (s: Selection) => void;
  style: CSSProperties;
}) {
  const { section: s, block: b } = at;
  const count = layout.sections[s]?.blocks.length ?? 0;
  const move = (by: -1 | 1) => {
    change(moveBlock(layout, s, b, by));
    onSelect({ section: s, block: b + by });
  };
  return (
    <div className="pe-block-toolbar" role="toolbar" aria-label={`${name} block`} style={style} data-block-toolbar>
      <button type="button" className="pe-tool" disabled={b === 0} onClick={() => move(-1)}>Move up</button>
      <button type="button" className="pe-tool" disabled={b >= count - 1} onClick={() => move(1)}>Move down</button>
      <button type="button" className="pe-tool" onClick={() => {
        change(duplicateBlock(layout, s, b, freshId(layout, 'b')));
        onSelect({ section: s, block: b + 1 });
      }}>Duplicate</button>
      <button type="button" className="pe-tool" onClick={() => {
        change(deleteBlock(layout, s, b));
        onSelect({ section: s });
        // The toolbar goes with the block: the keyboard continues from the section in the outline.
        requestAnimationFrame(() => document.querySelector<HTMLElement>('.pe-outline [aria-current="true"]')?.focus());
      }}>Delete</button>
      <button type="button" className="pe-tool" onClick={() => document.querySelector(SETTINGS)?.querySelector<HTMLElement>(FOCUSABLE)?.focus()}>Settings</button>
    </div>
  );
}
