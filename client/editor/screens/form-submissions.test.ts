import { describe, expect, it } from 'vitest';
import { valueText } from './form-submissions.js';

describe('valueText', () => {
  it('spells out each kind of submitted value', () => {
    expect(valueText('plain')).toBe('plain');
    expect(valueText(['Ada', '', 'Lovelace'])).toBe('Ada, Lovelace');
    expect(valueText({ 'Which size?': 'Large', 'Gift?': true })).toBe('Which size?: Large; Gift?: true');
    expect(valueText(null)).toBe('');
    expect(valueText(3)).toBe('3');
  });
});
