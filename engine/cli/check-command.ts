/**
 * `atelier check <files or dirs...>`: compile every template and report every
 * error. A directory is a theme: its `apply` calls must also name one of its
 * templates (or a macro), the way the edge resolves partials.
 */
import { relative, sep } from 'node:path';
import { compile } from '../index.js';
import { EXIT_FAILURE, type Io } from './cli-error.js';
import { formatDiagnostic } from './diagnostic.js';
import { parseOptions, stringOption, usageError } from './options.js';
import { missingPartials } from './partial-references.js';
import { isDirectory, isTemplateName, partialNames, readText, walkFiles, expandPaths } from './template-files.js';
import { CHECK_USAGE } from './usage.js';

const OPTIONS = {
  quiet: { type: 'boolean', short: 'q' },
  partials: { type: 'string', short: 'p' },
} as const;

interface Target {
  file: string;
  /** Partial names the template may apply; undefined when unknown (a lone file without --partials). */
  partials?: ReadonlySet<string>;
}

function themePartials(dir: string): Set<string> {
  const paths = walkFiles(dir, isTemplateName).map((f) => relative(dir, f).split(sep).join('/'));
  return new Set([...partialNames(paths).values()].flat());
}

function targets(paths: readonly string[], partialsDir: string | undefined): Target[] {
  const given = partialsDir === undefined ? undefined : isDirectory(partialsDir) ? themePartials(partialsDir) : undefined;
  if (partialsDir !== undefined && given === undefined) throw usageError('check', `--partials: ${partialsDir} is not a directory`);
  return paths.flatMap((p) => {
    if (!isDirectory(p)) return expandPaths([p], isTemplateName).map((file) => ({ file, partials: given }));
    const own = themePartials(p);
    const known = given ? new Set([...own, ...given]) : own;
    return walkFiles(p, isTemplateName).map((file) => ({ file, partials: known }));
  });
}

export function checkCommand(argv: readonly string[], io: Io): number {
  const parsed = parseOptions('check', argv, OPTIONS);
  if (parsed.values.help) {
    io.out(CHECK_USAGE);
    return 0;
  }
  if (parsed.positionals.length === 0) throw usageError('check', 'missing <files or dirs...>');
  const list = targets(parsed.positionals, stringOption(parsed, 'partials'));
  let errorCount = 0;
  let badFiles = 0;
  for (const { file, partials } of list) {
    const source = readText(file, 'template file');
    const template = compile(source);
    const errors = [...template.errors];
    if (partials && template.errors.length === 0) errors.push(...missingPartials(source, template.tree, partials));
    if (errors.length > 0) badFiles++;
    errorCount += errors.length;
    for (const error of errors) io.err(formatDiagnostic(file, source, error));
  }
  if (!parsed.values.quiet) {
    const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
    const summary = errorCount === 0 ? 'no errors' : `${plural(errorCount, 'error')} in ${plural(badFiles, 'file')}`;
    io.out(`${plural(list.length, 'template')} checked, ${summary}\n`);
  }
  if (list.length === 0) {
    io.err(`atelier check: no *.html templates found in ${parsed.positionals.join(', ')}\n`);
    return EXIT_FAILURE;
  }
  return errorCount > 0 ? EXIT_FAILURE : 0;
}
