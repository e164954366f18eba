/** `atelier dev --site URL [--theme DIR]`: the local theme on the live site's pages (dev-server.ts). */
import { CliError, type Io } from './cli-error.js';
import { startDevServer, type DevServer } from './dev-server.js';
import { parseOptions, stringOption, usageError } from './options.js';
import { readState, siteClient, unexpected } from './site-client.js';
import { isDirectory } from './template-files.js';
import { DEV_USAGE } from './usage.js';

/**
 * Starts the proxy and resolves once it is listening (`started` gets the server, for a
 * test to close it); the process then runs until interrupted.
 */
export async function devCommand(argv: readonly string[], io: Io, started?: (server: DevServer) => void): Promise<number> {
  const parsed = parseOptions('dev', argv, { site: { type: 'string' }, token: { type: 'string' }, theme: { type: 'string' }, port: { type: 'string' } });
  if (parsed.values.help) {
    io.out(DEV_USAGE);
    return 0;
  }
  if (parsed.positionals.length > 0) throw usageError('dev', `unexpected argument "${parsed.positionals[0]}" (the theme folder is --theme <dir>)`);
  const dir = stringOption(parsed, 'theme') ?? '.';
  if (!isDirectory(dir)) throw new CliError(`${dir}: no such directory`);
  const portText = stringOption(parsed, 'port') ?? '4000';
  if (!/^[0-9]{1,5}$/.test(portText) || Number(portText) > 65535) throw usageError('dev', `--port expects a port number, got "${portText}"`);
  const client = siteClient('dev', parsed, readState(dir));
  // The token must read the theme: a revoked or expired one stops here (401).
  const check = await client.call('GET', '/api/owner/theme/versions');
  if (check.status !== 200) throw unexpected('dev', check.status, check.json);
  const token = stringOption(parsed, 'token') ?? process.env.ATELIER_TOKEN!;
  const server = await startDevServer({ site: client.site, token, dir, port: Number(portText), log: (line) => io.err(line) });
  io.out(`Serving ${client.site.origin} with the theme in ${dir} at ${server.url}\nPages reload when a file changes. Press Ctrl+C to stop.\n`);
  started?.(server);
  return 0;
}
