import { describe, expect, it } from 'vitest';
import { type PreviewSnapshot, planPatch } from './patch.js';

const section = (id: string, body = 'text', islands = false) => ({ id, html: `<section id="section-${id}">${body}</section>`, islands });
const snap = (sections: PreviewSnapshot['sections'], head = '<title>Workshops</title>', shell = '<header></header><main><atelier-sections></atelier-sections></main>'): PreviewSnapshot => ({ head, shell, sections });
const shown = snap([section('a'), section('b'), section('c')]);

describe('patching the preview frame', () => {
  it('does nothing when the render did not change', () => {
    expect(planPatch(shown, snap([section('a'), section('b'), section('c')]))).toEqual({ kind: 'none' });
  });

  it('replaces only the sections whose HTML changed', () => {
    const next = snap([section('a'), section('b', 'new words'), section('c')]);
    expect(planPatch(shown, next)).toEqual({ kind: 'patch', order: ['a', 'b', 'c'], sections: [{ id: 'b', html: '<section id="section-b">new words</section>' }] });
  });

  it('adds, removes and reorders sections in place', () => {
    expect(planPatch(shown, snap([section('c'), section('a'), section('b')]))).toEqual({ kind: 'patch', order: ['c', 'a', 'b'], sections: [] });
    expect(planPatch(shown, snap([section('a'), section('c')]))).toEqual({ kind: 'patch', order: ['a', 'c'], sections: [] });
    expect(planPatch(shown, snap([section('a'), section('n'), section('b'), section('c')]))).toEqual({ kind: 'patch', order: ['a', 'n', 'b', 'c'], sections: [section('n')].map(({ id, html }) => ({ id, html })) });
  });

  it('reloads when the frame is not known, or the head, the shell or an island section changed', () => {
    const same = [section('a'), section('b', 'x'), section('c')];
    expect(planPatch(undefined, snap(same))).toEqual({ kind: 'reload', reason: 'unknown' });
    expect(planPatch(shown, snap(same, '<title>Workshops</title><link rel="stylesheet" href="/theme-2.css">'))).toEqual({ kind: 'reload', reason: 'head' });
    expect(planPatch(shown, snap(same, undefined, '<header>New nav</header><main><atelier-sections></atelier-sections></main>'))).toEqual({ kind: 'reload', reason: 'shell' });
    // An island in the new or the old version of a changed section: the loader hydrates only at load.
    expect(planPatch(shown, snap([section('a'), section('b', 'gallery', true), section('c')]))).toEqual({ kind: 'reload', reason: 'islands' });
    const withIsland = snap([section('a'), section('b', 'form', true)]);
    expect(planPatch(withIsland, snap([section('a'), section('b', 'text')]))).toEqual({ kind: 'reload', reason: 'islands' });
    // ... but an unchanged island section, or one only removed, is fine.
    expect(planPatch(withIsland, snap([section('a', 'edited'), section('b', 'form', true)]))).toMatchObject({ kind: 'patch', sections: [{ id: 'a' }] });
    expect(planPatch(withIsland, snap([section('a')]))).toEqual({ kind: 'patch', order: ['a'], sections: [] });
  });

  it('reloads when there is no section to place others by', () => {
    expect(planPatch(snap([]), snap([section('a')]))).toEqual({ kind: 'reload', reason: 'empty' });
    expect(planPatch(shown, snap([]))).toEqual({ kind: 'reload', reason: 'empty' });
    expect(planPatch(snap([]), snap([]))).toEqual({ kind: 'none' });
  });
});
