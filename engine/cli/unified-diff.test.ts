import { describe, expect, it } from 'vitest';
import { unifiedDiff } from './unified-diff.js';

describe('unifiedDiff', () => {
  it('is empty for equal texts', () => {
    expect(unifiedDiff('a\nb', 'a\nb')).toBe('');
  });

  it('shows a changed line with context', () => {
    expect(unifiedDiff('a\nb\nc', 'a\nB\nc')).toBe('--- expected\n+++ actual\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n');
  });

  it('splits distant changes into separate hunks with correct ranges', () => {
    const a = Array.from({ length: 20 }, (_, i) => `l${i + 1}`);
    const b = [...a];
    b[1] = 'X';
    b[17] = 'Y';
    const d = unifiedDiff(a.join('\n'), b.join('\n'));
    expect(d).toContain('@@ -1,5 +1,5 @@\n l1\n-l2\n+X\n l3\n');
    expect(d).toContain('@@ -15,6 +15,6 @@\n l15\n l16\n l17\n-l18\n+Y\n l19\n l20\n');
  });

  it('handles insertions into empty text', () => {
    expect(unifiedDiff('', 'x')).toBe('--- expected\n+++ actual\n@@ -1 +1 @@\n-\n+x\n');
  });

  it('uses the given labels', () => {
    expect(unifiedDiff('a', 'b', { expected: 'f.html (expected)', actual: 'f.html (actual)' })).toMatch(/^--- f\.html \(expected\)\n\+\+\+ f\.html \(actual\)\n/);
  });
});
