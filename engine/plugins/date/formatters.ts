/**
 * Date formatters: `date` (strftime patterns), `datetime`, `datetime-interval`,
 * `relative-time` and `timesince`. Locale data missing or a non-finite instant
 * gives '' (SPEC §5); `timesince` says 'Invalid date.' on bad input (SPEC §7).
 */
import type { Formatter, FormatterTable, RenderContext } from '../../plugin-contract.js';
import { formatDatetime, parsedDatetimeArgs } from './datetime.js';
import { toEpoch } from './instant.js';
import { formatInterval, parsedIntervalArgs } from './interval.js';
import { formatRelative, humanizeSince, parsedRelativeArgs } from './relative.js';
import { strftime } from './strftime.js';
import { ErrorCode } from '../../errors.js';
import { parsedArgs } from '../parsed-args.js';

/** Run an Intl-backed rendering; a locale or zone the platform rejects gives ''. */
function safely(ctx: RenderContext, name: string, render: () => string): string {
  try {
    return render();
  } catch (e) {
    ctx.error(ErrorCode.FORMATTER, `${name}: ${e instanceof Error ? e.message : String(e)}`);
    return '';
  }
}

const patterns = new WeakMap<readonly string[], string>();

/** The pattern was split on the author's delimiter (a space); put it back together, once per instruction. */
const joinPattern = (args: readonly string[]): string => args.join(' ');

const date: Formatter = (value, args, ctx) => {
  const epoch = toEpoch(value);
  const locale = ctx.locale;
  if (args.length === 0 || locale === null || !Number.isFinite(epoch)) return '';
  const pattern = parsedArgs(patterns, args, joinPattern);
  return safely(ctx, 'date', () => strftime(epoch, pattern, ctx.timeZone, locale));
};

const datetime: Formatter = (value, args, ctx) => {
  const epoch = toEpoch(value);
  const locale = ctx.locale;
  if (locale === null || !Number.isFinite(epoch)) return '';
  return safely(ctx, 'datetime', () => formatDatetime(epoch, parsedDatetimeArgs(args), locale, ctx.timeZone));
};

const datetimeInterval: Formatter = (value, args, ctx, vars) => {
  const start = toEpoch(value);
  const end = toEpoch(vars[1]);
  const locale = ctx.locale;
  if (locale === null || !Number.isFinite(start) || !Number.isFinite(end)) return '';
  return safely(ctx, 'datetime-interval', () => formatInterval(start, end, parsedIntervalArgs(args), locale, ctx.timeZone));
};

const relativeTime: Formatter = (value, args, ctx, vars) => {
  const locale = ctx.locale;
  // One variable is measured from now; two measure from the first to the second.
  const start = vars.length > 1 ? toEpoch(value) : ctx.now();
  const end = vars.length > 1 ? toEpoch(vars[1]) : toEpoch(value);
  if (locale === null || !Number.isFinite(start) || !Number.isFinite(end)) return '';
  return safely(ctx, 'relative-time', () => formatRelative(start, end, parsedRelativeArgs(args), locale));
};

const timesince: Formatter = (value, _args, ctx) => {
  // SPEC §5: 'Invalid date.' when the value is not a number.
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'Invalid date.';
  return `<span class="timesince" data-date="${value}">${humanizeSince(ctx.now() - value)}</span>`;
};

export const DATE_FORMATTERS: FormatterTable = {
  date,
  datetime,
  'datetime-interval': datetimeInterval,
  'relative-time': relativeTime,
  timesince,
};
