import { describe, expect, it } from 'vitest';
import { fieldLabel } from './translation-row.js';

describe('fieldLabel', () => {
  it("names a mailing list's text 'List name', not its id; other system texts by their key", () => {
    expect(fieldLabel({ kind: 'system', entityId: 'mailing-lists', fieldKey: 'k3x9q2' })).toBe('List name');
    expect(fieldLabel({ kind: 'system', entityId: 'store-texts', fieldKey: 'cartTitle' })).toBe('cartTitle');
    expect(fieldLabel({ kind: 'collection', entityId: 'c1', fieldKey: 'title' })).toBe('Collection title');
  });
});
