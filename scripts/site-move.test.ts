import { describe, expect, it } from 'vitest';
import { parseMoveArgs } from './site-move.js';

describe('npm run site:move -- <site> <shard>', () => {
  it('takes a site and a whole shard number, nothing else', () => {
    expect(parseMoveArgs(['clay-corner', '1'])).toEqual({ site: 'clay-corner', shard: 1 });
    expect(parseMoveArgs(['clay-corner'])).toBeUndefined();
    expect(parseMoveArgs(['clay-corner', 'one'])).toBeUndefined();
    expect(parseMoveArgs(['clay-corner', '-1'])).toBeUndefined();
    expect(parseMoveArgs(['clay-corner', '1', 'extra'])).toBeUndefined();
  });
});
