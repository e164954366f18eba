/**
 * The commerce templates are authored as .html files and shipped as a generated
 * string module (index.ts) so the engine needs no file access at run time.
 * This test keeps the two in step; regenerate with
 * `ATELIER_WRITE_TEMPLATES=1 npx vitest run engine/plugins/commerce/templates`.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));

function generatedModule(): string {
  const names = readdirSync(here).filter((f) => f.endsWith('.html')).sort();
  const lines = names.map((file) => {
    // An editor's final newline is not part of the template.
    const source = readFileSync(join(here, file), 'utf8').replace(/\n$/, '');
    return `  '${file.replace(/\.html$/, '')}': ${JSON.stringify(source)},`;
  });
  return (
    '// Generated from the .html files beside this one by templates.test.ts; do not edit.\n' +
    'export const COMMERCE_TEMPLATES = {\n' +
    lines.join('\n') +
    '\n} as const;\n\nexport type CommerceTemplateName = keyof typeof COMMERCE_TEMPLATES;\n'
  );
}

it('the generated template module matches the .html sources', () => {
  const expected = generatedModule();
  const target = join(here, 'index.ts');
  if (process.env.ATELIER_WRITE_TEMPLATES) writeFileSync(target, expected);
  expect(readFileSync(target, 'utf8')).toBe(expected);
});
