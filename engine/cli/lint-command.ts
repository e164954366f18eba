/** `atelier lint <dir> [--data page.json ...]`: theme mistakes at file:line:column (lint.ts). */
import { join, relative, sep } from 'node:path';
import { EXIT_FAILURE, type Io } from './cli-error.js';
import { loadContextFields, shapeOfValue, type Shape } from './context-fields.js';
import { formatDiagnostic } from './diagnostic.js';
import { parseJsonText } from './json-text.js';
import { lintTheme } from './lint.js';
import { parseOptions, usageError } from './options.js';
import { isDirectory, isTemplateName, readText, walkFiles } from './template-files.js';
import { LINT_USAGE } from './usage.js';

const OPTIONS = { data: { type: 'string', multiple: true, short: 'd' }, quiet: { type: 'boolean', short: 'q' } } as const;

/** Page-type shapes from context JSON files (`atelier json <url> > page.json`), keyed by their pageTypeName. */
function dataShapes(files: readonly string[]): Map<string, Shape> {
  const out = new Map<string, Shape>();
  for (const file of files) {
    const value = parseJsonText(readText(file), file) as { pageTypeName?: unknown };
    if (typeof value !== 'object' || value === null || typeof value.pageTypeName !== 'string') {
      throw usageError('lint', `--data ${file}: not a page context (it has no pageTypeName)`);
    }
    out.set(value.pageTypeName, shapeOfValue(value));
  }
  return out;
}

export function lintCommand(argv: readonly string[], io: Io): number {
  const parsed = parseOptions('lint', argv, OPTIONS);
  if (parsed.values.help) {
    io.out(LINT_USAGE);
    return 0;
  }
  if (parsed.positionals.length !== 1) throw usageError('lint', parsed.positionals.length === 0 ? 'missing <dir>' : 'expects exactly one <dir>');
  const dir = parsed.positionals[0]!;
  if (!isDirectory(dir)) throw usageError('lint', `${dir} is not a directory (lint takes a theme folder)`);
  const dataFiles = (parsed.values as unknown as { data?: string[] }).data ?? [];
  const files = walkFiles(dir, isTemplateName).map((f) => ({ path: relative(dir, f).split(sep).join('/'), source: readText(f, 'template file') }));
  const findings = lintTheme(files, loadContextFields(), dataShapes(dataFiles));
  const sources = new Map(files.map((f) => [f.path, f.source]));
  for (const f of findings) {
    const label = f.severity === 'warning' ? `${f.code} (warning)` : f.code;
    io.err(formatDiagnostic(join(dir, f.file), sources.get(f.file) ?? '', { ...f, code: label }));
  }
  const errors = findings.filter((f) => f.severity === 'error').length;
  const warnings = findings.length - errors;
  if (!parsed.values.quiet) {
    const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
    io.out(`${plural(files.length, 'template')} linted: ${findings.length === 0 ? 'no problems' : `${plural(errors, 'error')}, ${plural(warnings, 'warning')}`}\n`);
  }
  return errors > 0 ? EXIT_FAILURE : 0;
}
