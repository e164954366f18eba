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

/**
 * Each text after a NUL: one string per distinct text list ([] is '', [''] is
 * '\0'), as long as no text holds a NUL itself (then undefined, and the parse is
 * not shared: ['a\0', 'b'] and ['a', '\0b'] would read alike). Cheaper than JSON,
 * which escapes and quotes every text.
 */
function textKey(args: readonly string[]): string | undefined {
  let key = '';
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg.includes('\0')) return undefined;
    key += '\0' + arg;
  }
  return key;
}

/** Distinct argument texts kept per domain before its table is cleared. */
export const MAX_SHARED_PARSES = 1024;

/**
 * parsedArgs across instructions: a parse that depends on nothing but the argument
 * texts is kept by those texts, so a newly compiled template whose instruction reads
 * `unit in:inch out:foot` gets the very object an earlier template got. Caches keyed
 * by that object (Intl formatters per option set, unit orderings) then serve the new
 * template with one lookup instead of rebuilding their keys. Only for parsers that
 * read nothing else (no locale, clock or scope) and whose result is deeply frozen:
 * the shared object is immutable. No table per argument array: the text key costs
 * less than a WeakMap entry, and callers reach this only when their result cache
 * misses. `byText` is bounded (cleared when full; objects still held stay valid);
 * unfrozen arrays and texts holding a NUL are parsed every time.
 * @example sharedParsedArgs(unitArgsByText, Object.freeze(['in:inch']), parseShared)
 */
export function sharedParsedArgs<T>(byText: Map<string, T>, args: readonly string[], parse: (args: readonly string[]) => T): T {
  const key = Object.isFrozen(args) ? textKey(args) : undefined;
  if (key === undefined) return parse(args);
  let parsed = byText.get(key);
  if (parsed === undefined) {
    parsed = parse(args);
    if (typeof parsed === 'object' && parsed !== null) Object.freeze(parsed);
    if (byText.size >= MAX_SHARED_PARSES) byText.clear();
    byText.set(key, parsed);
  }
  return parsed;
}
