/**
 * i18n formatters: `decimal`, `message` (and its legacy name `plural`) and
 * `unit` with its per-category names. Locale data missing (locale null) or a
 * non-finite value gives '' (SPEC §5).
 */
import type { Formatter, FormatterTable, RenderContext } from '../../plugin-contract.js';
import { decimalText } from './decimal.js';
import { MESSAGE_FORMATTERS } from './message-formatters.js';
import { formatMessage } from './message.js';
import { resolveArg } from './scope-args.js';
import { parsedArgs } from '../parsed-args.js';
import { UNIT_CATEGORY_FORMATTERS, unitFormatter } from './unit-formatters.js';
import { ErrorCode } from '../../errors.js';

/** Intl throws on a locale or option it rejects; that is missing locale data, so ''. */
export function safely(ctx: RenderContext, name: string, render: () => string): string {
  try {
    return render();
  } catch (e) {
    ctx.error(ErrorCode.FORMATTER, `${name}: ${e instanceof Error ? e.message : String(e)}`);
    return '';
  }
}

const decimal: Formatter = (value, args, ctx) => {
  const locale = ctx.locale;
  if (locale === null) return '';
  return safely(ctx, 'decimal', () => decimalText(value, args, locale));
};

interface MessageArg {
  readonly name?: string;
  readonly ref: string;
}

/** `key:path` / `key=path` split once per argument array (parsed-args.ts), not per render. */
function splitMessageArgs(args: readonly string[]): readonly MessageArg[] {
  return args.map((arg) => {
    const i = arg.search(/[:=]/);
    return Object.freeze(i === -1 ? { ref: arg } : { name: arg.slice(0, i), ref: arg.slice(i + 1) });
  });
}

const messageArgs = new WeakMap<readonly string[], readonly MessageArg[]>();

/**
 * Arguments name variables (`name`, `@index`, `person.name`); `key=path` or
 * `key:path` also binds `{key}`. Every argument is positional too.
 */
const message: Formatter = (value, args, ctx) => {
  const locale = ctx.locale;
  if (locale === null) return '';
  const positional: unknown[] = [];
  const named: Record<string, unknown> = {};
  for (const { name, ref } of parsedArgs(messageArgs, args, splitMessageArgs)) {
    const v = resolveArg(ctx, value, ref);
    if (name !== undefined) named[name] = v;
    positional.push(v);
  }
  const source = typeof value === 'string' ? value : '';
  const env = { locale, timeZone: ctx.timeZone, formatters: MESSAGE_FORMATTERS };
  return safely(ctx, 'message', () => formatMessage(source, { positional, named }, env));
};

export const I18N_FORMATTERS: FormatterTable = {
  decimal,
  message,
  plural: message,
  unit: unitFormatter,
  ...UNIT_CATEGORY_FORMATTERS,
};

