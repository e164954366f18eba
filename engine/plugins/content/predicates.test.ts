import { describe, expect, it } from 'vitest';
import { render } from '../../index.js';
import { RECORD_TYPES } from './enums.js';

const test = (predicate: string, data: unknown) => render(`{.${predicate}}y{.or}n{.end}`, data).output;

describe('record-type predicates', () => {
  it('has one predicate per SPEC §3 record type', () => {
    for (const [name, code] of Object.entries(RECORD_TYPES)) {
      expect(test(`${name}?`, { recordType: code }), name).toBe('y');
      expect(test(`${name}?`, { recordType: 999 }), name).toBe('n');
    }
  });

  it('video, image, quote, link and gallery also match a promoted block of that kind', () => {
    expect(test('image?', { promotedBlockType: 'image' })).toBe('y');
    expect(test('gallery?', { promotedBlockType: 'gallery' })).toBe('y');
    expect(test('external-video?', { recordType: 8 })).toBe('y');
    expect(test('text?', { promotedBlockType: 'text' })).toBe('n');
  });
});

describe('excerpt? (SPEC §5)', () => {
  it('needs visible text once tags and blanks are removed', () => {
    expect(test('excerpt?', { excerpt: { html: '<p>\u00a0\u200b </p>' } })).toBe('n');
    expect(test('excerpt?', { excerpt: { html: '<p>Hi</p>' } })).toBe('y');
  });
});

describe('clickable? (SPEC §4)', () => {
  it('is true for absent, index and redirect behaviour only', () => {
    expect(test('clickable?', {})).toBe('y');
    expect(test('clickable?', { folderBehavior: 1 })).toBe('y');
    expect(test('clickable?', { folderBehavior: 2 })).toBe('y');
    expect(test('clickable?', { folderBehavior: 3 })).toBe('n');
  });
});

describe('same-day?', () => {
  it('compares calendar days in UTC', () => {
    const midnight = Date.UTC(2024, 0, 2);
    expect(test('same-day?', { startDate: midnight, endDate: midnight + 86_399_999 })).toBe('y');
    expect(test('same-day?', { startDate: midnight - 1, endDate: midnight })).toBe('n');
  });
});

describe('current-type?', () => {
  it('matches a slide by slice type name', () => {
    expect(test('current-type? twitter', { currentType: 19 })).toBe('y');
    expect(test('current-type? nope', { currentType: -1 })).toBe('n');
  });
});
