/**
 * The template-language reference for authors (docs/template-reference.md), generated
 * from the engine's plugin tables so that no formatter or predicate can be missing from
 * it: `atelier reference > docs/template-reference.md`. Entries below give arguments, a
 * description and an example whose output engine/cli/reference.test.ts renders and compares.
 */
import { CORE_FORMATTERS } from '../plugins/core/formatters.js';
import { CORE_PREDICATES } from '../plugins/core/predicates.js';
import { CONTENT_FORMATTERS } from '../plugins/content/formatters.js';
import { CONTENT_PREDICATES } from '../plugins/content/predicates.js';
import { COMMERCE_FORMATTERS } from '../plugins/commerce/formatters.js';
import { COMMERCE_PREDICATES } from '../plugins/commerce/predicates.js';
import { DATE_FORMATTERS } from '../plugins/date/formatters.js';
import { DATE_PREDICATES } from '../plugins/date/predicates.js';
import { I18N_FORMATTERS } from '../plugins/i18n/formatters.js';
import { I18N_PREDICATES } from '../plugins/i18n/predicates.js';
import { SOCIAL_FORMATTERS } from '../plugins/social/formatters.js';
import { SOCIAL_PREDICATES } from '../plugins/social/predicates.js';
import { GALLERY_FORMATTERS } from '../plugins/gallery/formatters.js';
import { GALLERY_PREDICATES } from '../plugins/gallery/predicates.js';

export interface ReferenceEntry {
  /** How it is called, e.g. `{value|truncate length [ellipsis]}`. */
  usage: string;
  description: string;
  example: { template: string; data: unknown; output: string };
}

/** The plugin tables by domain, in the order the reference lists them. */
export const DOMAINS = [
  { name: 'core', formatters: CORE_FORMATTERS, predicates: CORE_PREDICATES },
  { name: 'content', formatters: CONTENT_FORMATTERS, predicates: CONTENT_PREDICATES },
  { name: 'commerce', formatters: COMMERCE_FORMATTERS, predicates: COMMERCE_PREDICATES },
  { name: 'date', formatters: DATE_FORMATTERS, predicates: DATE_PREDICATES },
  { name: 'i18n', formatters: I18N_FORMATTERS, predicates: I18N_PREDICATES },
  { name: 'social', formatters: SOCIAL_FORMATTERS, predicates: SOCIAL_PREDICATES },
  { name: 'gallery', formatters: GALLERY_FORMATTERS, predicates: GALLERY_PREDICATES },
] as const;

const ex = (template: string, data: unknown, output: string) => ({ template, data, output });

/** Documented formatters (key: name). Names of the tables without an entry are listed as undocumented. */
export const FORMATTER_DOCS: Readonly<Record<string, ReferenceEntry>> = {
  apply: { usage: '{value|apply partial [private] [key=value ...]}', description: 'Renders a partial (or a macro) with the value as its data; `private` stops name lookup at the partial, `key=value` pairs become `@args`.', example: ex('{.macro hi}Hi {name}!{.end}{user|apply hi}', { user: { name: 'Ada' } }, 'Hi Ada!') },
  count: { usage: '{value|count}', description: 'The number of elements of a list, keys of an object or characters of a text; 0 otherwise.', example: ex('{tags|count}', { tags: ['a', 'b', 'c'] }, '3') },
  cycle: { usage: '{@index|cycle a b ...}', description: 'The argument at the 1-based position given by the value, cycling.', example: ex('{.repeated section items}{@index|cycle odd even} {.end}', { items: [1, 2, 3] }, 'odd even odd ') },
  datetimefield: { usage: '{value|datetimefield}', description: 'Known to the dialect, never implemented: the value passes through.', example: ex('{v|datetimefield}', { v: 'x' }, 'x') },
  'encode-space': { usage: '{value|encode-space}', description: 'Every whitespace character becomes `&nbsp;`.', example: ex('{v|encode-space}', { v: 'a b' }, 'a&nbsp;b') },
  'encode-uri': { usage: '{value|encode-uri}', description: "JavaScript's `encodeURI`.", example: ex('{v|encode-uri}', { v: '/a b?x=ü' }, '/a%20b?x=%C3%BC') },
  'encode-uri-component': { usage: '{value|encode-uri-component}', description: "JavaScript's `encodeURIComponent`.", example: ex('{v|encode-uri-component}', { v: 'a b&c' }, 'a%20b%26c') },
  format: { usage: '{pattern|format ref ...}', description: 'Replaces `{0}`, `{1}` ... in the value with the values of the references.', example: ex('{p|format n}', { p: 'Only {0} left', n: 3 }, 'Only 3 left') },
  get: { usage: '{value|get ref ...}', description: 'Walks down the value by the keys (or key lists) the references hold.', example: ex('{prices|get size}', { prices: { M: 20 }, size: 'M' }, '20') },
  html: { usage: '{value|html}', description: 'Escapes `&`, `<` and `>` for HTML text.', example: ex('{v|html}', { v: '<b>&</b>' }, '&lt;b&gt;&amp;&lt;/b&gt;') },
  htmlattr: { usage: '{value|htmlattr}', description: 'Escapes for a quoted HTML attribute value (quotes too).', example: ex('<a title="{v|htmlattr}">', { v: 'say "hi"' }, '<a title="say &quot;hi&quot;">') },
  htmltag: { usage: '{value|htmltag}', description: 'Same as `htmlattr`.', example: ex('{v|htmltag}', { v: '"x"' }, '&quot;x&quot;') },
  iter: { usage: '{value|iter}', description: 'The 1-based position in the repeated section.', example: ex('{.repeated section items}{@|iter}{.end}', { items: ['a', 'b'] }, '12') },
  json: { usage: '{value|json}', description: 'The value as JSON (`</` written `<\\/`).', example: ex('{v|json}', { v: { a: [1, 'x'] } }, '{"a":[1,"x"]}') },
  'json-pretty': { usage: '{value|json-pretty}', description: 'The value as JSON indented by two spaces.', example: ex('{v|json-pretty}', { v: { a: 1 } }, '{\n  "a": 1\n}') },
  'key-by': { usage: '{list|key-by path}', description: "An object of the list's elements keyed by the value at `path` in each.", example: ex('{.var @byId v|key-by id}{@byId.b.n}', { v: [{ id: 'a', n: 1 }, { id: 'b', n: 2 }] }, '2') },
  'line-breaks': { usage: '{value|line-breaks}', description: 'Newlines become `<br/>`.', example: ex('{v|line-breaks}', { v: 'a\nb' }, 'a<br/>b') },
  lookup: { usage: '{value|lookup ref}', description: 'Looks up the path held by `ref` in the value, else in the scopes around.', example: ex('{labels|lookup key}', { labels: { red: 'Red' }, key: 'red' }, 'Red') },
  mod: { usage: '{value|mod [n]}', description: 'The remainder of the value divided by n (2 when n is missing or 0).', example: ex('{v|mod 3}', { v: 7 }, '1') },
  output: { usage: '{value|output text ...}', description: 'The arguments joined by spaces, whatever the value.', example: ex('{v|output hello world}', { v: 1 }, 'hello world') },
  pluralize: { usage: '{n|pluralize [singular] [plural]}', description: 'The singular suffix when the value is 1, else the plural one (default "" and "s").', example: ex('{n} item{n|pluralize}', { n: 2 }, '2 items') },
  prop: { usage: '{value|prop path ...}', description: 'Walks down the value by the literal paths.', example: ex('{v|prop a.b}', { v: { a: { b: 'x' } } }, 'x') },
  raw: { usage: '{value|raw}', description: 'The value as JSON, like `json`.', example: ex('{v|raw}', { v: [1, 2] }, '[1,2]') },
  round: { usage: '{value|round}', description: 'The value rounded to the nearest integer.', example: ex('{v|round}', { v: 2.5 }, '3') },
  safe: { usage: '{value|safe}', description: 'HTML tags stripped from the value.', example: ex('{v|safe}', { v: '<p>Hi <b>there</b></p>' }, 'Hi there') },
  slugify: { usage: '{value|slugify}', description: 'A URL slug of the value.', example: ex('{v|slugify}', { v: 'Linen Apron, Sand' }, 'linen-apron-sand') },
  smartypants: { usage: '{value|smartypants}', description: 'Straight quotes, apostrophes and `--` made typographic.', example: ex('{v|smartypants}', { v: '"Hi" -- it\'s' }, '“Hi” — it’s') },
  str: { usage: '{value|str}', description: 'The value as text.', example: ex('{v|str}', { v: 12 }, '12') },
  truncate: { usage: '{value|truncate [length] [ellipsis]}', description: 'Cut to `length` characters (default 100) at a word boundary, ending with the ellipsis (default "...").', example: ex('{v|truncate 10}', { v: 'The quick brown fox' }, 'The quick ...') },
  date: { usage: '{epoch|date pattern}', description: "The instant (epoch ms) in the site's time zone by a strftime pattern (`%B` month name, `%d` day, `%Y` year, ...); '' without locale data.", example: ex('{t|date %B %d, %Y}', { t: Date.UTC(2026, 5, 1, 16) }, 'June 01, 2026') },
  timesince: { usage: '{epoch|timesince}', description: "How long ago, in a `<span class=\"timesince\">` carrying the instant; 'Invalid date.' when the value is not a date.", example: ex('{t|timesince}', { t: 'soon' }, 'Invalid date.') },
  'comment-count': { usage: '{item|comment-count}', description: "'No Comments', '1 Comment' or 'N Comments' from the item's `publicCommentCount`.", example: ex('{item|comment-count}', { item: { publicCommentCount: 1 } }, '1 Comment') },
  capitalize: { usage: '{value|capitalize}', description: 'The value in upper case.', example: ex('{v|capitalize}', { v: 'new in' }, 'NEW IN') },
  humanizeDuration: { usage: '{ms|humanizeDuration}', description: 'A duration in milliseconds as `m:ss`.', example: ex('{v|humanizeDuration}', { v: 125000 }, '2:05') },
  'money-format': { usage: '{cents|money-format}', description: 'An amount in minor units (cents) as a decimal with two fraction digits, no currency sign.', example: ex('{v|money-format}', { v: 1250 }, '12.50') },
  money: { usage: '{money|money}', description: "A money object (`{ currency, value }`) with its currency sign, in the site's locale.", example: ex('{v|money}', { v: { currency: 'USD', value: '12.50' } }, '$12.50') },
  decimal: { usage: '{number|decimal}', description: "The number with the site locale's grouping and decimal separator.", example: ex('{v|decimal}', { v: 1234.5 }, '1,234.5') },
  datetime: { usage: '{epoch|datetime}', description: "The instant (epoch ms) as a long date in the site's time zone and locale.", example: ex('{v|datetime}', { v: Date.UTC(2026, 0, 1, 12) }, 'January 1, 2026') },
  'url-encode': { usage: '{value|url-encode}', description: 'Encoded for a URL query value.', example: ex('{v|url-encode}', { v: 'a b&c' }, 'a%20b%26c') },
};

/** Documented predicates (`{.name? args}...{.or}...{.end}`). */
export const PREDICATE_DOCS: Readonly<Record<string, ReferenceEntry>> = {
  'debug?': { usage: '{.debug?}', description: 'True when the data has a truthy `debug`.', example: ex('{.debug?}on{.or}off{.end}', { debug: true }, 'on') },
  'equal?': { usage: '{.equal? a [b]}', description: 'The two operands are equal (one operand: compared with the scope). Operands are JSON literals or references.', example: ex('{.equal? kind "shop"}yes{.or}no{.end}', { kind: 'shop' }, 'yes') },
  'notEqual?': { usage: '{.notEqual? a [b]}', description: 'The operands differ.', example: ex('{.notEqual? n 2}yes{.or}no{.end}', { n: 3 }, 'yes') },
  'greaterThan?': { usage: '{.greaterThan? a [b]}', description: 'a > b.', example: ex('{.greaterThan? n 2}yes{.or}no{.end}', { n: 3 }, 'yes') },
  'greaterThanOrEqual?': { usage: '{.greaterThanOrEqual? a [b]}', description: 'a ≥ b.', example: ex('{.greaterThanOrEqual? n 3}yes{.or}no{.end}', { n: 3 }, 'yes') },
  'lessThan?': { usage: '{.lessThan? a [b]}', description: 'a < b.', example: ex('{.lessThan? n 3}yes{.or}no{.end}', { n: 3 }, 'no') },
  'lessThanOrEqual?': { usage: '{.lessThanOrEqual? a [b]}', description: 'a ≤ b.', example: ex('{.lessThanOrEqual? n 3}yes{.or}no{.end}', { n: 3 }, 'yes') },
  'even?': { usage: '{.even? [value]}', description: 'The integer (the argument, else the scope) is even.', example: ex('{.repeated section items}{.even? @index}e{.or}o{.end}{.end}', { items: [1, 2, 3] }, 'oeo') },
  'odd?': { usage: '{.odd? [value]}', description: 'The integer (the argument, else the scope) is odd.', example: ex('{.odd? n}odd{.end}', { n: -5 }, 'odd') },
  'nth?': { usage: '{.nth? [value] n}', description: 'The integer (the first argument, else the scope) is a multiple of n (non-zero integers only).', example: ex('{.repeated section items}{.nth? @index 2}|{.end}{@}{.end}', { items: ['a', 'b', 'c', 'd'] }, 'a|bc|d') },
  'has-variants?': { usage: '{.section item}{.has-variants?}...{.end}{.end}', description: 'The product (scope) has more than one variant.', example: ex('{.section item}{.has-variants?}choose{.or}one{.end}{.end}', { item: { structuredContent: { variants: [{}, {}] } } }, 'choose') },
  'sold-out?': { usage: '{.section item}{.sold-out?}...{.end}{.end}', description: 'No variant of the product (scope) is in stock or unlimited.', example: ex('{.section item}{.sold-out?}gone{.or}here{.end}{.end}', { item: { structuredContent: { variants: [{ qtyInStock: 0, unlimited: false }] } } }, 'gone') },
  'excerpt?': { usage: '{.excerpt?}...{.end}', description: "The scope's `excerpt` has text once tags and whitespace are stripped.", example: ex('{.excerpt?}yes{.or}no{.end}', { excerpt: '<p> </p>' }, 'no') },
  'same-day?': { usage: '{.same-day? a b}', description: "The two instants fall on the same day in the site's time zone.", example: ex('{.same-day? start end}one day{.or}several{.end}', { start: Date.UTC(2026, 1, 1, 14), end: Date.UTC(2026, 1, 1, 20) }, 'one day') },
  'collection?': { usage: '{.collection?}...{.end}', description: 'The scope has a `collection` (pages of a collection and its items).', example: ex('{.collection?}in {collection.title}{.or}none{.end}', { collection: { title: 'Shop' } }, 'in Shop') },
  'plural?': { usage: '{.section n}{.plural?}...{.end}{.end}', description: 'The scope is a number above 1.', example: ex('{.section n}{.plural?}many{.or}one{.end}{.end}', { n: 2 }, 'many') },
  'singular?': { usage: '{.section n}{.singular?}...{.end}{.end}', description: 'The scope is the number 1.', example: ex('{.section n}{.singular?}one{.or}many{.end}{.end}', { n: 1 }, 'one') },
};

function code(text: string): string {
  const ticks = text.includes('`') ? '``' : '`';
  return `${ticks}${ticks.length > 1 ? ' ' : ''}${text.replaceAll('|', '\\|').replaceAll('\n', '\\n')}${ticks.length > 1 ? ' ' : ''}${ticks}`;
}

function section(kind: 'Formatters' | 'Predicates', names: readonly string[], docs: Readonly<Record<string, ReferenceEntry>>): string[] {
  const documented = names.filter((n) => docs[n]);
  const rest = names.filter((n) => !docs[n]);
  const out: string[] = [];
  if (documented.length > 0) {
    out.push(`#### ${kind}`, '', '| name | usage | what it does | example | data | output |', '| --- | --- | --- | --- | --- | --- |');
    for (const n of documented) {
      const d = docs[n]!;
      out.push(`| \`${n}\` | ${code(d.usage)} | ${d.description.replaceAll('|', '\\|')} | ${code(d.example.template)} | ${code(JSON.stringify(d.example.data))} | ${code(d.example.output)} |`);
    }
    out.push('');
  }
  if (rest.length > 0) out.push(`${kind} without an entry yet: ${rest.map((n) => `\`${n}\``).join(', ')}.`, '');
  return out;
}

/** The reference as Markdown (docs/template-reference.md). */
export function generateReference(): string {
  const lines = [
    '# Template language reference (generated)',
    '',
    'Generated by `npx atelier reference > docs/template-reference.md` from the engine\'s plugin',
    'tables (`engine/plugins/<domain>`), so every formatter and predicate the engine knows is',
    'listed; the entries come from `engine/cli/reference.ts`, and `engine/cli/reference.test.ts`',
    'renders every example and fails when its output differs from the one shown here, or when',
    'this file is not what the generator writes. An unknown formatter or predicate is a compile',
    'error (`atelier check`, `atelier lint`).',
    '',
  ];
  for (const d of DOMAINS) {
    lines.push(`## ${d.name}`, '');
    lines.push(...section('Formatters', Object.keys(d.formatters), FORMATTER_DOCS));
    lines.push(...section('Predicates', Object.keys(d.predicates), PREDICATE_DOCS));
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
