import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseNow } from './render-command.js';
import { runCli, tempFiles } from './run-cli.js';

const dir = tempFiles({
  'page.html': '<h1>{title}</h1>\n{.section items}{.repeated section @}{@|apply partials/li}{.end}{.end}\n',
  'partials/li.html': '<li>{name}</li>',
  'data.json': JSON.stringify({ title: 'Shop', items: [{ name: 'a' }, { name: 'b' }] }),
  'bad-data.json': '{\n  "title": "Shop",\n  "items": [1, 2,]\n}\n',
  'broken.html': '<main>\n  <p>{title|no-such-formatter}</p>\n</main>\n',
  'date.html': '{time|date %Y-%m-%d %H:%M}',
});
const at = (name: string) => join(dir, name);

describe('atelier render', () => {
  it('prints the output with data and partials', async () => {
    const r = await runCli(['render', at('page.html'), '--data', at('data.json'), '--partials', dir]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('<h1>Shop</h1>\n<li>a</li><li>b</li>\n');
  });

  it('reports template errors as file:line:column  code  message with a caret, exit 1', async () => {
    const r = await runCli(['render', at('broken.html')]);
    expect(r.code).toBe(1);
    const [head, source, caret] = r.stderr.split('\n');
    expect(head).toBe(`${at('broken.html')}:2:13  FORMATTER_UNKNOWN  Formatter 'no-such-formatter' is unknown`);
    expect(source).toBe('    2 |   <p>{title|no-such-formatter}</p>');
    expect(caret).toBe('      |             ^~~~~~~~~~~~~~~~~');
  });

  it('renders the page inside --layout as pageContent', async () => {
    const layout = tempFiles({ 'layout.html': '<body data-title="{title}">{pageContent}</body>' });
    const r = await runCli(['render', at('page.html'), '-d', at('data.json'), '-p', dir, '--layout', join(layout, 'layout.html')]);
    expect(r.stdout).toBe('<body data-title="Shop"><h1>Shop</h1>\n<li>a</li><li>b</li>\n</body>');
    expect(r.code).toBe(0);
  });

  it('applies --tz and --now', async () => {
    const data = tempFiles({ 'd.json': '{"time": 0}' });
    const r = await runCli(['render', at('date.html'), '-d', join(data, 'd.json'), '--tz', 'Asia/Tokyo', '--now', '2024-01-01T00:00:00Z']);
    expect(r.stdout).toBe('1970-01-01 09:00');
  });

  it('names a missing template or data file', async () => {
    const r = await runCli(['render', at('nope.html')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`${at('nope.html')}: no such template file\n`);
    const d = await runCli(['render', at('page.html'), '--data', at('nope.json')]);
    expect(d.stderr).toBe(`${at('nope.json')}: no such data file\n`);
  });

  it('reports unreadable JSON data with its line and column', async () => {
    const r = await runCli(['render', at('page.html'), '--data', at('bad-data.json')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`${at('bad-data.json')}:3:18  invalid JSON: unexpected character "]", expected a value\n`);
  });

  it('rejects unknown options and missing values with usage errors (exit 2)', async () => {
    const r = await runCli(['render', at('page.html'), '--colour']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('atelier render: unknown option --colour\nRun "atelier render --help" for usage.\n');
    const m = await runCli(['render', at('page.html'), '--data']);
    expect(m.stderr).toMatch(/^atelier render: option --data needs a value\n/);
    const t = await runCli(['render', at('page.html'), '--tz', 'Mars/Olympus', '--locale', 'en-US']);
    expect(t.stderr).toMatch(/unknown time zone "Mars\/Olympus"/);
    const l = await runCli(['render', at('page.html'), '--locale', 'not a locale!']);
    expect(l.stderr).toMatch(/^atelier render: invalid locale "not a locale!"/);
  });

  it('prints --help', async () => {
    const r = await runCli(['render', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: atelier render <template>/);
    expect(r.stdout).toContain('--partials');
  });
});

describe('parseNow', () => {
  it('takes epoch ms or ISO dates', () => {
    expect(parseNow('1627849845000')).toBe(1627849845000);
    expect(parseNow('1970-01-01T00:00:01Z')).toBe(1000);
    expect(() => parseNow('soon')).toThrow(/--now expects/);
  });
});
