import { expect, it } from 'vitest';
import { refusedFields, renderBlock } from '../test-render.js';

it('draws a decorative shape in a colour of the palette', () => {
  expect(renderBlock('shape')).toBe('<div class="block-shape block-shape-rounded block-shape-color-accent-soft" style="height: 200px" aria-hidden="true"></div>\n');
  expect(renderBlock('shape', { shape: 'circle', color: 'accent', height: 120 })).toContain('class="block-shape block-shape-circle block-shape-color-accent" style="height: 120px"');
});

it('takes only known shapes and colours, so nothing typed reaches the style', () => {
  expect(refusedFields('shape', { shape: 'blob' })).toBeDefined();
  expect(refusedFields('shape', { color: 'red; background: url(javascript:alert(1))' })).toBeDefined();
  expect(refusedFields('shape', { height: '1px; background: red' })).toBeDefined();
});
