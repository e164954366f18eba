/**
 * The formatters a message placeholder can name: `{0 decimal style:short}`,
 * `{0 money}`, `{0 datetime full}`, `{0;1 datetime-interval yMMMd}`, `{0 unit in:byte}`.
 */
import { formatDatetime, parsedDatetimeArgs } from '../date/datetime.js';
import { toEpoch } from '../date/instant.js';
import { formatInterval, parsedIntervalArgs } from '../date/interval.js';
import { formatCurrency, moneyParts } from './currency.js';
import { decimalText } from './decimal.js';
import type { MessageEnv } from './message.js';
import { unitText } from './unit-formatters.js';

type ArgFormatter = MessageEnv['formatters'][string];

const decimal: ArgFormatter = ([v], options, env) => decimalText(v, options, env.locale);

const money: ArgFormatter = ([v], options, env) => {
  const m = moneyParts(v);
  return m ? formatCurrency(m.amount, m.currency, options, env.locale) : '';
};

const datetime: ArgFormatter = ([v], options, env) => {
  const t = toEpoch(v);
  return Number.isFinite(t) ? formatDatetime(t, parsedDatetimeArgs(options), env.locale, env.timeZone) : '';
};

const interval: ArgFormatter = ([a, b], options, env) => {
  const s = toEpoch(a);
  const e = toEpoch(b);
  if (!Number.isFinite(s) || !Number.isFinite(e)) return '';
  return formatInterval(s, e, parsedIntervalArgs(options), env.locale, env.timeZone);
};

const unit: ArgFormatter = ([v], options, env) => unitText(v, options, env.locale);

export const MESSAGE_FORMATTERS: MessageEnv['formatters'] = {
  decimal,
  number: decimal,
  money,
  currency: money,
  datetime,
  'datetime-interval': interval,
  unit,
};
