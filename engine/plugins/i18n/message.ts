/**
 * Evaluation of parsed messages against positional and named arguments.
 * Argument formatters (`decimal`, `money`, `datetime`, `unit`, ...) come from
 * the table in message-formatters.ts.
 */
import type Decimal from 'decimal.js';
import { asString } from '../../values.js';
import { parseDecimal } from './decimal-options.js';
import { parseMessage, type Choice, type MessagePart } from './message-parse.js';
import { memo, pluralRules } from '../intl.js';

export interface MessageEnv {
  readonly locale: string;
  readonly timeZone: string;
  /** `{0 name options}` formatters; they get every argument of the placeholder. */
  readonly formatters: Readonly<Record<string, (values: unknown[], options: readonly string[], env: MessageEnv) => string>>;
}

export interface MessageArgs {
  readonly positional: readonly unknown[];
  readonly named: Readonly<Record<string, unknown>>;
}

/** `/^\d+$/` without a regular expression run per placeholder. */
function isIndex(name: string): boolean {
  if (name.length === 0) return false;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

function lookup(name: string, args: MessageArgs): unknown {
  if (isIndex(name)) return args.positional[Number(name)];
  return Object.prototype.hasOwnProperty.call(args.named, name) ? args.named[name] : undefined;
}

const ruleSets = new Map<string, Intl.PluralRules>();

/** Plural category of a value, counting the visible fraction digits ("1.0" is not "1" in English). */
function categoryOf(value: unknown, type: 'cardinal' | 'ordinal', locale: string): string {
  const d = parseDecimal(value);
  if (!d) return 'other';
  const text = typeof value === 'string' ? value.trim() : d.toFixed();
  const dot = text.indexOf('.');
  const fraction = dot === -1 ? 0 : Math.min(text.length - dot - 1, 20);
  const rules = memo(ruleSets, `${locale}|${type}|${fraction}`, () =>
    pluralRules(locale, { type, minimumFractionDigits: fraction, maximumFractionDigits: fraction }),
  );
  return rules.select(d.toFixed() as unknown as number);
}

/**
 * Categories per locale, type and value: a pure function of the three, and messages
 * show the same counts on every render. Each table is bounded (cleared when full).
 */
const MAX_CATEGORIES = 256;
type CategoryTables = Record<'cardinal' | 'ordinal', Map<string | number, string>>;
const categories = new Map<string, CategoryTables>();

function category(value: unknown, type: 'cardinal' | 'ordinal', locale: string): string {
  // Map keys compare -0 equal to 0; other values are not keys.
  if ((typeof value !== 'string' && typeof value !== 'number') || Object.is(value, -0)) return categoryOf(value, type, locale);
  const table = memo(categories, locale, (): CategoryTables => ({ cardinal: new Map(), ordinal: new Map() }))[type];
  let c = table.get(value);
  if (c === undefined) {
    c = categoryOf(value, type, locale);
    if (table.size >= MAX_CATEGORIES) table.clear();
    table.set(value, c);
  }
  return c;
}

const exactValues = new Map<string, Decimal | null>();

const isExactKey = (c: Choice) => c.key.startsWith('=');

/** The number of an `=N` choice key; parsed once, as messages repeat on every render. */
function exactValue(key: string): Decimal | null {
  return memo(exactValues, key, () => parseDecimal(key.slice(1)) ?? null);
}

function choose(choices: Choice[], value: unknown, type: 'plural' | 'selectordinal' | 'select', locale: string): Choice | undefined {
  if (type === 'select') {
    const key = asString(value);
    return choices.find((c) => c.key === key) ?? choices.find((c) => c.key === 'other');
  }
  // Most choices have no `=N` key: then the value is not parsed here at all.
  const d = choices.some(isExactKey) ? parseDecimal(value) : undefined;
  if (d) {
    const exact = choices.find((c) => isExactKey(c) && exactValue(c.key)?.equals(d));
    if (exact) return exact;
  }
  const cat = category(value, type === 'plural' ? 'cardinal' : 'ordinal', locale);
  return choices.find((c) => c.key === cat) ?? choices.find((c) => c.key === 'other');
}

function render(parts: readonly MessagePart[], args: MessageArgs, env: MessageEnv, hash: unknown): string {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') {
      out += part;
    } else if (part.kind === 'hash') {
      out += asString(hash);
    } else if (part.kind === 'choice') {
      const value = lookup(part.names[0] ?? '', args);
      const picked = choose(part.choices, value, part.type, env.locale);
      if (picked) out += render(picked.body, args, env, value);
    } else {
      const values = part.names.map((n) => lookup(n, args));
      const fmt = part.formatter ? env.formatters[part.formatter] : undefined;
      out += fmt ? fmt(values, part.options, env) : asString(values[0]);
    }
  }
  return out;
}

/**
 * Format `source` with the arguments.
 * @example formatMessage('{0} has {1 plural one{# item} other{# items}}', { positional: ['Cart', 2], named: {} }, env) === 'Cart has 2 items'
 */
export function formatMessage(source: string, args: MessageArgs, env: MessageEnv): string {
  return render(parseMessage(source), args, env, undefined);
}
