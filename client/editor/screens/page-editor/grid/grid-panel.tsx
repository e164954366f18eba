import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { PageLayout } from '../../../../../blocks/layout-schema.js';
import { Button } from '../../../ui/button.js';
import { labelOf } from '../schema-fields.js';
import { deviceOf, type Device } from './devices.js';
import { COLUMNS, moved, obstacles, place, resetMobile, resized, setPlacement, shownPlacements, type PlaceResult, type Placement } from './grid-ops.js';
import './grid.css';

// One grid row on screen: grid.css `--pe-grid-row` plus `--pe-grid-gap`.
const ROW_PX = 28 + 3;
const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

type Kind = 'move' | 'resize';
interface Drag {
  block: number;
  kind: Kind;
  start: Placement;
  // Where in the block the pointer took hold (cells from its top-left), for moves.
  grab: { col: number; row: number };
  next: Placement;
}

const clamp = (n: number, low: number, high: number) => Math.min(high, Math.max(low, n));
const same = (a: Placement, b: Placement) => a.col === b.col && a.row === b.row && a.span === b.span && a.rows === b.rows;

/**
 * The selected section's blocks on its 12-column grid. Drag a block to move it, drag its
 * corner to resize; with a block focused, arrow keys move it one cell and Shift+arrows resize
 * it. A move into another block's cells or out of columns 1..12 is refused and said in the
 * live region. On the phone frame it edits `layout.mobile` (made on the first edit from where
 * the block shows), and "Reset to desktop layout" removes it.
 */
export function GridPanel({ layout, sectionIndex, device, selectedBlock, onSelect, change }: {
  layout: PageLayout;
  sectionIndex: number;
  device: Device;
  selectedBlock: number | undefined;
  onSelect: (block: number) => void;
  change: (next: PageLayout) => void;
}) {
  const hint = useId();
  const grid = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | undefined>(undefined);
  const [ghost, setGhost] = useState<{ placement: Placement; valid: boolean } | undefined>();
  // The live region's text, for the section it was said about.
  const [said, setSaid] = useState<{ section: string; text: string } | undefined>();
  const section = layout.sections[sectionIndex];
  if (!section) return null;
  const setMessage = (text: string) => setSaid({ section: section.id, text });
  const message = said?.section === section.id ? said.text : '';
  const target = deviceOf(device).target;
  const phone = target === 'mobile';
  const blocks = section.blocks;
  const shown = shownPlacements(blocks, target);
  const nameOf = (b: number) => `${labelOf(blocks[b]!.type)} ${b + 1}`;
  const bottom = Math.max(0, ...shown.map((s) => s.placement.row + s.placement.rows - 1), ghost ? ghost.placement.row + ghost.placement.rows - 1 : 0);
  const rowCount = Math.max(3, bottom + 2);

  const check = (b: number, next: Placement): PlaceResult => place(next, obstacles(blocks, b, target));

  /** Applies `next` to block `b`, or says why not; true when it was applied. */
  const commit = (b: number, next: Placement, kind: Kind): boolean => {
    const name = nameOf(b);
    const result = check(b, next);
    if (!result.ok) {
      const why = result.reason === 'overlap' ? `it would overlap ${nameOf(result.with)}` : kind === 'move' ? 'it would leave the grid' : 'a block stays inside the grid and at least one cell in size';
      setMessage(kind === 'move' ? `Cannot move ${name} there: ${why}.` : `Cannot resize ${name} that way: ${why}.`);
      return false;
    }
    change(setPlacement(layout, sectionIndex, b, target, next));
    setMessage(
      kind === 'move'
        ? `${name} moved to column ${next.col}, row ${next.row}.`
        : `${name} is now ${next.span} ${next.span === 1 ? 'column' : 'columns'} wide and ${next.rows} ${next.rows === 1 ? 'row' : 'rows'} tall.`,
    );
    return true;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, b: number) => {
    const arrow = ARROWS[e.key];
    if (!arrow || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    const current = shown[b]!.placement;
    if (e.shiftKey) commit(b, resized(current, arrow[0], arrow[1]), 'resize');
    else commit(b, moved(current, arrow[0], arrow[1]), 'move');
  };

  /** The grid cell under the pointer (columns 1..12, rows from 1). */
  const cellAt = (e: PointerEvent) => {
    const rect = grid.current!.getBoundingClientRect();
    return { col: clamp(Math.floor(((e.clientX - rect.left) / rect.width) * COLUMNS) + 1, 1, COLUMNS), row: Math.max(1, Math.floor((e.clientY - rect.top) / ROW_PX) + 1) };
  };

  const startDrag = (e: PointerEvent<HTMLElement>, b: number, kind: Kind) => {
    if (e.button !== 0 || !grid.current) return;
    e.preventDefault();
    e.stopPropagation();
    (e.currentTarget.closest('button') as HTMLButtonElement | null)?.focus();
    onSelect(b);
    const start = shown[b]!.placement;
    const cell = cellAt(e);
    drag.current = { block: b, kind, start, grab: { col: cell.col - start.col, row: cell.row - start.row }, next: start };
    grid.current.setPointerCapture(e.pointerId);
  };

  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    const cell = cellAt(e);
    const next =
      d.kind === 'move'
        ? { ...d.start, col: clamp(cell.col - d.grab.col, 1, COLUMNS + 1 - d.start.span), row: Math.max(1, cell.row - d.grab.row) }
        : { ...d.start, span: clamp(cell.col - d.start.col + 1, 1, COLUMNS + 1 - d.start.col), rows: clamp(cell.row - d.start.row + 1, 1, 100) };
    if (same(next, d.next)) return;
    d.next = next;
    setGhost(same(next, d.start) ? undefined : { placement: next, valid: check(d.block, next).ok });
  };

  const endDrag = (e: PointerEvent<HTMLDivElement>, drop: boolean) => {
    const d = drag.current;
    if (!d) return;
    drag.current = undefined;
    setGhost(undefined);
    if (grid.current?.hasPointerCapture(e.pointerId)) grid.current.releasePointerCapture(e.pointerId);
    if (drop && !same(d.next, d.start)) commit(d.block, d.next, d.kind);
  };

  const area = (p: Placement) => ({ gridColumn: `${p.col} / span ${p.span}`, gridRow: `${p.row} / span ${p.rows}` });
  const selected = selectedBlock !== undefined ? blocks[selectedBlock] : undefined;

  return (
    <section className="pe-panel pe-grid-panel" aria-label="Grid" data-grid-target={target}>
      <h2>{phone ? 'Phone layout' : 'Layout'} of section {sectionIndex + 1}</h2>
      <p className="pe-muted" id={hint}>
        Drag a block to move it, or its corner to resize it. With a block focused, arrow keys move it one cell and Shift+arrow keys resize it.
      </p>
      {phone ? <p className="pe-muted">Dashed blocks have no phone layout of their own and stack full width in order; moving or resizing one here gives it one.</p> : null}
      {blocks.length === 0 ? <p className="pe-muted">This section has no blocks yet.</p> : null}
      <div
        ref={grid}
        className="pe-grid"
        data-rows={rowCount}
        style={{ gridTemplateRows: `repeat(${rowCount}, var(--pe-grid-row))` }}
        onPointerMove={onPointerMove}
        onPointerUp={(e) => endDrag(e, true)}
        onPointerCancel={(e) => endDrag(e, false)}
      >
        {Array.from({ length: rowCount * COLUMNS }, (_, i) => (
          <span key={i} className="pe-grid-cell" aria-hidden="true" style={{ gridColumn: (i % COLUMNS) + 1, gridRow: Math.floor(i / COLUMNS) + 1 }} />
        ))}
        {blocks.map((block, b) => {
          const { placement: p, own } = shown[b]!;
          const name = nameOf(b);
          return (
            <button
              key={block.id}
              type="button"
              className="pe-grid-block"
              data-grid-block={block.id}
              data-own={own}
              aria-current={b === selectedBlock ? 'true' : undefined}
              aria-label={`${name}: column ${p.col}, row ${p.row}, ${p.span} wide, ${p.rows} tall${own ? '' : ', stacked'}`}
              aria-describedby={hint}
              style={area(p)}
              // One tab stop for the grid (the selected block, else the first): tabbing from the
              // outline to the settings panel passes the grid without changing the selection.
              tabIndex={b === (selectedBlock ?? 0) ? 0 : -1}
              onFocus={() => b !== selectedBlock && onSelect(b)}
              onKeyDown={(e) => onKeyDown(e, b)}
              onPointerDown={(e) => startDrag(e, b, 'move')}
            >
              {name}
              <span className="pe-grid-handle" aria-hidden="true" data-grid-handle onPointerDown={(e) => startDrag(e, b, 'resize')} />
            </button>
          );
        })}
        {ghost ? <span className="pe-grid-ghost" aria-hidden="true" data-valid={ghost.valid} style={area(ghost.placement)} /> : null}
      </div>
      <p className="pe-grid-status" role="status" data-grid-status>
        {message}
      </p>
      {phone && selected?.layout.mobile && selectedBlock !== undefined ? (
        <div className="pe-grid-actions">
          <Button
            variant="secondary"
            onClick={() => {
              change(resetMobile(layout, sectionIndex, selectedBlock));
              // The button goes away with the phone layout: focus stays on the block.
              grid.current?.querySelector<HTMLElement>(`[data-grid-block="${selected.id}"]`)?.focus();
              setMessage(`${nameOf(selectedBlock)} follows the desktop layout again on phones.`);
            }}
          >
            Reset to desktop layout
          </Button>
        </div>
      ) : null}
    </section>
  );
}
