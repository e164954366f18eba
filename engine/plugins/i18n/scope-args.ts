/**
 * Formatter arguments that name variables (`{msg|message @index @ name=person.name}`)
 * are resolved in the scope around the instruction, so `@` is the current item.
 */
import type { RenderContext } from '../../plugin-contract.js';

/**
 * Resolve one argument reference.
 * @example resolveArg(ctx, msg, 'person.name')
 */
export function resolveArg(ctx: RenderContext, _formatted: unknown, ref: string): unknown {
  return ctx.resolve(ref);
}
