import { describe, expect, it } from 'vitest';
import type { FormField } from './form-field.js';
import { FORM_MESSAGES as M, formMessages, formMessagesOf } from '../messages/form-messages.js';
import { FormParseError, sanitizeSubmission } from './sanitize.js';

const field = (type: string, extra: Partial<FormField> = {}): FormField => ({ id: 'f', type, title: type, ...extra });
const likertQs = ['Clay', 'Glaze'];

// SPEC §3 "Sanitized value by field type": [type, field extras, raw value sent, sanitized value stored].
const SANITIZED: [string, Partial<FormField>, unknown, unknown][] = [
  ['text', {}, '  hello  ', 'hello'],
  ['textarea', {}, ' two\nlines ', 'two\nlines'],
  ['email', {}, ' ada@example.com ', 'ada@example.com'],
  ['number', {}, 42, '42'],
  ['website', {}, 'fernandkiln.com', 'fernandkiln.com'],
  ['currency', { currencySymbol: '$' }, '1,250.50', '1,250.50'],
  ['name', {}, ['Ada', 'Lovelace'], ['Ada', 'Lovelace']],
  ['name', {}, ['Ada'], ['Ada', '']],
  ['address', {}, ['41 Mill St', '', 'Rhinebeck', 'NY', '12572', 'US'], ['41 Mill St', '', 'Rhinebeck', 'NY', '12572', 'US']],
  ['date', {}, ['02', '29', '2028'], ['02', '29', '2028']],
  ['time', {}, ['9', '30', '', 'AM'], ['9', '30', '', 'AM']],
  // SPEC §3: a phone of 3 parts is padded with a leading empty entry.
  ['phone', {}, ['845', '555', '0142'], ['', '845', '555', '0142']],
  ['phone', { showCountryCode: true }, ['1', '845', '555', '0142'], ['1', '845', '555', '0142']],
  ['checkbox', { options: ['Mugs', 'Bowls', 'Vases'] }, ['Mugs', 'Vases'], ['Mugs', 'Vases']],
  ['checkbox', { options: ['Mugs'] }, 'Mugs', ['Mugs']],
  ['radio', { options: ['Yes', 'No'] }, ['No', 'Yes'], 'No'],
  ['select', { options: ['S', 'M'] }, 'M', 'M'],
  ['likert', { options: likertQs }, { Clay: 'Agree', Glaze: '', Other: 'Agree' }, { Clay: 'Agree' }],
  ['hidden', { value: 'default' }, 'from-query', 'from-query'],
  ['hidden', { value: 'default' }, undefined, 'default'],
];

describe('sanitizeSubmission: the SPEC §3 value of each field type', () => {
  it.each(SANITIZED)('%s %j: %j -> %j', (type, extra, raw, expected) => {
    const result = sanitizeSubmission([field(type, extra)], { f: raw });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ f: expected });
  });

  it('skips section items and drops ids the form does not have', () => {
    const result = sanitizeSubmission([field('section'), { id: 'n', type: 'text', title: 'N' }], { f: 'x', n: 'y', extra: 'z' });
    expect(result.values).toEqual({ n: 'y' });
  });
});

// SPEC §5: [type, field extras, raw value, message].
const INVALID: [string, Partial<FormField>, unknown, string][] = [
  ['text', { required: true }, '   ', M.required],
  ['name', { required: true }, ['Ada', ''], M.required],
  ['address', { required: true }, ['', '', '', '', '', ''], M.required],
  ['phone', { required: true }, ['', '', ''], M.required],
  ['select', { required: true, options: ['a'] }, '', M.required],
  ['radio', { required: true, options: ['a'] }, undefined, M.required],
  ['checkbox', { required: true, options: ['a'] }, [], M.required],
  ['likert', { required: true, options: likertQs }, { Clay: 'Agree' }, M.likertMissing],
  ['textarea', { maxLength: 5 }, '123456', M.tooLong],
  ['text', {}, 'x'.repeat(10_001), M.tooLong],
  ['email', {}, 'ada@example', M.emailInvalid],
  ['email', {}, 'ada lovelace@example.com', M.emailInvalid],
  ['number', {}, '12abc', M.numberInvalid],
  ['currency', {}, '12.345', M.currencyInvalid],
  ['website', {}, 'javascript:alert(1)', M.websiteInvalid],
  ['date', {}, ['02', '30', '2027'], M.dateInvalid],
  ['time', {}, ['13', '00', '', 'PM'], M.timeInvalid],
  ['select', { options: ['a'] }, 'b', M.optionInvalid],
  ['checkbox', { options: ['a'] }, ['a', 'zzz'], M.optionInvalid],
  ['likert', { options: likertQs }, { Clay: 'Love it' }, M.optionInvalid],
];

describe('sanitizeSubmission: SPEC §5 messages', () => {
  it.each(INVALID)('%s %j: %j -> %s', (type, extra, raw, message) => {
    expect(sanitizeSubmission([field(type, extra)], { f: raw }).errors).toEqual({ f: message });
  });

  it('lets optional empty fields pass, including an optional empty textarea with a limit', () => {
    const fields = ['text', 'email', 'number', 'website', 'date', 'time', 'phone'].map((type, i) => ({ id: `f${i}`, type, title: type }));
    fields.push({ id: 'ta', type: 'textarea', title: 'ta', maxLength: 3 } as FormField);
    expect(sanitizeSubmission(fields, {}).errors).toEqual({});
  });

  it('counts characters, not UTF-16 units, against a textarea limit', () => {
    expect(sanitizeSubmission([field('textarea', { maxLength: 3 })], { f: '🏺🏺🏺' }).errors).toEqual({});
  });

  it('refuses impossible shapes as unparsable', () => {
    expect(() => sanitizeSubmission([field('text')], { f: { a: 1 } })).toThrow(FormParseError);
    expect(() => sanitizeSubmission([field('name')], { f: ['a', 'b', 'c'] })).toThrow(FormParseError);
    expect(() => sanitizeSubmission([field('likert', { options: likertQs })], { f: ['Agree'] })).toThrow(FormParseError);
  });

  it("words its messages in the page's language, English where a text is not translated (issue 29)", () => {
    const fr = formMessages((key) => ({ required: 'Obligatoire', emailInvalid: "L'adresse e-mail n'est pas valide." } as Record<string, string>)[key]);
    const fields = [field('text', { id: 'a', required: true }), field('email', { id: 'b' }), field('number', { id: 'c' })];
    expect(sanitizeSubmission(fields, { b: 'nope', c: 'x' }, fr).errors).toEqual({ a: 'Obligatoire', b: "L'adresse e-mail n'est pas valide.", c: M.numberInvalid });
    expect(sanitizeSubmission(fields, { b: 'nope', c: 'x' }).errors).toEqual({ a: M.required, b: M.emailInvalid, c: M.numberInvalid });
  });

  it("reads an island's messages prop: only strings of known keys count", () => {
    const m = formMessagesOf({ required: 'Obligatoire', tooLong: 3, toString: 'x', unknown: '' });
    expect(m.required).toBe('Obligatoire');
    expect(m.tooLong).toBe(M.tooLong);
    expect(m.unknown).toBe(M.unknown);
    expect(formMessagesOf(undefined)).toEqual(M);
  });
});
