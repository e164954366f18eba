/** `atelier reference`: the formatter and predicate reference as Markdown (reference.ts). */
import type { Io } from './cli-error.js';
import { parseOptions, usageError } from './options.js';
import { generateReference } from './reference.js';

export function referenceCommand(argv: readonly string[], io: Io): number {
  const parsed = parseOptions('reference', argv, {});
  if (parsed.values.help) {
    io.out('Usage: atelier reference\n\nPrint the reference of every formatter and predicate (Markdown), as in\ndocs/template-reference.md.\n');
    return 0;
  }
  if (parsed.positionals.length > 0) throw usageError('reference', 'takes no arguments');
  io.out(generateReference());
  return 0;
}
