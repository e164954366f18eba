import { describe, expect, it } from 'vitest';
import { parseLayout, type PageLayout } from './layout-schema.js';
import { starterLayout, starterSection } from './starter-layout.js';
import { PAGE_STARTERS, SECTION_STARTERS, findStarter, starterDocument } from './starters.js';

/** Ids like the editor's freshId: a counter, so each call is new. */
function counter() {
  let n = 0;
  return (prefix: 's' | 'b') => `${prefix}${++n}`;
}

describe('starter layouts', () => {
  it('every section starter is a valid, overlap-free layout with defaults already filled in', () => {
    expect(SECTION_STARTERS.map((s) => s.name)).toEqual(['heading-text', 'image-text', 'three-columns', 'call-to-action']);
    for (const starter of SECTION_STARTERS) {
      const layout = { sections: [starterSection(starter, counter())] };
      const check = parseLayout(layout);
      expect(check.ok, `${starter.name}: ${JSON.stringify(check)}`).toBe(true);
      // parseLayout fills defaults: nothing was missing.
      if (check.ok) expect(check.layout).toEqual(layout);
    }
  });

  it('every page starter is a valid layout', () => {
    for (const starter of PAGE_STARTERS) {
      const check = parseLayout(starterLayout(starter, counter()));
      expect(check.ok, `${starter.name}: ${JSON.stringify(check)}`).toBe(true);
    }
  });

  it('makes fresh ids on every insertion, and copies placements (no shared objects)', () => {
    const newId = counter();
    const first = starterSection(SECTION_STARTERS[1]!, newId);
    const second = starterSection(SECTION_STARTERS[1]!, newId);
    const ids = [first, second].flatMap((s) => [s.id, ...s.blocks.map((b) => b.id)]);
    expect(new Set(ids).size).toBe(ids.length);
    // Two copies of the same starter in one layout are still valid (ids unique across the layout).
    expect(parseLayout({ sections: [first, second] }).ok).toBe(true);
    first.blocks[0]!.layout.desktop.col = 5;
    expect(SECTION_STARTERS[1]!.blocks[0]!.at.col).toBe(1);
    expect(second.blocks[0]!.layout.desktop.col).toBe(1);
  });

  it('the image-left starter puts the image beside the text, the call to action has a button', () => {
    const section = starterSection(findStarter(SECTION_STARTERS, 'image-text')!, counter());
    expect(section.blocks.map((b) => [b.type, b.layout.desktop.col, b.layout.desktop.span])).toEqual([
      ['image', 1, 6],
      ['text', 7, 6],
      ['text', 7, 6],
    ]);
    const cta = starterSection(findStarter(SECTION_STARTERS, 'call-to-action')!, counter());
    expect(cta.design.theme).toBe('accent');
    expect(cta.blocks.find((b) => b.type === 'button')?.props).toMatchObject({ label: 'Get in touch', href: '/contact', style: 'primary' });
    expect(findStarter(PAGE_STARTERS, 'nope')).toBeUndefined();
  });

  it('the Pages screen document of every page starter is what the server stores: the same layout once defaults are filled', () => {
    for (const starter of PAGE_STARTERS) {
      const checked = parseLayout(starterDocument(starter.name));
      expect(checked.ok, starter.name).toBe(true);
      // The same document but for the ids (each side numbers them its own way; both are unique).
      const noIds = (layout: PageLayout) => layout.sections.map((section) => ({ design: section.design, blocks: section.blocks.map(({ id: _id, ...block }) => block) }));
      if (checked.ok) expect(noIds(checked.layout), starter.name).toEqual(noIds(starterLayout(starter, counter())));
    }
    expect(starterDocument('no-such-starter')).toBeUndefined();
  });
});
