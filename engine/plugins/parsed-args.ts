/**
 * Parsed formatter arguments, cached per argument array. The engine freezes each
 * instruction's argument array once at compile time and passes that same array to
 * every render, so a frozen array is a safe key and its parse never changes.
 * Unfrozen arrays (built per call, e.g. by message arguments) are parsed every time.
 */
export function parsedArgs<T>(
  cache: WeakMap<readonly string[], T>,
  args: readonly string[],
  parse: (args: readonly string[]) => T,
): T {
  if (!Object.isFrozen(args)) return parse(args);
  let parsed = cache.get(args);
  if (parsed === undefined) {
    parsed = parse(args);
    cache.set(args, parsed);
  }
  return parsed;
}
