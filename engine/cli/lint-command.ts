/** `atelier lint <dir> [--data page.json ...]`: theme mistakes at file:line:column (lint.ts). */
import { join, relative, sep } from 'node:path';
import { CliError, EXIT_FAILURE, type Io } from './cli-error.js';
import { loadContextFields, shapeOfValue, type Shape } from './context-fields.js';
import { formatDiagnostic } from './diagnostic.js';
import { parseJsonText } from './json-text.js';
import { lintTheme } from './lint.js';
import { parseOptions, stringOption, usageError, type Parsed } from './options.js';
import { siteClient, unexpected } from './site-client.js';
import { isDirectory, isTemplateName, readText, walkFiles } from './template-files.js';
import { LINT_USAGE } from './usage.js';

const OPTIONS = {
  data: { type: 'string', multiple: true, short: 'd' },
  quiet: { type: 'boolean', short: 'q' },
  site: { type: 'string' },
  token: { type: 'string' },
  version: { type: 'string' },
} as const;

/** The templates of a site's live theme version (or `--version`), through the theme API with a token. */
async function siteTemplates(parsed: Parsed): Promise<{ label: string; files: { path: string; source: string }[] }> {
  const client = siteClient('lint', parsed, undefined);
  const versionText = stringOption(parsed, 'version');
  if (versionText !== undefined && !/^[1-9][0-9]{0,8}$/.test(versionText)) throw usageError('lint', `--version expects a version number, got "${versionText}"`);
  let number = versionText === undefined ? undefined : Number(versionText);
  if (number === undefined) {
    const list = await client.call<{ live: number | null }>('GET', '/api/owner/theme/versions');
    if (list.status !== 200) throw unexpected('lint', list.status, list.json);
    if (list.json.live === null) throw new CliError('atelier lint: the site has no live theme version');
    number = list.json.live;
  }
  const one = await client.call<{ files: { path: string; content: string }[] }>('GET', `/api/owner/theme/versions/${number}`);
  if (one.status !== 200) throw unexpected('lint', one.status, one.json);
  return {
    label: `${client.site.origin} version ${number}`,
    files: one.json.files.filter((f) => isTemplateName(f.path)).map((f) => ({ path: f.path, source: f.content })),
  };
}

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

export async function lintCommand(argv: readonly string[], io: Io): Promise<number> {
  const parsed = parseOptions('lint', argv, OPTIONS);
  if (parsed.values.help) {
    io.out(LINT_USAGE);
    return 0;
  }
  const remote = stringOption(parsed, 'site') !== undefined;
  if (remote && parsed.positionals.length > 0) throw usageError('lint', 'takes either <dir> or --site <url>, not both');
  if (!remote && stringOption(parsed, 'version') !== undefined) throw usageError('lint', '--version needs --site <url>');
  if (!remote && parsed.positionals.length !== 1) throw usageError('lint', parsed.positionals.length === 0 ? 'missing <dir> (or --site <url>)' : 'expects exactly one <dir>');
  const dataFiles = (parsed.values as unknown as { data?: string[] }).data ?? [];
  let dir: string;
  let files: { path: string; source: string }[];
  if (remote) {
    const fetched = await siteTemplates(parsed);
    // Diagnostics name the site's version: `https://shop.example.com version 4/layout.html:3:9`.
    dir = fetched.label;
    files = fetched.files;
  } else {
    dir = parsed.positionals[0]!;
    if (!isDirectory(dir)) throw usageError('lint', `${dir} is not a directory (lint takes a theme folder)`);
    files = walkFiles(dir, isTemplateName).map((f) => ({ path: relative(dir, f).split(sep).join('/'), source: readText(f, 'template file') }));
  }
  const findings = lintTheme(files, loadContextFields(), dataShapes(dataFiles));
  const sources = new Map(files.map((f) => [f.path, f.source]));
  for (const f of findings) {
    const label = f.severity === 'warning' ? `${f.code} (warning)` : f.code;
    io.err(formatDiagnostic(remote ? `${dir}/${f.file}` : join(dir, f.file), sources.get(f.file) ?? '', { ...f, code: label }));
  }
  const errors = findings.filter((f) => f.severity === 'error').length;
  const warnings = findings.length - errors;
  if (!parsed.values.quiet) {
    const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
    io.out(`${plural(files.length, 'template')} linted: ${findings.length === 0 ? 'no problems' : `${plural(errors, 'error')}, ${plural(warnings, 'warning')}`}\n`);
  }
  return errors > 0 ? EXIT_FAILURE : 0;
}
