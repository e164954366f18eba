import { describe, expect, it } from 'vitest';
import { skipReason } from './skip-rules.js';

const base = { siteUser: undefined, pagePath: '/shop', pageType: 1, censusDisabled: false };

describe('SPEC §6 census skip rules', () => {
  it('records anonymous visitors on ordinary pages', () => {
    expect(skipReason(base)).toBeUndefined();
  });
  it('skips signed-in users unless their only role is viewer outside /config/', () => {
    expect(skipReason({ ...base, siteUser: { roles: [] } })).toBe('signed-in');
    expect(skipReason({ ...base, siteUser: { roles: [1] } })).toBe('signed-in');
    expect(skipReason({ ...base, siteUser: { roles: [10, 4] } })).toBe('signed-in');
    expect(skipReason({ ...base, siteUser: { roles: [10] } })).toBeUndefined();
    expect(skipReason({ ...base, siteUser: { roles: [10] }, pagePath: '/config/traffic' })).toBe('signed-in');
  });
  it('skips not found, lock screen and member-area access denied', () => {
    for (const pageType of [100, 103, 106]) expect(skipReason({ ...base, pageType })).toBe('page-type');
  });
  it('skips /search and the census-disabling flag', () => {
    expect(skipReason({ ...base, pagePath: '/search', pageType: null })).toBe('search');
    expect(skipReason({ ...base, pageType: 102 })).toBe('search');
    expect(skipReason({ ...base, censusDisabled: true })).toBe('disabled');
  });
});
