import { describe, expect, it } from 'vitest';
import { imageColor, imageSrcset } from './image-attrs.js';
import { MAX_ALT_TEXT, altTextFromItem, focalPoint, imageAltText, imageMetaAttributes, imageTag } from './image.js';

describe('altTextFromItem', () => {
  it('prefers title, then body without tags, then filename', () => {
    expect(altTextFromItem({ title: 'T', body: 'B', filename: 'F' })).toBe('T');
    expect(altTextFromItem({ title: '', body: '<b>bold</b><i>x</i>', filename: 'F' })).toBe(' bold  x ');
    expect(altTextFromItem({ body: '', filename: 'F' })).toBe('F');
    expect(altTextFromItem({})).toBe('');
  });

  it('cuts the body fallback to 250 characters (SPEC §9)', () => {
    expect(altTextFromItem({ body: 'a'.repeat(400) })).toHaveLength(MAX_ALT_TEXT);
    expect(altTextFromItem({ title: 't'.repeat(400) })).toHaveLength(400);
  });
});

describe('imageAltText', () => {
  it("uses the item's trimmed altText inside an image block (block type 5), even when empty", () => {
    expect(imageAltText({ altText: ' baz ', title: 'no' }, 5)).toBe('baz');
    expect(imageAltText({ altText: '', title: 'no' }, 5)).toBe('');
    expect(imageAltText({ altText: 'no', title: 'yes' }, 8)).toBe('yes');
    expect(imageAltText({ title: 'yes' }, undefined)).toBe('yes');
  });
});

describe('focalPoint', () => {
  it('defaults to the centre and prints whole numbers as doubles', () => {
    expect(focalPoint({})).toBe('0.5,0.5');
    expect(focalPoint({ mediaFocalPoint: { x: 0.3, y: 0.7 } })).toBe('0.3,0.7');
    expect(focalPoint({ mediaFocalPoint: { x: 1, y: 0 } })).toBe('1.0,0.0');
  });
});

describe('imageMetaAttributes and imageTag', () => {
  it('is empty for a missing image', () => {
    expect(imageMetaAttributes(undefined)).toBe('');
  });

  it('escapes every interpolated value', () => {
    const image = { assetUrl: '/a.jpg?x="1"&y', originalSize: '1x2', title: '<script>"', componentKey: 'k"' };
    const attrs = imageMetaAttributes(image);
    expect(attrs).toBe(
      'data-component-key="k&quot;" data-src="/a.jpg?x=&quot;1&quot;&amp;y" data-image="/a.jpg?x=&quot;1&quot;&amp;y" ' +
        'data-image-dimensions="1x2" data-image-focal-point="0.5,0.5" alt="&lt;script&gt;&quot;" ',
    );
    const tag = imageTag(image, 'c"x', 'alt');
    expect(tag).toContain('class="c&quot;x"');
    expect(tag).not.toContain('<script>');
  });
});

describe('imageSrcset', () => {
  it('lists width variants and lets the original stand in for the next width', () => {
    expect(imageSrcset({ assetUrl: '/a', systemDataVariants: '10x10,100w,300w' })).toBe(
      ' srcset="/a?format=100w 100w,/a?format=300w 300w,/a?format=original 500w"',
    );
    expect(imageSrcset({ assetUrl: '/a', systemDataVariants: '2500w' })).toBe(' srcset="/a?format=2500w 2500w"');
    expect(imageSrcset({ assetUrl: '/a', systemDataVariants: '10x10' })).toBe('');
    expect(imageSrcset(undefined)).toBe('');
  });
});

describe('imageColor', () => {
  const image = { colorData: { topLeftAverage: '111', centerAverage: '"x' } };
  it('prints one position, optionally labelled, or all of them', () => {
    expect(imageColor(image, 'topLeft')).toBe('#111');
    expect(imageColor(image, 'topLeft', 'bg')).toBe('bg: #111');
    expect(imageColor(image, 'topRight')).toBe('"topRight" not found.');
    expect(imageColor(image)).toContain('data-color-center="#&quot;x" ');
    expect(imageColor({})).toBeUndefined();
  });
});
