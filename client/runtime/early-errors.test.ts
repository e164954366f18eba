import { describe, expect, it } from 'vitest';
import { bufferEarlyErrors } from './early-errors.js';
import { ISLAND_ERROR_EVENT } from './island.js';

// Node's EventTarget stands in for window and document: the buffer only listens.
const fakeWindow = () => Object.assign(new EventTarget(), { document: new EventTarget() }) as unknown as Window;

describe('bufferEarlyErrors', () => {
  it('queues errors, rejections and failed islands until drained, then stops listening', () => {
    const win = fakeWindow();
    const early = bufferEarlyErrors(win);
    win.dispatchEvent(new Event('error'));
    win.dispatchEvent(new Event('unhandledrejection'));
    win.document.dispatchEvent(new Event(ISLAND_ERROR_EVENT));
    win.dispatchEvent(new Event('load'));
    expect(early.drain().map((e) => e.type)).toEqual(['error', 'unhandledrejection', ISLAND_ERROR_EVENT]);
    win.dispatchEvent(new Event('error'));
    expect(early.drain()).toEqual([]);
  });

  it('keeps at most the limit, the oldest first', () => {
    const win = fakeWindow();
    const early = bufferEarlyErrors(win, 10);
    for (let i = 0; i < 15; i++) win.dispatchEvent(new CustomEvent('error', { detail: i }));
    const kept = early.drain() as CustomEvent<number>[];
    expect(kept.map((e) => e.detail)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
