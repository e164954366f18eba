import { describe, expect, it } from 'vitest';
import { COLOR_MESSAGES, colorWeight, hexColorToInt, websiteColor } from './color.js';

describe('hexColorToInt', () => {
  it('expands three-digit colours and accepts an optional #', () => {
    expect(hexColorToInt('#fff')).toBe(0xffffff);
    expect(hexColorToInt('a1b2c3')).toBe(0xa1b2c3);
  });

  it('rejects text that is not 3 to 6 hex characters', () => {
    expect(hexColorToInt('#ff')).toBe(-1);
    expect(hexColorToInt('#1234567')).toBe(-1);
    expect(hexColorToInt('red')).toBe(-1);
    expect(hexColorToInt('')).toBe(-1);
  });
});

describe('colorWeight', () => {
  it('is light above half the maximum value, else dark (SPEC §9)', () => {
    expect(['#fff', '#aaa', '#888', '#444', '#222', '#000'].map(colorWeight)).toEqual([
      'light', 'light', 'light', 'dark', 'dark', 'dark',
    ]);
    expect(colorWeight('#7fffff')).toBe('dark');
    expect(colorWeight('#800000')).toBe('light');
  });

  it('is undefined for a non-colour', () => {
    expect(colorWeight('nope')).toBeUndefined();
  });
});

describe('websiteColor (SPEC §5 messages)', () => {
  it('prints hsl and hsla with at most two decimals', () => {
    expect(websiteColor({ hue: 200, saturation: 0.3, lightness: 0.5, alpha: 0.9 })).toBe('hsla(200, 30%, 50%, 0.9)');
    expect(websiteColor({ hue: 110, saturation: 0.9, lightness: 1 })).toBe('hsl(110, 90%, 100%)');
    expect(websiteColor({ hue: 0.956, saturation: 0.9554, lightness: 0.9567, alpha: 0.555 })).toBe(
      'hsla(0.96, 95.54%, 95.67%, 0.56)',
    );
  });

  it('prints each scale and number on its own, repeated and past a full table', () => {
    for (let pass = 0; pass < 2; pass++) {
      for (let i = 0; i <= 300; i++) {
        const x = i / 300;
        const pct = (Math.round(x * 10000 + 1e-9) / 100).toString();
        expect(websiteColor({ hue: i, saturation: x, lightness: x, alpha: x })).toBe(
          `hsla(${i}, ${pct}%, ${pct}%, ${Math.round(x * 100 + 1e-9) / 100})`,
        );
      }
    }
    expect(websiteColor({ hue: -0, saturation: 0, lightness: -0 })).toBe('hsl(0, 0%, 0%)');
  });

  it('accepts the bounds themselves', () => {
    expect(websiteColor({ hue: 360, saturation: 0, lightness: 0, alpha: 1 })).toBe('hsla(360, 0%, 0%, 1)');
  });

  it("says 'Missing an H/S/L value.' when hue, saturation or lightness is absent", () => {
    expect(websiteColor({ saturation: 0.9, lightness: 1 })).toBe('Missing an H/S/L value.');
    expect(websiteColor({ hue: 1, lightness: 1 })).toBe(COLOR_MESSAGES.missing);
    expect(websiteColor({ hue: 1, saturation: 1 })).toBe(COLOR_MESSAGES.missing);
    expect(websiteColor(undefined)).toBe(COLOR_MESSAGES.missing);
  });

  it('lists every out-of-bounds component in order', () => {
    expect(websiteColor({ hue: 400, saturation: -0.3, lightness: 5, alpha: 3 })).toBe(
      'Hue out of bounds. Saturation out of bounds. Lightness out of bounds. Alpha out of bounds.',
    );
    expect(websiteColor({ hue: -1, saturation: 0.5, lightness: 0.5 })).toBe('Hue out of bounds.');
    expect(websiteColor({ hue: 1, saturation: 1.01, lightness: 0.5 })).toBe('Saturation out of bounds.');
    expect(websiteColor({ hue: 1, saturation: 0.5, lightness: -0.01 })).toBe('Lightness out of bounds.');
    expect(websiteColor({ hue: 1, saturation: 0.5, lightness: 0.5, alpha: -1 })).toBe('Alpha out of bounds.');
  });
});
