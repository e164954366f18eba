import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { DEMO_DIR } from './load.js';

/**
 * The demo's French texts follow French typography (issue 29): a no-break space before the
 * two-part marks : ? ! ; and after 'n°', so a phone never starts a line with '?' or breaks
 * 'n° 1001' in two. Each string of fixtures/demo/translations.json `fr` is checked.
 */
function strings(value: unknown, path: string, out: [string, string][]): [string, string][] {
  if (typeof value === 'string') out.push([path, value]);
  else if (Array.isArray(value)) value.forEach((v, i) => strings(v, `${path}[${i}]`, out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) strings(v, `${path}.${k}`, out);
  return out;
}

it("puts a no-break space before : ? ! ; and after n° in every French demo text", async () => {
  const json = JSON.parse(await readFile(join(DEMO_DIR, 'translations.json'), 'utf8')) as { fr: unknown };
  const all = strings(json.fr, 'fr', []);
  expect(all.length).toBeGreaterThan(300);
  const plainBeforeMark = all.filter(([, text]) => /\S [:?!;](\s|$|<)/.test(text) || /n° /.test(text));
  expect(plainBeforeMark.map(([path, text]) => `${path}: ${text.slice(0, 60)}`)).toEqual([]);
  // The no-break space is there (the check above would pass on texts without any mark).
  expect(all.filter(([, text]) => /\u00a0[:?!;]/.test(text)).length).toBeGreaterThan(50);
});
