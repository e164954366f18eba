/** `atelier pull | push | publish | rollback`: theme versions of a live site (docs/cli.md). */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { CliError, type Io } from './cli-error.js';
import { parseOptions, stringOption, usageError, type Parsed } from './options.js';
import { readState, siteClient, STATE_FILE, unexpected, writeState, type SiteClient } from './site-client.js';
import { isDirectory, readText, walkFiles } from './template-files.js';
import { PUBLISH_USAGE, PULL_USAGE, PUSH_USAGE, ROLLBACK_USAGE } from './usage.js';

const REMOTE = { site: { type: 'string' }, token: { type: 'string' } } as const;

interface Version {
  number: number;
  state: string;
}
interface CompileError {
  at: string;
  code: string;
  message: string;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A theme file's text: theme files are UTF-8 text (images belong in the file manager). */
function themeText(file: string): string {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return readText(file);
  }
  try {
    return utf8.decode(bytes);
  } catch {
    throw new CliError(`atelier push: ${file} is not UTF-8 text; theme files are text (put images in the site's file manager)`);
  }
}

function oneDir(command: string, parsed: Parsed): string {
  if (parsed.positionals.length > 1) throw usageError(command, 'expects at most one <dir>');
  return parsed.positionals[0] ?? '.';
}

function versionOption(command: string, parsed: Parsed, required: boolean): number | undefined {
  const text = stringOption(parsed, 'version');
  if (text === undefined) {
    if (required) throw usageError(command, 'missing --version <n>');
    return undefined;
  }
  if (!/^[1-9][0-9]{0,8}$/.test(text)) throw usageError(command, `--version expects a version number, got "${text}"`);
  return Number(text);
}

/** Publishes `number` (or rolls back) and prints the outcome; compile errors print as file:line:col. */
async function publishVersion(command: string, client: SiteClient, io: Io, path: string, body: unknown, label: string): Promise<Version> {
  const { status, json } = await client.call<{ version: Version; previous: number | null; errors?: CompileError[] }>('POST', path, body);
  if (status === 422 && json.errors) {
    for (const e of json.errors) io.err(`${e.at}  ${e.code}  ${e.message}\n`);
    throw new CliError(`atelier ${command}: ${label} was not published: ${json.errors.length} template error${json.errors.length === 1 ? '' : 's'}; the live site is unchanged`);
  }
  if (status !== 200) throw unexpected(command, status, json);
  io.out(`Published version ${json.version.number} (was ${json.previous ?? 'none'}): ${client.site.origin}/\n`);
  return json.version;
}

export async function pullCommand(argv: readonly string[], io: Io): Promise<number> {
  const parsed = parseOptions('pull', argv, REMOTE);
  if (parsed.values.help) {
    io.out(PULL_USAGE);
    return 0;
  }
  const dir = oneDir('pull', parsed);
  const previous = readState(dir);
  const client = siteClient('pull', parsed, previous);
  const list = await client.call<{ live: number | null }>('GET', '/api/owner/theme/versions');
  if (list.status !== 200) throw unexpected('pull', list.status, list.json);
  if (list.json.live === null) throw new CliError('atelier pull: the site has no live theme version');
  const one = await client.call<{ files: { path: string; content: string }[] }>('GET', `/api/owner/theme/versions/${list.json.live}`);
  if (one.status !== 200) throw unexpected('pull', one.status, one.json);
  for (const f of one.json.files) {
    const target = join(dir, ...f.path.split('/'));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, f.content);
  }
  // Files the previous pull wrote that the live version no longer has; a file the author
  // made (never pulled) is left alone.
  const now = new Set(one.json.files.map((f) => f.path));
  const stale = (previous?.site === client.site.origin ? (previous.files ?? []) : []).filter((path) => !now.has(path));
  for (const path of stale) rmSync(join(dir, ...path.split('/')), { force: true });
  writeState(dir, { site: client.site.origin, version: list.json.live, files: [...now] });
  io.out(`Pulled version ${list.json.live} (${one.json.files.length} files) into ${dir}${stale.length ? `; removed ${stale.length} file${stale.length === 1 ? '' : 's'} it no longer has: ${stale.join(', ')}` : ''}\n`);
  return 0;
}

export async function pushCommand(argv: readonly string[], io: Io): Promise<number> {
  const parsed = parseOptions('push', argv, { ...REMOTE, publish: { type: 'boolean' }, force: { type: 'boolean' }, note: { type: 'string' } });
  if (parsed.values.help) {
    io.out(PUSH_USAGE);
    return 0;
  }
  const dir = oneDir('push', parsed);
  if (!isDirectory(dir)) throw new CliError(`${dir}: no such directory`);
  const state = readState(dir);
  const client = siteClient('push', parsed, state);
  const files = walkFiles(dir, (name) => name !== STATE_FILE).map((file) => ({ path: relative(dir, file).split(sep).join('/'), content: themeText(file) }));
  if (files.length === 0) throw new CliError(`atelier push: ${dir} has no theme files`);
  const force = parsed.values.force === true;
  const body = { files, note: stringOption(parsed, 'note') ?? `Pushed from the atelier CLI`, force, ...(state ? { expectLive: state.version } : {}) };
  const created = await client.call<{ version: Version; previewUrl: string; live?: number }>('POST', '/api/owner/theme/versions', body);
  if (created.status === 409 && created.json.error === 'theme_conflict') {
    throw new CliError(`atelier push: ${created.json.message}\nRun "atelier pull" to start from the live version, or push again with --force.`);
  }
  if (created.status !== 201) throw unexpected('push', created.status, created.json);
  const number = created.json.version.number;
  io.out(`Created version ${number} (${files.length} files)\nPreview: ${created.json.previewUrl}\n`);
  if (parsed.values.publish === true) {
    await publishVersion('push', client, io, `/api/owner/theme/versions/${number}/publish`, undefined, `version ${number}`);
    writeState(dir, { site: client.site.origin, version: number, files: files.map((f) => f.path) });
  }
  return 0;
}

export async function publishCommand(argv: readonly string[], io: Io): Promise<number> {
  const parsed = parseOptions('publish', argv, { ...REMOTE, version: { type: 'string' } });
  if (parsed.values.help) {
    io.out(PUBLISH_USAGE);
    return 0;
  }
  const dir = oneDir('publish', parsed);
  const number = versionOption('publish', parsed, true)!;
  const client = siteClient('publish', parsed, readState(dir));
  await publishVersion('publish', client, io, `/api/owner/theme/versions/${number}/publish`, undefined, `version ${number}`);
  return 0;
}

export async function rollbackCommand(argv: readonly string[], io: Io): Promise<number> {
  const parsed = parseOptions('rollback', argv, { ...REMOTE, version: { type: 'string' } });
  if (parsed.values.help) {
    io.out(ROLLBACK_USAGE);
    return 0;
  }
  const dir = oneDir('rollback', parsed);
  const number = versionOption('rollback', parsed, false);
  const client = siteClient('rollback', parsed, readState(dir));
  await publishVersion('rollback', client, io, '/api/owner/theme/rollback', number === undefined ? {} : { version: number }, number === undefined ? 'the previous version' : `version ${number}`);
  return 0;
}
