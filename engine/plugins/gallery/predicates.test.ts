import { describe, expect, it } from 'vitest';
import { render } from '../../index.js';

const test = (p: string, options: unknown) => render(`{.${p}}y{.or}n{.end}`, { options }).output;

describe('gallery option predicates', () => {
  it('select options match their stored value only', () => {
    expect(test('gallery-design-slider?', { design: 'slider' })).toBe('y');
    expect(test('gallery-design-grid?', {})).toBe('n');
    expect(test('gallery-meta-position-top-left?', { 'meta-position': 'top-left' })).toBe('y');
    expect(test('gallery-active-alignment-right?', { 'active-alignment': 'left' })).toBe('n');
  });

  it('boolean options follow JSON boolean rules', () => {
    expect(test('gallery-lightbox?', { lightbox: true })).toBe('y');
    expect(test('gallery-lightbox?', { lightbox: 'true' })).toBe('y');
    expect(test('gallery-lightbox?', { lightbox: 0 })).toBe('n');
    expect(test('gallery-auto-crop?', {})).toBe('n');
  });

  it('gallery-meta? needs controls or indicators', () => {
    expect(test('gallery-meta?', { indicators: true })).toBe('y');
    expect(test('gallery-meta?', { controls: false })).toBe('n');
  });
});
