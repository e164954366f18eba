import { useEffect, useLayoutEffect, useReducer, useState, type RefObject } from 'react';
import { elementScroll, observeElementOffset, observeElementRect, Virtualizer, type VirtualItem } from '@tanstack/virtual-core';

export interface VirtualRows {
  /** The rows to draw now (their indexes), or null when every row is drawn. */
  items: VirtualItem[] | null;
  /** Space above and below the drawn rows, for spacer rows that keep the scroll height. */
  before: number;
  after: number;
}

/**
 * Windowing for long lists (@tanstack/virtual-core, the framework-free core): once `count`
 * passes `threshold`, only the rows in and near the scroll container's view are drawn.
 * Under the threshold it does nothing (every row is in the DOM, Ctrl+F finds them).
 */
export function useVirtualRows(scroller: RefObject<HTMLElement | null>, count: number, threshold: number, rowHeight = 44): VirtualRows {
  const on = count > threshold;
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [virtualizer] = useState(
    () =>
      new Virtualizer<HTMLElement, HTMLElement>({
        count: 0,
        getScrollElement: () => scroller.current,
        estimateSize: () => rowHeight,
        overscan: 10,
        scrollToFn: elementScroll,
        observeElementRect,
        observeElementOffset,
        onChange: () => rerender(),
      }),
  );
  virtualizer.setOptions({ ...virtualizer.options, count: on ? count : 0, onChange: () => rerender() });
  useEffect(() => (on ? virtualizer._didMount() : undefined), [on, virtualizer]);
  useLayoutEffect(() => {
    if (on) virtualizer._willUpdate();
  });
  if (!on) return { items: null, before: 0, after: 0 };
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = Math.max(0, virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0));
  return { items, before, after };
}
