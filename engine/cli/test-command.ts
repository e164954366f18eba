/** `atelier test <dirs...>`: run fixture files, diff each failure, end with `N passed, M failed`. */
import { compile, render } from '../index.js';
import { CliError, EXIT_FAILURE, type Io } from './cli-error.js';
import { formatDiagnostic, uniqueErrors, type TemplateError } from './diagnostic.js';
import { parseFixture, type Fixture } from './fixture-file.js';
import { parseOptions, stringOption, usageError } from './options.js';
import { expandPaths, readText } from './template-files.js';
import { unifiedDiff } from './unified-diff.js';
import { TEST_USAGE } from './usage.js';

const OPTIONS = { filter: { type: 'string', short: 'f' } } as const;

const FIXTURE_EXTENSIONS = ['.html', '.txt', '.fixture'];

type Outcome = { ok: true } | { ok: false; report: string };

function runFixture(file: string, text: string, fixture: Fixture): Outcome {
  const template = compile(fixture.template);
  const result = render(template, fixture.data, {
    partials: fixture.partials,
    injects: fixture.injects,
    locale: fixture.locale,
    timeZone: fixture.timeZone,
    now: fixture.now,
  });
  const actual = result.output.trim();
  const expected = fixture.expected.trim();
  if (template.errors.length === 0 && actual === expected) return { ok: true };
  // Errors point into the template section; shift them to lines of the fixture file.
  const inFile = (e: TemplateError) => formatDiagnostic(file, text, { ...e, line: e.line + fixture.templateLine - 1 });
  let report = '';
  for (const e of template.errors) report += inFile(e);
  report += unifiedDiff(expected, actual, { expected: `${file} (expected)`, actual: `${file} (actual)` });
  const runtime = uniqueErrors(result.errors).filter((e) => !template.errors.some((c) => c.code === e.code && c.line === e.line && c.column === e.column));
  if (runtime.length > 0) report += `render errors:\n${runtime.map(inFile).join('')}`;
  return { ok: false, report };
}

export function testCommand(argv: readonly string[], io: Io): number {
  const parsed = parseOptions('test', argv, OPTIONS);
  if (parsed.values.help) {
    io.out(TEST_USAGE);
    return 0;
  }
  if (parsed.positionals.length === 0) throw usageError('test', 'missing <dirs...>');
  const filter = stringOption(parsed, 'filter');
  const files = expandPaths(parsed.positionals, (name) => FIXTURE_EXTENSIONS.some((ext) => name.endsWith(ext)));
  let passed = 0;
  let failed = 0;
  for (const file of files) {
    if (filter !== undefined && !file.includes(filter)) continue;
    const text = readText(file);
    let outcome: Outcome;
    try {
      const fixture = parseFixture(text, file);
      if (fixture === null) continue;
      outcome = runFixture(file, text, fixture);
    } catch (e) {
      // A broken fixture or a crashing engine fails that fixture; the run goes on.
      outcome = { ok: false, report: `${e instanceof CliError ? e.message : String((e as Error).stack ?? e)}\n` };
    }
    if (outcome.ok) passed++;
    else {
      failed++;
      io.out(`FAIL ${file}\n${outcome.report}\n`);
    }
  }
  if (passed + failed === 0) io.err('atelier test: no fixture files (with :TEMPLATE and :OUTPUT sections) found\n');
  io.out(`${passed} passed, ${failed} failed\n`);
  return failed > 0 || passed === 0 ? EXIT_FAILURE : 0;
}
