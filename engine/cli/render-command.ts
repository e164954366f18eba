/** `atelier render <template>`: render with data, print the output, errors to stderr. */
import { compile, render } from '../index.js';
import { EXIT_FAILURE, type Io } from './cli-error.js';
import { formatDiagnostic, uniqueErrors } from './diagnostic.js';
import { parseJsonText } from './json-text.js';
import { parseOptions, stringOption, usageError } from './options.js';
import { loadPartials, readText } from './template-files.js';
import { RENDER_USAGE } from './usage.js';

const OPTIONS = {
  data: { type: 'string', short: 'd' },
  partials: { type: 'string', short: 'p' },
  locale: { type: 'string', short: 'l' },
  tz: { type: 'string' },
  now: { type: 'string' },
  layout: { type: 'string' },
} as const;

/** `--now` as epoch ms: digits are taken as milliseconds, anything else must be an ISO 8601 date. */
export function parseNow(text: string): number {
  const ms = /^-?\d+$/.test(text) ? Number(text) : Date.parse(text);
  if (!Number.isFinite(ms)) throw usageError('render', `--now expects epoch milliseconds or an ISO 8601 date, got "${text}"`);
  return ms;
}

function checkLocale(tag: string): string | null {
  if (tag === 'none') return null;
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    throw usageError('render', `invalid locale "${tag}" (use a BCP-47 tag such as en-US, or none)`);
  }
}

function checkTimeZone(zone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    throw usageError('render', `unknown time zone "${zone}" (use an IANA name such as Europe/Paris)`);
  }
}

export function renderCommand(argv: readonly string[], io: Io): number {
  const parsed = parseOptions('render', argv, OPTIONS);
  if (parsed.values.help) {
    io.out(RENDER_USAGE);
    return 0;
  }
  if (parsed.positionals.length !== 1) {
    throw usageError('render', parsed.positionals.length === 0 ? 'missing <template>' : 'expects exactly one <template>');
  }
  const file = parsed.positionals[0];
  const source = readText(file, 'template file');
  const dataFile = stringOption(parsed, 'data');
  const data = dataFile === undefined ? {} : parseJsonText(readText(dataFile, 'data file'), dataFile);
  const partialsDir = stringOption(parsed, 'partials');
  const locale = stringOption(parsed, 'locale');
  const tz = stringOption(parsed, 'tz');
  const now = stringOption(parsed, 'now');

  const layoutFile = stringOption(parsed, 'layout');
  const layoutSource = layoutFile === undefined ? undefined : readText(layoutFile, 'layout file');
  const options = {
    partials: partialsDir === undefined ? undefined : loadPartials(partialsDir),
    locale: locale === undefined ? undefined : checkLocale(locale),
    timeZone: tz === undefined ? undefined : checkTimeZone(tz),
    now: now === undefined ? undefined : parseNow(now),
  };

  const page = renderFile(file, source, data, options, io);
  if (layoutFile === undefined || layoutSource === undefined) {
    io.out(page.output);
    return page.failed ? EXIT_FAILURE : 0;
  }
  // As the edge does (docs/page-context.md): the page's output becomes `pageContent` of the layout.
  const withPage = typeof data === 'object' && data !== null && !Array.isArray(data) ? { ...data, pageContent: page.output } : { pageContent: page.output };
  const whole = renderFile(layoutFile, layoutSource, withPage, options, io);
  io.out(whole.output);
  return page.failed || whole.failed ? EXIT_FAILURE : 0;
}

function renderFile(file: string, source: string, data: unknown, options: Parameters<typeof render>[2], io: Io): { output: string; failed: boolean } {
  const template = compile(source);
  const result = render(template, data, options);
  // The render may repeat the compile errors of the template it was given.
  const errors = uniqueErrors([...template.errors, ...result.errors]);
  for (const error of errors) io.err(formatDiagnostic(file, source, error));
  return { output: result.output, failed: errors.length > 0 };
}
