import { describe, expect, it } from 'vitest';
import { parseFixture, splitSections } from './fixture-file.js';

describe('splitSections', () => {
  it('splits on header lines and keeps inner newlines', () => {
    const s = splitSections(':JSON\n{"a": 1}\n\n:TEMPLATE\n{a}\n\n:OUTPUT\n1\n');
    expect(s.get('JSON')).toBe('{"a": 1}\n');
    expect(s.get('TEMPLATE')).toBe('{a}\n');
    expect(s.get('OUTPUT')).toBe('1\n');
  });

  it('gives lines before the first header to the first section', () => {
    expect(splitSections('x\n:A\ny').get('A')).toBe('x\ny');
  });
});

describe('parseFixture', () => {
  it('reads data, partials, locale and now', () => {
    const f = parseFixture(':PARAMS\n{"locale": "de_DE", "now": 5}\n:PARTIALS\n{"p": "{@}"}\n:TEMPLATE\n{a|apply p}\n:OUTPUT\nx', 'f.html');
    expect(f).toMatchObject({ template: '{a|apply p}', expected: 'x', data: {}, partials: { p: '{@}' }, locale: 'de-DE', now: 5 });
  });

  it('maps locale none to null and reads :PROPERTIES', () => {
    expect(parseFixture(':PROPERTIES\nlocale=none\n:TEMPLATE\n\n:OUTPUT\n', 'f')?.locale).toBeNull();
  });

  it('is null without a template and output', () => {
    expect(parseFixture(':JSON\n{}\n', 'f')).toBeNull();
  });

  it('reports bad JSON with the section name and position', () => {
    expect(() => parseFixture(':TEMPLATE\n\n:JSON\n{\n"a": }\n:OUTPUT\n', 'f.html')).toThrow('f.html:5:6  invalid JSON');
  });
});
