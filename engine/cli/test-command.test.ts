import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempFiles } from './run-cli.js';

const fixtures = tempFiles({
  'pass-1.html': ':JSON\n{"a": "x"}\n\n:TEMPLATE\n<p>{a}</p>\n\n:OUTPUT\n<p>x</p>\n',
  'pass-2.html': ':PARTIALS\n{"p": "[{@}]"}\n:JSON\n{"n": 3}\n:TEMPLATE\n{n|apply p}\n:OUTPUT\n[3]\n',
  'nested/fail-1.html': ':JSON\n{"a": "x", "b": "y"}\n:TEMPLATE\nline one\n{a}\nline three\n:OUTPUT\nline one\n{b}\nline three\n',
  'not-a-fixture.html': '<p>just a template</p>\n',
});

describe('atelier test', () => {
  it('prints a unified diff per failure and ends with N passed, M failed', async () => {
    const r = await runCli(['test', fixtures]);
    expect(r.code).toBe(1);
    const failing = join(fixtures, 'nested/fail-1.html');
    expect(r.stdout).toContain(
      `FAIL ${failing}\n--- ${failing} (expected)\n+++ ${failing} (actual)\n@@ -1,3 +1,3 @@\n line one\n-{b}\n+x\n line three\n`,
    );
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('2 passed, 1 failed');
  });

  it('exits 0 when every fixture passes', async () => {
    const r = await runCli(['test', join(fixtures, 'pass-1.html'), join(fixtures, 'pass-2.html')]);
    expect(r.stdout).toBe('2 passed, 0 failed\n');
    expect(r.code).toBe(0);
  });

  it('reports compile errors at their line in the fixture file', async () => {
    const dir = tempFiles({ 'f.html': ':JSON\n{}\n:TEMPLATE\n\n{x|nope}\n:OUTPUT\n\n' });
    const r = await runCli(['test', dir]);
    expect(r.stdout).toMatch(/f\.html:5:4  FORMATTER_UNKNOWN  Formatter 'nope' is unknown\n    5 \| \{x\|nope\}\n      \|    \^~~~\n/);
    expect(r.stdout).toMatch(/0 passed, 1 failed\n$/);
  });

  it('fails a fixture with unreadable JSON, naming its line and column, and goes on', async () => {
    const dir = tempFiles({ 'a.html': ':JSON\n{"a": 1,,}\n:TEMPLATE\n{a}\n:OUTPUT\n1\n', 'b.html': ':TEMPLATE\nb\n:OUTPUT\nb\n' });
    const r = await runCli(['test', dir]);
    expect(r.stdout).toContain(`${join(dir, 'a.html')}:2:9  invalid JSON: unexpected character ",", expected a double-quoted property name`);
    expect(r.stdout).toMatch(/1 passed, 1 failed\n$/);
  });

  it('filters fixtures by path', async () => {
    const r = await runCli(['test', fixtures, '--filter', 'pass-2']);
    expect(r.stdout).toBe('1 passed, 0 failed\n');
  });
});
