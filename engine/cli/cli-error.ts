/**
 * Failures the CLI reports as one message line instead of a stack trace.
 * Exit codes: 1 for failures (template errors, failing fixtures, unreadable
 * input), 2 for usage mistakes (unknown option, missing argument).
 */
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT_FAILURE,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** Where a command writes; the real CLI uses the process streams. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
}

export const processIo: Io = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
};
