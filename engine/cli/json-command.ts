/** `atelier json <url-or-file>`: pretty print a page's context JSON. */
import { CliError, type Io } from './cli-error.js';
import { parseJsonText } from './json-text.js';
import { parseOptions, stringOption, usageError } from './options.js';
import { readText } from './template-files.js';
import { JSON_USAGE } from './usage.js';

const OPTIONS = { indent: { type: 'string' } } as const;

/** A published page's context lives at its URL with `?format=json`. */
export function contextUrl(url: string): URL {
  const u = new URL(url);
  if (!u.searchParams.has('format')) u.searchParams.set('format', 'json');
  return u;
}

async function fetchText(url: URL): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' }, redirect: 'follow' });
  } catch (e) {
    const cause = (e as { cause?: { message?: string } }).cause?.message;
    throw new CliError(`${url.href}: cannot fetch (${cause ?? (e as Error).message})`);
  }
  const text = await response.text();
  if (!response.ok) throw new CliError(`${url.href}: HTTP ${response.status} ${response.statusText}`.trimEnd());
  return text;
}

export async function jsonCommand(argv: readonly string[], io: Io): Promise<number> {
  const parsed = parseOptions('json', argv, OPTIONS);
  if (parsed.values.help) {
    io.out(JSON_USAGE);
    return 0;
  }
  if (parsed.positionals.length !== 1) {
    throw usageError('json', parsed.positionals.length === 0 ? 'missing <url-or-file>' : 'expects exactly one <url-or-file>');
  }
  const indentText = stringOption(parsed, 'indent') ?? '2';
  const indent = Number(indentText);
  if (!/^\d+$/.test(indentText) || indent > 10) throw usageError('json', `--indent expects a number from 0 to 10, got "${indentText}"`);
  const target = parsed.positionals[0];
  let value: unknown;
  if (/^https?:\/\//i.test(target)) {
    const url = contextUrl(target);
    value = parseJsonText(await fetchText(url), url.href);
  } else {
    value = parseJsonText(readText(target), target);
  }
  io.out(`${JSON.stringify(value, null, indent)}\n`);
  return 0;
}
