/**
 * Line-based unified diff (the `diff -u` layout) for `atelier test` failures.
 * Fixture outputs are small, so a plain LCS table is enough; very large inputs
 * fall back to one hunk that replaces everything.
 */

type Op = { kind: ' ' | '-' | '+'; text: string };

const MAX_CELLS = 4_000_000;

function lineOps(a: readonly string[], b: readonly string[]): Op[] {
  const n = a.length;
  const m = b.length;
  if (n * m > MAX_CELLS) {
    return [...a.map((text): Op => ({ kind: '-', text })), ...b.map((text): Op => ({ kind: '+', text }))];
  }
  // lcs[i][j] = length of the longest common subsequence of a[i..] and b[j..]
  const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      ops.push({ kind: ' ', text: a[i] });
      i++;
      j++;
    } else if (lcs[i + 1][j] >= lcs[i][j + 1]) ops.push({ kind: '-', text: a[i++] });
    else ops.push({ kind: '+', text: b[j++] });
  }
  while (i < n) ops.push({ kind: '-', text: a[i++] });
  while (j < m) ops.push({ kind: '+', text: b[j++] });
  return ops;
}

function range(start: number, count: number): string {
  // diff -u writes an empty range as "start,0" where start is the line before it.
  if (count === 0) return `${start},0`;
  return count === 1 ? `${start + 1}` : `${start + 1},${count}`;
}

/**
 * Unified diff of two texts; '' when they are equal.
 * @example unifiedDiff('a\nb', 'a\nc') // "--- expected\n+++ actual\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n"
 */
export function unifiedDiff(expected: string, actual: string, labels = { expected: 'expected', actual: 'actual' }, context = 3): string {
  if (expected === actual) return '';
  const ops = lineOps(expected.split('\n'), actual.split('\n'));
  const changed = ops.map((op, k) => (op.kind !== ' ' ? k : -1)).filter((k) => k !== -1);
  let out = `--- ${labels.expected}\n+++ ${labels.actual}\n`;
  let h = 0;
  while (h < changed.length) {
    // Grow the hunk while the next change is within two contexts of the last one.
    let last = h;
    while (last + 1 < changed.length && changed[last + 1] - changed[last] <= 2 * context) last++;
    const from = Math.max(0, changed[h] - context);
    const to = Math.min(ops.length, changed[last] + context + 1);
    let aStart = 0;
    let bStart = 0;
    for (let k = 0; k < from; k++) {
      if (ops[k].kind !== '+') aStart++;
      if (ops[k].kind !== '-') bStart++;
    }
    const body = ops.slice(from, to);
    const aCount = body.filter((op) => op.kind !== '+').length;
    const bCount = body.filter((op) => op.kind !== '-').length;
    out += `@@ -${range(aStart, aCount)} +${range(bStart, bCount)} @@\n`;
    for (const op of body) out += `${op.kind}${op.text}\n`;
    h = last + 1;
  }
  return out;
}
