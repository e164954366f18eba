import { describe, expect, it } from 'vitest';
import { codeBlocks, parseLayout } from './layout-schema.js';

// Each block on its own row: blocks of a section may not share desktop grid cells.
let rows = 0;
const block = (id: string, type: string, props: Record<string, unknown> = {}) => ({ id, type, props, layout: { desktop: { col: 1, row: (rows++ % 1000) + 1, span: 12, rows: 1 } } });
const layout = (...blocks: unknown[]) => ({ sections: [{ id: 's1', design: {}, blocks }] });

describe('parseLayout', () => {
  it('fills in defaults of the section design and each block\'s props', () => {
    const check = parseLayout(layout(block('b1', 'button'), block('b2', 'spacer', { height: 10 })));
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.layout.sections[0]!.design).toEqual({ padding: 'medium', theme: 'light', width: 'inset', background: { type: 'none' }, divider: 'none', roundedBlocks: false });
    expect(check.layout.sections[0]!.blocks[0]!.props).toMatchObject({ label: 'Learn more', href: '/', style: 'primary' });
    expect(check.layout.sections[0]!.blocks[1]!.props).toEqual({ height: 10 });
  });

  it('names the path of each problem', () => {
    const check = parseLayout(layout(block('b1', 'spacer', { height: 'tall' }), block('b2', 'wobble'), block('b3', 'tock'), block('b4', 'button', { href: 'javascript:alert(1)' })));
    expect(check).toMatchObject({
      ok: false,
      fields: {
        'layout.sections.0.blocks.0.props.height': expect.any(String),
        'layout.sections.0.blocks.1.type': 'wobble is not a block type.',
        'layout.sections.0.blocks.2.type': 'The tock block is not available yet.',
        'layout.sections.0.blocks.3.props.href': expect.stringContaining('Links must be'),
      },
    });
  });

  it('refuses blocks nested in blocks, unknown keys, and duplicate ids', () => {
    expect(parseLayout(layout({ ...block('b1', 'text'), blocks: [block('b2', 'text')] }))).toMatchObject({ ok: false, fields: { 'layout.sections.0.blocks.0': expect.any(String) } });
    expect(parseLayout(layout(block('b1', 'text'), block('b1', 'text')))).toMatchObject({ ok: false, fields: { 'layout.sections.0.blocks.1.id': expect.stringContaining('more than once') } });
    expect(parseLayout({ sections: 'x' }).ok).toBe(false);
    expect(parseLayout(null).ok).toBe(false);
  });

  it('refuses blocks of a section sharing a desktop grid cell, naming the later block', () => {
    const at = (col: number, row: number, span: number, rows: number, mobile?: object) => ({ desktop: { col, row, span, rows }, ...(mobile ? { mobile } : {}) });
    const placed = (id: string, layout: object) => ({ id, type: 'spacer', props: {}, layout });
    // Side by side, and one below the other: fine; the phone placement may stack anything.
    const fine = { sections: [{ id: 's', design: {}, blocks: [placed('a', at(1, 1, 6, 2)), placed('b', at(7, 1, 6, 1, { col: 1, row: 1, span: 12, rows: 1 })), placed('c', at(1, 3, 12, 1))] }] };
    expect(parseLayout(fine).ok).toBe(true);
    // The same cells in two sections: fine.
    expect(parseLayout({ sections: [{ id: 's1', design: {}, blocks: [placed('a', at(1, 1, 12, 1))] }, { id: 's2', design: {}, blocks: [placed('b', at(1, 1, 12, 1))] }] }).ok).toBe(true);
    // b's first column is a's last, on a's second row.
    const clash = { sections: [{ id: 's', design: {}, blocks: [placed('a', at(1, 1, 6, 2)), placed('c', at(1, 4, 12, 1)), placed('b', at(6, 2, 4, 1))] }] };
    expect(parseLayout(clash)).toEqual({ ok: false, message: expect.stringContaining('overlaps a'), fields: { 'layout.sections.0.blocks.2.layout.desktop': 'This block overlaps a on the desktop grid; move it to free cells.' } });
  });

  it('allows 60 blocks, refuses 61 (SPEC §9)', () => {
    const many = (n: number) => ({ sections: [{ id: 'a', design: {}, blocks: Array.from({ length: 30 }, (_, i) => block(`a${i}`, 'spacer')) }, { id: 'b', design: {}, blocks: Array.from({ length: n - 30 }, (_, i) => block(`b${i}`, 'spacer')) }] });
    expect(parseLayout(many(60)).ok).toBe(true);
    expect(parseLayout(many(61))).toMatchObject({ ok: false, fields: { 'layout.sections': 'Max blocks per layout is 60.' } });
  });

  it('refuses documents over 1 MB', () => {
    expect(parseLayout(layout(block('b1', 'code', { code: 'x'.repeat(1_000_001) })))).toMatchObject({ ok: false, fields: { layout: expect.stringContaining('1 MB') } });
  });

  it('finds the blocks that run owner markup', () => {
    const check = parseLayout(layout(block('b1', 'html', { html: '<b>x</b>' }), block('b2', 'text'), block('b3', 'embed')));
    expect(check.ok && [...codeBlocks(check.layout).keys()]).toEqual(['b1', 'b3']);
  });
});
