import { describe, expect, it } from 'vitest';
import { pillCount } from './pill-text.js';

describe('pillCount', () => {
  it("caps at '100+' above 100", () => {
    expect(pillCount(0)).toBe('0');
    expect(pillCount(100)).toBe('100');
    expect(pillCount(101)).toBe('100+');
    expect(pillCount(9999)).toBe('100+');
  });
});
