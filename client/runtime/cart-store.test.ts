import { describe, expect, it } from 'vitest';
import { cartExpected } from './cart-store.js';

describe('cartExpected (SPEC §4 cart loading)', () => {
  it('loads for hasCart=true or a signed-in visitor only', () => {
    expect(cartExpected('')).toBe(false);
    expect(cartExpected('crumb=abc; hasCart=true')).toBe(true);
    expect(cartExpected('hasCart=false')).toBe(false);
    expect(cartExpected(`SiteUserInfo=${encodeURIComponent(JSON.stringify({ authenticated: true, siteUserId: 'u1' }))}`)).toBe(true);
    expect(cartExpected(`SiteUserInfo=${encodeURIComponent(JSON.stringify({ authenticated: false }))}`)).toBe(false);
    expect(cartExpected('SiteUserInfo=not-json')).toBe(false);
  });
});
