import { describe, expect, it } from 'vitest';
import { imageSrcset } from './images.js';

describe('imageSrcset', () => {
  it('lists the stored widths and the original for the next width up', () => {
    expect(imageSrcset({ assetUrl: '/a.jpg', systemDataVariants: '1200x1500,100w,300w' })).toBe(
      '/a.jpg?format=100w 100w,/a.jpg?format=300w 300w,/a.jpg?format=original 500w',
    );
  });
  it('has no srcset without width variants and no original past 2500w', () => {
    expect(imageSrcset({ assetUrl: '/a.jpg', systemDataVariants: '1200x1500' })).toBeUndefined();
    expect(imageSrcset({ assetUrl: '/a.jpg' })).toBeUndefined();
    expect(imageSrcset({ assetUrl: '/a.jpg', systemDataVariants: '2500w' })).toBe('/a.jpg?format=2500w 2500w');
  });
});
