import { afterEach, expect, it, vi } from 'vitest';
import { BLOCK_LOADERS } from '../../blocks/loaders.js';
import { parseLayout } from '../../blocks/layout-schema.js';
import { loadBlockData } from './block-data.js';
import type { PageRequest } from './page-request.js';

afterEach(() => vi.restoreAllMocks());

// Each block on its own grid row (blocks of a section never overlap).
const at = (row = 1) => ({ desktop: { col: 1, row, span: 12, rows: 1 } });

it('calls each block type\'s loader once per page with every block of that type, in page order, and keys the answers by block id', async () => {
  const calls: { type: string; props: unknown[] }[] = [];
  vi.spyOn(BLOCK_LOADERS, 'get').mockImplementation((type: string) => async (props: readonly unknown[]) => {
    calls.push({ type, props: [...props] });
    return props.map((p, i) => (i === 1 && type === 'summary' ? undefined : { type, n: i, p }));
  });
  const check = parseLayout({
    sections: [
      { id: 's1', blocks: [{ id: 'a', type: 'summary', props: { collection: 'shop' }, layout: at(1) }, { id: 't', type: 'spacer', props: {}, layout: at(2) }] },
      { id: 's2', blocks: [{ id: 'b', type: 'summary', props: { collection: 'journal' }, layout: at(1) }, { id: 'c', type: 'form', props: { form: 'f1' }, layout: at(2) }, { id: 'd', type: 'summary', props: { collection: 'events' }, layout: at(3) }] },
    ],
  });
  if (!check.ok) throw new Error(check.message);
  const data = await loadBlockData({} as PageRequest, check.layout);
  expect(calls.map((c) => c.type).sort()).toEqual(['form', 'summary']);
  expect(calls.find((c) => c.type === 'summary')!.props.map((p) => (p as { collection: string }).collection)).toEqual(['shop', 'journal', 'events']);
  expect(data.get('a')).toMatchObject({ type: 'summary', n: 0 });
  expect(data.has('b')).toBe(false); // undefined: nothing found
  expect(data.get('d')).toMatchObject({ type: 'summary', n: 2 });
  expect(data.get('c')).toMatchObject({ type: 'form', n: 0 });
  expect(data.has('t')).toBe(false); // spacer has no loader
});

it('runs no loader for a layout without data blocks', async () => {
  const get = vi.spyOn(BLOCK_LOADERS, 'get');
  const check = parseLayout({ sections: [{ id: 's1', blocks: [{ id: 't', type: 'spacer', props: {}, layout: at() }] }] });
  if (!check.ok) throw new Error(check.message);
  expect((await loadBlockData({} as PageRequest, check.layout)).size).toBe(0);
  expect(get).not.toHaveBeenCalled();
});
