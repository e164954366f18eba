/**
 * Parsed formatter arguments, cached per argument array: the one scheme every
 * plugin domain uses for its option parsing (`parsedXArgs` beside each `parseXArgs`).
 * The engine freezes each instruction's argument array once at compile time (parsed
 * messages freeze theirs too) and passes that same array to every render, so a
 * frozen array is a safe key and its parse never changes. A cached parse is shared
 * by every render: it is frozen here (nested objects are frozen by their parser).
 * Unfrozen arrays (built per call) are parsed every time.
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
    if (typeof parsed === 'object' && parsed !== null) Object.freeze(parsed);
    cache.set(args, parsed);
  }
  return parsed;
}
