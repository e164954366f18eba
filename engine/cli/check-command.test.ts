import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempFiles } from './run-cli.js';

const theme = tempFiles({
  'layout.html': '<body>\n{.section website}{siteTitle}{.end}\n</body>\n',
  'partials/card.html': '{.section item}\n  <h2>{title|bogus-one}</h2>\n{.end}\n',
  'pages/list.html': '{.repeated section items}{title|bogus-two}{.end}\n{.section x}\n',
  'assets/site.css': 'body { color: red }',
});
const clean = tempFiles({ 'a.html': '{title}', 'b/c.html': '{.if x}y{.end}' });

describe('atelier check', () => {
  it('reports every error of every template with a caret and exits 1', async () => {
    const r = await runCli(['check', theme]);
    expect(r.code).toBe(1);
    const heads = r.stderr.split('\n').filter((l) => /:\d+:\d+  /.test(l));
    const list = join(theme, 'pages/list.html');
    expect(heads[0]).toBe(`${list}:1:33  FORMATTER_UNKNOWN  Formatter 'bogus-two' is unknown`);
    expect(heads[1]).toBe(`${list}:2:1  UNCLOSED_BLOCK  Unclosed SECTION: it needs a matching {.end}.`);
    expect(heads.at(-1)).toBe(`${join(theme, 'partials/card.html')}:2:14  FORMATTER_UNKNOWN  Formatter 'bogus-one' is unknown`);
    expect(r.stderr).toContain('    2 |   <h2>{title|bogus-one}</h2>\n      |              ^~~~~~~~~\n');
    expect(r.stdout).toBe(`3 templates checked, ${heads.length} errors in 2 files\n`);
  });

  it('exits 0 on clean templates, files and directories alike', async () => {
    const r = await runCli(['check', join(clean, 'a.html'), join(clean, 'b')]);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('2 templates checked, no errors\n');
    expect(r.code).toBe(0);
  });

  it('checks that a theme applies only partials it has', async () => {
    const dir = tempFiles({ 'home.html': '{.macro m}x{.end}{@|apply m}{@|apply card}\n<p>{@|apply partials/cards}</p>', 'partials/card.html': '{title}' });
    const r = await runCli(['check', dir]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `${join(dir, 'home.html')}:2:13  PARTIAL_MISSING  Attempt to apply partial 'partials/cards' which could not be found.\n` +
        '    2 | <p>{@|apply partials/cards}</p>\n      |             ^~~~~~~~~~~~~~\n',
    );
  });

  it('names a missing path', async () => {
    const r = await runCli(['check', join(clean, 'missing')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`${join(clean, 'missing')}: no such file or directory\n`);
  });

  it('needs at least one path and knows --help', async () => {
    expect((await runCli(['check'])).code).toBe(2);
    const h = await runCli(['check', '-h']);
    expect(h.code).toBe(0);
    expect(h.stdout).toMatch(/^Usage: atelier check/);
  });
});

describe('the demo theme', () => {
  it('passes atelier check fixtures/theme', async () => {
    const r = await runCli(['check', 'fixtures/theme']);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^\d+ templates checked, no errors\n$/);
    expect(r.code).toBe(0);
  });
});
