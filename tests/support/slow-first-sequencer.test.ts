import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../schema/seed/load.js';
import { SLOW_FILES } from './slow-first-sequencer.js';

describe('the slow-first file order', () => {
  it('names only test files that exist (a renamed file would silently lose its early start)', () => {
    expect(SLOW_FILES.filter((path) => !existsSync(`${REPO_ROOT}/${path}`))).toEqual([]);
    expect(new Set(SLOW_FILES).size).toBe(SLOW_FILES.length);
  });
});
