import { describe, expect, it } from 'vitest';
import { jsonText } from './json-text.js';

describe('jsonText', () => {
  it('escapes closing tags in any letter case', () => {
    expect(jsonText("This is a <ScRIPt>alert('test');</scRIPt>")).toBe(
      '"This is a <ScRIPt>alert(\'test\');<\\/scRIPt>"',
    );
    expect(jsonText('<script x="y"> </script >')).toBe('"<script x=\\"y\\"> <\\/script >"');
  });

  it('pretty-prints with two spaces', () => {
    expect(jsonText({ title: 'a</b>' }, 2)).toBe('{\n  "title": "a<\\/b>"\n}');
  });

  it('gives empty text for missing values and keeps null', () => {
    expect(jsonText(undefined)).toBe('');
    expect(jsonText(null)).toBe('null');
    expect(jsonText([1, 'x'])).toBe('[1,"x"]');
  });
});
