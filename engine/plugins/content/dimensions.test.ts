import { describe, expect, it } from 'vitest';
import {
  INVALID_SIZE_MESSAGE,
  humanizeDuration,
  parseDimensions,
  resizedSide,
  thumbnailForWidth,
} from './dimensions.js';

describe('parseDimensions', () => {
  it('reads widthxheight', () => {
    expect(parseDimensions('800x400')).toEqual({ width: 800, height: 400 });
  });

  it('rejects anything else (SPEC §5)', () => {
    for (const bad of ['800', 1000, 'x400', '800x', '1x2x3', 'axb', '', undefined, null, {}]) {
      expect(parseDimensions(bad)).toBeNull();
    }
  });

  it('has the exact SPEC §5 message', () => {
    expect(INVALID_SIZE_MESSAGE).toBe("Invalid source parameter. Pass in 'originalSize'");
  });
});

describe('resizedSide', () => {
  it('scales and truncates like the reference', () => {
    const cases: [string, number, number][] = [
      ['250x175', 35, 71],
      ['400x100', 12, 200],
      ['800x400', 25, 100],
    ];
    for (const [size, heightFor50, widthFor50] of cases) {
      const d = parseDimensions(size)!;
      expect(resizedSide(d, 'height', 50)).toBe(heightFor50);
      expect(resizedSide(d, 'width', 50)).toBe(widthFor50);
    }
  });
});

describe('thumbnailForWidth (SPEC §9 buckets)', () => {
  it('picks the smallest bucket that fits', () => {
    expect([1, 100, 101, 300, 301, 500, 501, 750, 751, 1000, 1001, 5000].map(thumbnailForWidth)).toEqual([
      '100w', '100w', '300w', '300w', '500w', '500w', '750w', '750w', '1000w', '1000w', '1500w', '1500w',
    ]);
  });
});

describe('humanizeDuration', () => {
  it('prints m:ss', () => {
    expect(humanizeDuration(125000)).toBe('2:05');
    expect(humanizeDuration(0)).toBe('0:00');
    expect(humanizeDuration(3_661_999)).toBe('61:01');
  });
});
