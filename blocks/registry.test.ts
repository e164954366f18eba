import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compile } from '../engine/index.js';
import { BLOCK_MENU_GROUPS } from './define.js';
import { BLOCKS, blockDefinition, PLANNED_BLOCKS } from './registry.js';
import { SECTION_PARTIAL } from './section-partial.js';

const read = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8');

// SPEC §3 BlockType codes of the types built so far (text is not among the listed ones).
const SPEC_CODES: Record<string, number> = { html: 2, image: 5, spacer: 21, embed: 22, code: 23, quote: 31, 'horizontal-rule': 47, button: 53 };
Object.assign(SPEC_CODES, { map: 4, gallery: 8, menu: 18, 'social-links': 19, video: 32, search: 33, audio: 41, markdown: 44, donation: 52, 'member-area': 67, accordion: 69, marquee: 70, link: 13, shape: 71 });
Object.assign(SPEC_CODES, { form: 9, summary: 20, calendar: 26, product: 43, newsletter: 51 });

describe('the block registry', () => {
  it('holds each block once, with its SPEC §3 code and a SPEC §2 menu group', () => {
    expect(new Set(BLOCKS.map((b) => b.name)).size).toBe(BLOCKS.length);
    expect(new Set(BLOCKS.map((b) => b.code)).size).toBe(BLOCKS.length);
    for (const block of BLOCKS) {
      expect(BLOCK_MENU_GROUPS).toContain(block.group);
      if (block.name in SPEC_CODES) expect(block.code, block.name).toBe(SPEC_CODES[block.name]);
      expect(Object.values(PLANNED_BLOCKS)).not.toContain(block.code);
      expect(blockDefinition(block.name)).toBe(block);
    }
  });

  it('carries each folder\'s <name>.html verbatim, and every partial compiles cleanly', () => {
    for (const block of BLOCKS) {
      expect(block.partial, block.name).toBe(read(`./${block.name}/${block.name}.html`));
      expect(compile(block.partial).errors, block.name).toEqual([]);
    }
    expect(SECTION_PARTIAL).toBe(read('./section.html'));
    expect(compile(SECTION_PARTIAL).errors).toEqual([]);
  });

  it('gives every block defaults, so an empty props object is a valid block', () => {
    for (const block of BLOCKS) expect(block.props.safeParse({}).success, block.name).toBe(true);
  });

  it('marks exactly the blocks that run owner markup', () => {
    expect(BLOCKS.filter((b) => b.runsCode).map((b) => b.name).sort()).toEqual(['embed', 'html']);
  });
});
