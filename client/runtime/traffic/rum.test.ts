import { describe, expect, it } from 'vitest';
import { environmentOf, rate } from './rum.js';

describe('RUM collector helpers', () => {
  it('derives the environment from the hostname (SPEC §9)', () => {
    expect(environmentOf('localhost')).toBe('dev');
    expect(environmentOf('shop.localhost')).toBe('dev');
    expect(environmentOf('staging.fernandkiln.com')).toBe('staging');
    expect(environmentOf('fernandkiln-staging.atelier.site')).toBe('staging');
    expect(environmentOf('fernandkiln.com')).toBe('prod');
  });
  it('rates with the SPEC §9 thresholds', () => {
    expect(rate('FCP', 1800)).toBe('good');
    expect(rate('FCP', 3001)).toBe('poor');
    expect(rate('CLS', 0.2)).toBe('needs-improvement');
    expect(rate('FID', 100)).toBe('good');
    expect(rate('INP', 500)).toBe('needs-improvement');
    expect(rate('LCP', 4000.5)).toBe('poor');
  });
});
