import { describe, expect, it } from 'vitest';
import { formatDiagnostic } from './diagnostic.js';

describe('formatDiagnostic', () => {
  it('prints location, code and message, then the line with a caret under the instruction', () => {
    const src = '<p>\n  <b>{title|nope}</b>\n</p>';
    const out = formatDiagnostic('t.html', src, { code: 'E_FMT', message: 'unknown formatter', line: 2, column: 6 });
    expect(out).toBe('t.html:2:6  E_FMT  unknown formatter\n    2 |   <b>{title|nope}</b>\n      |      ^~~~~~~~~~~~\n');
  });

  it('underlines the name when the column points into an instruction', () => {
    const out = formatDiagnostic('t.html', '{a|no-such x}', { code: 'E', message: 'm', line: 1, column: 4 });
    expect(out.split('\n')[2]).toBe('      |    ^~~~~~~');
  });

  it('marks one character at a delimiter or the end of the line', () => {
    expect(formatDiagnostic('t.html', 'a b', { code: 'E', message: 'm', line: 1, column: 2 }).split('\n')[2]).toBe('      |  ^');
    expect(formatDiagnostic('t.html', '', { code: 'E', message: 'm', line: 1, column: 1 }).split('\n')[2]).toBe('      | ^');
  });

  it('keeps tabs in the caret prefix', () => {
    const out = formatDiagnostic('t.html', '\t\t{x', { code: 'E', message: 'm', line: 1, column: 3 });
    expect(out.split('\n')[2]).toBe('      | \t\t^~');
  });

  it('prints only the header when the line is outside the source', () => {
    expect(formatDiagnostic('t.html', 'a', { code: 'E', message: 'm', line: 9, column: 1 })).toBe('t.html:9:1  E  m\n');
  });
});
