/**
 * Strict option parsing for every command (node:util parseArgs), with the
 * mistakes reworded for authors and pointing at the command's --help.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CliError, EXIT_USAGE } from './cli-error.js';

type OptionSpec = NonNullable<ParseArgsConfig['options']>;

export interface Parsed {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

export function usageError(command: string, message: string): CliError {
  return new CliError(`atelier ${command}: ${message}\nRun "atelier ${command} --help" for usage.`, EXIT_USAGE);
}

/** Parse `argv` against `options` (plus -h/--help); unknown options and missing values become usage errors. */
export function parseOptions(command: string, argv: readonly string[], options: OptionSpec): Parsed {
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
    return { values: values as Parsed['values'], positionals };
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    const name = /'([^']+)'/.exec(err.message)?.[1] ?? '';
    if (err.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw usageError(command, `unknown option ${name.split(' ')[0]}`);
    if (err.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      const flag = /--[\w-]+/.exec(name)?.[0] ?? name;
      const wanted = options[flag.replace(/^-+/, '')];
      throw usageError(command, wanted?.type === 'boolean' ? `option ${flag} takes no value` : `option ${flag} needs a value`);
    }
    throw usageError(command, err.message);
  }
}

/** A string option's value, or undefined. */
export function stringOption(parsed: Parsed, name: string): string | undefined {
  const v = parsed.values[name];
  return typeof v === 'string' ? v : undefined;
}
