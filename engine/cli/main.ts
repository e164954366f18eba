/**
 * The `atelier` command for template authors: dispatches to a command and turns
 * a CliError into one line on stderr and its exit code.
 */
import { CliError, EXIT_USAGE, processIo, type Io } from './cli-error.js';
import { MAIN_USAGE } from './usage.js';

type Command = (argv: readonly string[], io: Io) => number | Promise<number>;

// Loaded on demand: `atelier json` and `--help` start without compiling the engine.
const COMMANDS: Readonly<Record<string, () => Promise<Command>>> = {
  render: async () => (await import('./render-command.js')).renderCommand,
  check: async () => (await import('./check-command.js')).checkCommand,
  test: async () => (await import('./test-command.js')).testCommand,
  json: async () => (await import('./json-command.js')).jsonCommand,
  lint: async () => (await import('./lint-command.js')).lintCommand,
  reference: async () => (await import('./reference-command.js')).referenceCommand,
  pull: async () => (await import('./site-commands.js')).pullCommand,
  push: async () => (await import('./site-commands.js')).pushCommand,
  publish: async () => (await import('./site-commands.js')).publishCommand,
  rollback: async () => (await import('./site-commands.js')).rollbackCommand,
  dev: async () => (await import('./dev-command.js')).devCommand,
};

/**
 * Run the CLI and resolve to the exit status.
 * @example await main(['check', 'fixtures/theme']) // 0 when the theme is clean
 */
export async function main(argv: readonly string[], io: Io = processIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    io.err(MAIN_USAGE);
    return EXIT_USAGE;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    io.out(MAIN_USAGE);
    return 0;
  }
  const load = COMMANDS[name];
  if (load === undefined) {
    const what = name.startsWith('-') ? `unknown option ${name}` : `unknown command "${name}"`;
    io.err(`atelier: ${what}\nRun "atelier --help" for the commands.\n`);
    return EXIT_USAGE;
  }
  try {
    const command = await load();
    return await command(rest, io);
  } catch (e) {
    if (!(e instanceof CliError)) throw e;
    io.err(`${e.message}\n`);
    return e.exitCode;
  }
}
