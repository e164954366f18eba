import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { render } from '../../../engine/index.js';
import { labelValue, labelValueParts } from '../../../domain/languages/label-value.js';
import { storeTexts } from '../../../domain/languages/store-texts.js';

const ENGLISH = storeTexts();
const FRENCH = { labelValue: '{label}\u00a0: {value}' };

describe('labelValue', () => {
  it("is 'label: value' in English and puts a no-break space before the colon in French", () => {
    expect(labelValue(ENGLISH, 'Status', 'Active')).toBe('Status: Active');
    expect(labelValue(FRENCH, 'État', 'Actif')).toBe('État\u00a0: Actif');
    // Values are never read as slots.
    expect(labelValue(ENGLISH, '{value}', '{label}')).toBe('{value}: {label}');
  });

  it('splits around the value for markup, falling back to the English order for a text without both slots', () => {
    expect(labelValueParts(ENGLISH)).toEqual({ before: '', between: ': ', after: '' });
    expect(labelValueParts(FRENCH)).toEqual({ before: '', between: '\u00a0: ', after: '' });
    expect(labelValueParts({ labelValue: '{value} ({label})' })).toEqual({ before: '', between: ': ', after: '' });
  });

  it("in a theme, the English text renders the same bytes as the old '{label|html}: {value|html}'", () => {
    const before = '{label|html}: {value|html}';
    const after = '{texts.labelValue|message label:label value:value|html}';
    fc.assert(
      fc.property(fc.string(), fc.string(), (label, value) => {
        const data = { label, value, texts: ENGLISH };
        expect(render(after, data).output).toBe(render(before, data).output);
      }),
      { numRuns: 300 },
    );
    const tricky = { label: "Recipient's name", value: `<b>"{0}" & 'x' {value}</b>`, texts: ENGLISH };
    expect(render(after, tricky).output).toBe(render(before, tricky).output);
  });
});
