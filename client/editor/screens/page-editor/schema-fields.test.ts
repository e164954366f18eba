import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BLOCKS } from '../../../../blocks/registry.js';
import { buttonBlock } from '../../../../blocks/button/index.js';
import { galleryBlock } from '../../../../blocks/gallery/index.js';
import { textBlock } from '../../../../blocks/text/index.js';
import { hasOwnPanel } from './block-settings.js';
import { blankOf, fieldsOf, labelOf } from './schema-fields.js';

describe('the props form read from a block schema', () => {
  it('maps strings, booleans and enums of the button block', () => {
    expect(fieldsOf(buttonBlock.props)).toEqual([
      { kind: 'text', key: 'label', label: 'Label', maxLength: 100 },
      { kind: 'text', key: 'href', label: 'Href', maxLength: expect.any(Number) },
      { kind: 'boolean', key: 'newWindow', label: 'New window' },
      { kind: 'enum', key: 'style', label: 'Style', options: ['primary', 'secondary', 'tertiary'] },
      { kind: 'enum', key: 'size', label: 'Size', options: ['small', 'medium', 'large'] },
    ]);
  });

  it('gives the text block a rich text field', () => {
    expect(fieldsOf(textBlock.props)).toEqual([{ kind: 'richtext', key: 'text', label: 'Text' }]);
  });

  it('maps numbers with their bounds, long texts, image paths and rows of simple objects', () => {
    const schema = z.strictObject({
      height: z.number().int().min(0).max(1000).default(40),
      price: z.number().int().nullable().default(null),
      html: z.string().max(100_000).default(''),
      poster: z.string().default(''),
      items: z.array(z.strictObject({ title: z.string().default('Item'), open: z.boolean(), size: z.enum(['s', 'm']) })).max(5).default([]),
      links: z.array(z.string()).max(20).default([]),
    });
    const fields = fieldsOf(schema);
    expect(fields[0]).toEqual({ kind: 'number', key: 'height', label: 'Height', min: 0, max: 1000, integer: true, nullable: false });
    expect(fields[1]).toMatchObject({ kind: 'number', nullable: true });
    expect(fields[2]).toMatchObject({ kind: 'textarea', key: 'html' });
    expect(fields[3]).toMatchObject({ kind: 'image', key: 'poster' });
    expect(fields[4]).toMatchObject({ kind: 'rows', key: 'items', max: 5, blank: { title: 'Item', open: false, size: 's' } });
    expect(fields[5]).toEqual({ kind: 'strings', key: 'links', label: 'Links', max: 20 });
  });

  it("gives the gallery's images rows with an image chooser", () => {
    const images = fieldsOf(galleryBlock.props).find((f) => f.key === 'images');
    expect(images).toMatchObject({ kind: 'rows', max: 100, fields: [{ kind: 'image', key: 'src' }, { kind: 'text', key: 'alt' }] });
  });

  const PANEL_ONLY = new Set(['image.focal', 'chart-bar.dataset', 'chart-line.dataset', 'chart-pie.dataset']);
  it('makes every block type of the registry editable, and blank rows its schema accepts', () => {
    for (const block of BLOCKS) {
      const fields = fieldsOf(block.props);
      // Props only a block's own panel draws (blocks/<name>/panel.tsx): the image's focal point, the charts' data.
      for (const key of PANEL_ONLY) if (key.startsWith(`${block.name}.`)) expect(hasOwnPanel(block.name), key).toBe(true);
      const shape = Object.keys((block.props as unknown as { shape: object }).shape).filter((key) => !PANEL_ONLY.has(`${block.name}.${key}`));
      expect(fields.map((f) => f.key), block.name).toEqual(shape);
      // The defaults of a new block are what the panel starts from.
      expect(block.props.safeParse({}).success, block.name).toBe(true);
    }
    expect(blankOf(z.strictObject({ a: z.string(), b: z.number().min(3) }))).toEqual({ a: '', b: 3 });
  });

  it('labels camelCase keys as words', () => {
    expect(labelOf('thumbnailStripHeight')).toBe('Thumbnail strip height');
  });
});
