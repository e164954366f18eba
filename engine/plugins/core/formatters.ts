/**
 * Core formatters: text, escaping, JSON, lookups and macros. Thin adapters
 * over the pure helpers beside this file; names are the dialect's.
 */
import { escapeAttr, escapeHtml } from '../../escape.js';
import { asNumber, asString, isObject, isTruthy, splitPath, walkPath } from '../../values.js';
import type { FormatterTable, RenderContext } from '../../plugin-contract.js';
import { parsedArgs } from '../parsed-args.js';
import { parseApplyArgs, type ApplyArgs } from './apply-args.js';
import { formatPattern } from './format-pattern.js';
import { jsonText } from './json-text.js';
import { slugify } from './slugify.js';
import { smartypants } from './smartypants.js';
import { stripTags } from './strip-tags.js';
import { parseLength, truncateText, TRUNCATE_DEFAULT_ELLIPSIS, TRUNCATE_DEFAULT_LENGTH } from './truncate.js';
import { urlEncode } from './url-encode.js';
import { ErrorCode } from '../../errors.js';

const WHITESPACE = /\s/g;

/** `apply` arguments, parsed once per instruction (see parsed-args.ts). */
const applyArgs = new WeakMap<readonly string[], ApplyArgs>();

export const CORE_FORMATTERS: FormatterTable = {
  apply: (value, args, ctx) => {
    if (args.length === 0) return '';
    const { isolated, args: named } = parsedArgs(applyArgs, args, parseApplyArgs);
    return ctx.applyPartial(args[0], value, isolated, named);
  },
  count: (value) => {
    if (isObject(value)) return Object.keys(value).length;
    return Array.isArray(value) || typeof value === 'string' ? value.length : 0;
  },
  // 1-based: `{@index|cycle a b}` gives a, b, a, ...
  cycle: (value, args) => {
    if (args.length === 0) return undefined;
    const i = (asNumber(value) - 1) % args.length;
    return args[i < 0 ? i + args.length : i];
  },
  // Known to the dialect but never implemented by the reference: the value passes through (f-missing-1).
  datetimefield: (value) => value,
  // The released formatter replaces every whitespace character, not only spaces.
  'encode-space': (value) => asString(value).replace(WHITESPACE, '&nbsp;'),
  // JavaScript's own functions: the apostrophe stays unescaped.
  'encode-uri': (value) => encodeURI(asString(value)),
  'encode-uri-component': (value) => encodeURIComponent(asString(value)),
  format: (value, args, ctx) => formatPattern(asString(value), args.map((ref) => asString(ctx.resolve(ref)))),
  get: (value, args, ctx) => getByKeys(value, args, ctx),
  html: (value) => escapeHtml(asString(value)),
  htmlattr: (value) => escapeAttr(asString(value)),
  htmltag: (value) => escapeAttr(asString(value)),
  iter: (_value, _args, ctx) => asString(ctx.resolve('@index')),
  json: (value) => jsonText(value),
  'json-pretty': (value) => jsonText(value, 2),
  'key-by': (value, args) => keyBy(value, args[0]),
  // The argument names a variable whose text is itself a reference to look up.
  // The reference is looked up in the value first, then in the scopes around the instruction.
  'line-breaks': (value) => asString(value).replaceAll('\n', '<br/>'),
  lookup: (value, args, ctx) => {
    if (!args[0]) return '';
    const ref = asString(ctx.resolve(args[0]));
    if (ref === '') return undefined;
    const found = walkPath(value, splitPath(ref));
    return found !== undefined ? found : ctx.resolve(ref);
  },
  // JavaScript `%` on the value's number (fractions kept, '' is NaN); a missing, malformed or zero divisor means 2.
  mod: (value, args) => {
    const divisor = args.length > 0 ? parseInt(args[0], 10) : NaN;
    return asNumber(value) % (divisor && Number.isFinite(divisor) ? divisor : 2);
  },
  output: (_value, args) => args.join(' '),
  pluralize: (value, args) => {
    const [singular, plural] = args.length === 0 ? ['', 's'] : args.length === 1 ? ['', args[0]] : [args[0], args[1]];
    return asNumber(value) === 1 ? singular : plural;
  },
  prop: (value, args) => {
    let current = value;
    for (const arg of args) {
      current = walkPath(current, splitPath(arg));
      if (current === undefined) break;
    }
    return current;
  },
  // JSON as is, except that `</` is written `<\/` so it cannot close a <script> element.
  raw: (value) => jsonText(value),
  round: (value) => Math.round(asNumber(value)),
  safe: (value) => (isTruthy(value) ? stripTags(asString(value)) : value),
  slugify: (value) => slugify(asString(value)),
  smartypants: (value) => smartypants(asString(value)),
  str: (value) => asString(value),
  truncate: (value, args, ctx) => {
    let length = TRUNCATE_DEFAULT_LENGTH;
    if (args.length > 0) {
      const parsed = parseLength(args[0]);
      if (parsed === null) {
        ctx.error(FORMATTER_ARGS, `truncate: bad value for length '${args[0]}'`);
        return value;
      }
      length = parsed;
    }
    // SPEC §9: default 100 characters with '...'.
    return truncateText(asString(value), length, args.length > 1 ? args[1] : TRUNCATE_DEFAULT_ELLIPSIS);
  },
  'url-encode': (value) => urlEncode(asString(value)),
};

/** Code of a runtime error for a formatter argument that cannot be used. */
export const FORMATTER_ARGS = ErrorCode.FORMATTER_ARGS;

/**
 * `get`: each argument is a reference whose value is a key (text or number) or
 * a whole path (a list of keys) to walk down from the current value.
 */
function getByKeys(value: unknown, refs: readonly string[], ctx: RenderContext): unknown {
  let current = value;
  for (const ref of refs) {
    const key = ctx.resolve(ref);
    if (key === undefined) return undefined;
    const path = Array.isArray(key) ? (key as (string | number)[]) : [typeof key === 'number' ? key : asString(key)];
    current = walkPath(current, path);
    if (current === undefined) return undefined;
  }
  return current;
}

/** `key-by`: an object of the list's items keyed by the value at `ref` in each. */
function keyBy(list: unknown, ref: string | undefined): Record<string, unknown> {
  // No prototype: a key such as `__proto__` from the data is an ordinary key.
  const out: Record<string, unknown> = Object.create(null);
  if (!Array.isArray(list) || !ref) return out;
  const path = splitPath(ref);
  for (const item of list) {
    const key = walkPath(item, path);
    if (key !== undefined) out[String(key)] = item;
  }
  return out;
}

