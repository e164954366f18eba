/**
 * The network side of `atelier pull|push|publish|rollback`: the site's theme API
 * (docs/api/themes.md) with an API token, never a password. The engine itself does
 * no I/O; only these CLI commands (and `atelier json`) reach the network.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CliError } from './cli-error.js';
import { stringOption, usageError, type Parsed } from './options.js';

/** What `atelier pull` records in the theme folder: the site and the live version pulled. */
export const STATE_FILE = '.atelier-theme.json';

export interface ThemeState {
  site: string;
  version: number;
  /** The files the last pull (or push --publish) put in the folder: the next pull may delete these, never others. */
  files?: string[];
}

/** A recorded path the CLI may touch: relative, no `..`, no empty segment. */
const SAFE_PATH = /^(?!.*(?:^|\/)\.\.?(?:\/|$))[A-Za-z0-9_][A-Za-z0-9_.\-]*(?:\/[A-Za-z0-9_][A-Za-z0-9_.\-]*)*$/;

export function readState(dir: string): ThemeState | undefined {
  try {
    const value = JSON.parse(readFileSync(join(dir, STATE_FILE), 'utf8')) as Partial<ThemeState>;
    if (typeof value.site === 'string' && Number.isInteger(value.version)) {
      const files = Array.isArray(value.files) ? value.files.filter((f): f is string => typeof f === 'string' && SAFE_PATH.test(f)) : undefined;
      return { site: value.site, version: value.version!, ...(files ? { files } : {}) };
    }
  } catch {
    // No state file (or not ours): the command needs --site.
  }
  return undefined;
}

export function writeState(dir: string, state: ThemeState): void {
  writeFileSync(join(dir, STATE_FILE), `${JSON.stringify(state, null, 2)}\n`);
}

export interface SiteClient {
  site: URL;
  call<T>(method: string, path: string, body?: unknown): Promise<{ status: number; json: T & { error?: string; message?: string } }>;
}

/** The site (--site, else the folder's state file) and the token (--token, else ATELIER_TOKEN). */
export function siteClient(command: string, parsed: Parsed, state: ThemeState | undefined, env: NodeJS.ProcessEnv = process.env): SiteClient {
  const siteText = stringOption(parsed, 'site') ?? state?.site;
  if (!siteText) throw usageError(command, 'missing --site <url> (the site, e.g. https://shop.example.com)');
  let site: URL;
  try {
    site = new URL(siteText);
  } catch {
    throw usageError(command, `--site expects a URL, got "${siteText}"`);
  }
  if (site.protocol !== 'https:' && site.protocol !== 'http:') throw usageError(command, `--site expects an http(s) URL, got "${siteText}"`);
  const token = stringOption(parsed, 'token') ?? env.ATELIER_TOKEN;
  if (!token) throw usageError(command, 'missing --token <token> (or the ATELIER_TOKEN environment variable): create one under Settings → API tokens');
  return {
    site,
    async call(method, path, body) {
      const url = new URL(path, site);
      let response: Response;
      try {
        response = await fetch(url, {
          method,
          headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      } catch (e) {
        const cause = (e as { cause?: { message?: string } }).cause?.message;
        throw new CliError(`atelier ${command}: cannot reach ${site.origin} (${cause ?? (e as Error).message})`);
      }
      const text = await response.text();
      let json: never;
      try {
        json = JSON.parse(text) as never;
      } catch {
        throw new CliError(`atelier ${command}: ${url.href} answered HTTP ${response.status} without JSON`);
      }
      if (response.status === 401) throw new CliError(`atelier ${command}: the site refused the token (401): ${(json as { message?: string }).message ?? ''}`.trimEnd());
      if (response.status === 403) throw new CliError(`atelier ${command}: the token may not do this (403): it needs the theme:write scope`);
      return { status: response.status, json };
    },
  };
}

/** An answer the command did not expect, as one line. */
export function unexpected(command: string, status: number, json: { error?: string; message?: string }): CliError {
  return new CliError(`atelier ${command}: HTTP ${status} ${json.error ?? ''}: ${json.message ?? ''}`.replace(/\s+:/, ':'));
}
