import { describe, expect, it } from 'vitest';
import type { PageLayout } from '../../../../blocks/layout-schema.js';
import { dropAllLocalCopies, dropLocalCopy, readLocalCopy, sameLayout, startFrom, writeLocalCopy } from './local-copy.js';

/** A Storage over a Map (Node has no localStorage). */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
  };
}

const layout = (text: string): PageLayout =>
  ({ sections: [{ id: 's1', design: { padding: 'medium', theme: 'light' }, blocks: [{ id: 'b1', type: 'quote', props: { text, source: '' }, layout: { desktop: { col: 1, row: 1, span: 12, rows: 1 } } }] }] }) as unknown as PageLayout;

describe('the local copy of unsaved edits', () => {
  it('keeps one copy per page, keyed by its base version, and drops it', () => {
    const storage = memoryStorage();
    writeLocalCopy('p1', 3, layout('a'), storage, 1);
    writeLocalCopy('p2', 1, layout('other page'), storage, 1);
    writeLocalCopy('p1', 4, layout('b'), storage, 2);
    expect(storage.getItem('atelier:page-draft:p1:3')).toBeNull();
    expect(readLocalCopy('p1', storage)).toEqual({ base: 4, layout: layout('b'), at: 2 });
    dropLocalCopy('p1', storage);
    expect(readLocalCopy('p1', storage)).toBeUndefined();
    expect(readLocalCopy('p2', storage)?.base).toBe(1);
  });

  it('starts from the server, restores a copy of the current version, and reports one the server moved past', () => {
    const storage = memoryStorage();
    expect(startFrom('p1', 5, layout('server'), storage)).toEqual({ kind: 'server', layout: layout('server') });
    writeLocalCopy('p1', 5, layout('mine'), storage);
    expect(startFrom('p1', 5, layout('server'), storage)).toEqual({ kind: 'restored', layout: layout('mine') });
    expect(startFrom('p1', 6, layout('theirs'), storage)).toEqual({ kind: 'diverged', layout: layout('mine'), base: 5 });
    // The server already has it (the save landed, the tab closed before its answer): dropped.
    expect(startFrom('p1', 6, layout('mine'), storage)).toEqual({ kind: 'server', layout: layout('mine') });
    expect(readLocalCopy('p1', storage)).toBeUndefined();
  });

  it('compares layouts whatever their key order, and skips a damaged entry', () => {
    expect(sameLayout({ sections: [{ id: 's', blocks: [], design: { theme: 'light', padding: 'small' } }] } as never, { sections: [{ design: { padding: 'small', theme: 'light' }, blocks: [], id: 's' }] } as never)).toBe(true);
    expect(sameLayout(layout('a'), layout('b'))).toBe(false);
    const storage = memoryStorage();
    storage.setItem('atelier:page-draft:p1:2', '{not json');
    expect(readLocalCopy('p1', storage)).toBeUndefined();
  });

  it('forgets every page copy on sign-out and leaves other keys alone', () => {
    const storage = memoryStorage();
    writeLocalCopy('p1', 1, layout('one'), storage);
    writeLocalCopy('p2', 4, layout('two'), storage);
    storage.setItem('other-app', 'kept');
    dropAllLocalCopies(storage);
    expect(readLocalCopy('p1', storage)).toBeUndefined();
    expect(readLocalCopy('p2', storage)).toBeUndefined();
    expect(storage.getItem('other-app')).toBe('kept');
  });
});
