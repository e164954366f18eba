import { describe, expect, it } from 'vitest';
import { ROLE, ROLE_IDS, ROLE_NAMES } from './roles.js';

describe('SPEC §3 contributor roles', () => {
  it('carry the spec codes, each once', () => {
    expect(ROLE).toMatchObject({ admin: 1, moderator: 6, storeManager: 8, none: 14, draftEditor: 16 });
    expect(new Set(ROLE_IDS).size).toBe(ROLE_IDS.length);
    expect(ROLE_IDS).not.toContain(5);
    // Ours (issue 32), after SPEC's last code so no SPEC code changes meaning.
    expect(ROLE.themeDeveloper).toBe(17);
  });

  it('name each role in words', () => {
    expect(ROLE_NAMES[ROLE.storeManager]).toBe('store manager');
    expect(ROLE_NAMES[ROLE.admin]).toBe('admin');
    expect(ROLE_NAMES[ROLE.themeDeveloper]).toBe('theme developer');
  });
});
