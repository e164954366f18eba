export interface ApplyArgs {
  readonly isolated: boolean;
  readonly args?: Readonly<Record<string, string>>;
}

const NOT_ISOLATED: ApplyArgs = Object.freeze({ isolated: false });

/**
 * Arguments of `{value|apply name ...}` after the name: `private` isolates the
 * macro's name lookup, and `key=value` pairs become the `@args` object the
 * macro sees. Anything else is ignored. `@args` exists only when some argument
 * follows the name (then possibly as `{}`), so `{.if @args}` can tell.
 *
 * The result is frozen: one parse is shared by every call of the instruction.
 *
 * @example parseApplyArgs(['m', 'cls=foo', 'private']) // { isolated: true, args: { cls: 'foo' } }
 */
export function parseApplyArgs(args: readonly string[]): ApplyArgs {
  if (args.length < 2) return NOT_ISOLATED;
  let isolated = false;
  const named: Record<string, string> = {};
  for (let i = 1; i < args.length; i++) {
    const arg = args[i];
    if (arg === 'private') {
      isolated = true;
      continue;
    }
    const eq = arg.indexOf('=');
    if (eq !== -1) named[arg.slice(0, eq)] = arg.slice(eq + 1);
  }
  return Object.freeze({ isolated, args: Object.freeze(named) });
}
