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

import { MARKUP_FORMATTER_DOCS } from './reference-markup.js';
import { TABLE_PREDICATE_DOCS, type ReferenceEntry } from './reference-tables.js';

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
  moneyFormat: { usage: '{cents|moneyFormat}', description: 'Legacy name of `money-format`: minor units as a decimal with two fraction digits; \'\' when not a number.', example: ex('{v|moneyFormat}', { v: 1250 }, '12.50') },
  'money-string': { usage: '{cents|money-string}', description: 'Legacy: minor units as the amount inside the native money span.', example: ex('{v|money-string}', { v: 1250 }, '<span class="sqs-money-native">12.50</span>') },
  'bookkeeper-money-format': { usage: '{cents|bookkeeper-money-format}', description: "Minor units in the currency of the site locale's region, with its sign.", example: ex('{v|bookkeeper-money-format}', { v: 12345 }, '$123.45') },
  'i18n-money-format': { usage: '{money|i18n-money-format locale}', description: "Legacy: a `{ decimalValue, currencyCode }` in the old money design for the locale given as argument; '' for an unknown currency or locale.", example: ex('{v|i18n-money-format en-US}', { v: { decimalValue: '12.50', currencyCode: 'EUR' } }, '€12.50') },
  'percentage-format': { usage: '{number|percentage-format [trim]}', description: 'A percentage figure (no sign) with 2 to 3 fraction digits, 0 to 3 with `trim`; unreadable input is 0.', example: ex('{v|percentage-format}', { v: 12.5 }, '12.50') },
  'variant-descriptor': { usage: '{variant|variant-descriptor}', description: "A variant's option values joined by ` / `.", example: ex('{v|variant-descriptor}', { v: { optionValues: [{ value: 'M' }, { value: 'Sand' }] } }, 'M / Sand') },
  'cart-quantity': { usage: '{cart|cart-quantity}', description: "The sum of the cart entries' quantities in a `sqs-cart-quantity` span.", example: ex('{cart|cart-quantity}', { cart: { entries: [{ quantity: 2 }, { quantity: 1 }] } }, '<span class="sqs-cart-quantity">3</span>') },
  'cart-url': { usage: '{value|cart-url}', description: "The cart page's path, whatever the value.", example: ex('{cart|cart-url}', { cart: {} }, '/cart') },
  'cart-subtotal': { usage: '{value|cart-subtotal}', description: 'Retired: kept so old templates compile, it writes a notice. Use `cart.subtotalMoney|money`.', example: ex('{cart|cart-subtotal}', { cart: {} }, 'deprecated, do not use') },
  width: { usage: '{originalSize|width}', description: "The width of a `WIDTHxHEIGHT` size; SPEC §5's message when the size is malformed.", example: ex('{v|width}', { v: '1200x800' }, '1200') },
  height: { usage: '{originalSize|height}', description: "The height of a `WIDTHxHEIGHT` size; SPEC §5's message when the size is malformed.", example: ex('{v|height}', { v: 'big' }, "Invalid source parameter. Pass in 'originalSize'") },
  resizedHeightForWidth: { usage: '{originalSize|resizedHeightForWidth width}', description: 'The height the image has at the given width, keeping its aspect ratio.', example: ex('{v|resizedHeightForWidth 600}', { v: '1200x800' }, '400') },
  resizedWidthForHeight: { usage: '{originalSize|resizedWidthForHeight height}', description: 'The width the image has at the given height, keeping its aspect ratio.', example: ex('{v|resizedWidthForHeight 400}', { v: '1200x800' }, '600') },
  squarespaceThumbnailForWidth: { usage: '{value|squarespaceThumbnailForWidth width}', description: 'The name of the stored image variant (`100w` ... `1500w`) to use for a display width.', example: ex('{v|squarespaceThumbnailForWidth 600}', { v: 1 }, '750w') },
  squarespaceThumbnailForHeight: { usage: '{originalSize|squarespaceThumbnailForHeight height}', description: 'The stored image variant for the width the image has at the given height.', example: ex('{v|squarespaceThumbnailForHeight 400}', { v: '1200x800' }, '750w') },
  AbsUrl: { usage: '{path|AbsUrl}', description: 'The value after the `base-url` found in the scopes and a slash.', example: ex('{v|AbsUrl}', { v: 'shop', 'base-url': 'https://example.com' }, 'https://example.com/shop') },
  'color-weight': { usage: '{colour|color-weight}', description: '`light` or `dark`: whether text on the colour should be dark or light.', example: ex('{v|color-weight}', { v: '#111111' }, 'dark') },
  'website-color': { usage: '{hsl|website-color}', description: "A `{ hue, saturation, lightness[, alpha] }` as CSS `hsl()`; SPEC §5's messages when a value is out of bounds or missing.", example: ex('{v|website-color}', { v: { hue: 0, saturation: 1, lightness: 0.5 } }, 'hsl(0, 100%, 50%)') },
  message: { usage: '{pattern|message ref ... [key=ref]}', description: 'An ICU message (plural, select, number) filled from the references: positional `{0}`, or named with `key=ref`; \'\' without locale data.', example: ex('{v|message name}', { v: 'Hello {0}!', name: 'Ada' }, 'Hello Ada!') },
  plural: { usage: '{pattern|plural ref ...}', description: 'Legacy name of `message`.', example: ex('{v|plural n}', { v: '{0 plural one {# item} other {# items}}', n: 3 }, '3 items') },
  unit: { usage: '{amount|unit in:unit out:unit}', description: 'Converts the amount from the `in:` unit and shows it in the `out:` unit (or the best fit of `out:a,b`), in the locale.', example: ex('{v|unit in:inch out:centimeter}', { v: 10 }, '25.4cm') },
  length: { usage: '{amount|length in:unit out:unit}', description: '`unit` for lengths.', example: ex('{v|length in:meter out:kilometer}', { v: 2500 }, '2.5km') },
  temperature: { usage: '{amount|temperature in:unit out:unit}', description: '`unit` for temperatures.', example: ex('{v|temperature in:celsius out:fahrenheit}', { v: 20 }, '68°') },
  mass: { usage: '{amount|mass in:unit out:unit}', description: '`unit` for masses.', example: ex('{v|mass in:kilogram out:gram}', { v: 2 }, '2000g') },
  volume: { usage: '{amount|volume in:unit out:unit}', description: '`unit` for volumes.', example: ex('{v|volume in:liter out:milliliter}', { v: 1.5 }, '1500mL') },
  speed: { usage: '{amount|speed in:unit out:unit}', description: '`unit` for speeds.', example: ex('{v|speed in:kilometer-per-hour out:mile-per-hour}', { v: 100 }, '62.1mph') },
  duration: { usage: '{amount|duration in:unit out:unit}', description: '`unit` for durations.', example: ex('{v|duration in:second out:minute}', { v: 90 }, '1.5m') },
  digital: { usage: '{amount|digital in:unit out:unit}', description: '`unit` for data sizes.', example: ex('{v|digital in:megabyte out:gigabyte}', { v: 2048 }, '2GB') },
  area: { usage: '{amount|area in:unit out:unit}', description: '`unit` for areas.', example: ex('{v|area in:square-meter out:hectare}', { v: 20000 }, '2ha') },
  angle: { usage: '{amount|angle in:unit out:unit}', description: '`unit` for angles.', example: ex('{v|angle in:degree out:radian}', { v: 180 }, '3.1rad') },
  power: { usage: '{amount|power in:unit out:unit}', description: '`unit` for power.', example: ex('{v|power in:kilowatt out:watt}', { v: 1.5 }, '1500W') },
  energy: { usage: '{amount|energy in:unit out:unit}', description: '`unit` for energy.', example: ex('{v|energy in:kilowatt-hour out:joule}', { v: 1 }, '3600000J') },
  frequency: { usage: '{amount|frequency in:unit out:unit}', description: '`unit` for frequencies.', example: ex('{v|frequency in:kilohertz out:hertz}', { v: 2 }, '2000Hz') },
  electric: { usage: '{amount|electric in:unit out:unit}', description: '`unit` for electric current.', example: ex('{v|electric in:ampere out:milliampere}', { v: 0.5 }, '500mA') },
  acceleration: { usage: '{amount|acceleration in:unit out:unit}', description: '`unit` for accelerations.', example: ex('{v|acceleration in:meter-per-square-second out:g-force}', { v: 9.80665 }, '1G') },
  'datetime-interval': { usage: '{start,end|datetime-interval [options]}', description: "Two instants (epoch ms) as a date range in the site's time zone and locale (thin spaces around the dash).", example: ex('{start,end|datetime-interval}', { start: Date.UTC(2026, 0, 1, 12), end: Date.UTC(2026, 0, 2, 12) }, 'Jan 1\u2009–\u20092, 2026') },
  'relative-time': { usage: '{instant|relative-time} or {start,end|relative-time}', description: 'How far the instant is from now (or the second from the first) in words.', example: ex('{start,end|relative-time}', { start: Date.UTC(2026, 0, 1, 12), end: Date.UTC(2026, 0, 2, 12) }, 'in 1 day') },
  'activate-twitter-links': { usage: '{text|activate-twitter-links}', description: 'Links `@names` and `#tags` of a tweet to Twitter (opening a new window).', example: ex('{v|activate-twitter-links}', { v: 'Hi @atelier' }, 'Hi <a target="new" href="https://twitter.com/atelier/">@atelier</a>') },
  'google-calendar-url': { usage: '{event|google-calendar-url}', description: "A Google Calendar 'add event' link for the event's `title`, `startDate` and `endDate` (epoch ms, written in UTC).", example: ex('{v|google-calendar-url}', { v: { title: 'Open studio', startDate: Date.UTC(2026, 0, 1, 12), endDate: Date.UTC(2026, 0, 1, 14) } }, 'http://www.google.com/calendar/event?action=TEMPLATE&text=Open%20studio&dates=20260101T120000Z/20260101T140000Z') },
  'image-color': { usage: '{image|image-color [corner]}', description: "With a corner (`topLeft`, `topRight`, `bottomLeft`, `bottomRight`, `center`): that average colour of the image's `colorData` as `#hex`; without one, `data-color-*` attributes of all five.", example: ex('{v|image-color topLeft}', { v: { colorData: { topLeftAverage: 'aabbcc' } } }, '#aabbcc') },
  'image-meta': { usage: '<img {image|image-meta}>', description: "The lazy-loading attributes of an image: `data-src`, `data-image`, its dimensions, focal point (default centre) and alt text, escaped.", example: ex('{v|image-meta}', { v: { assetUrl: '/assets/a.jpg', originalSize: '1200x800' } }, 'data-src="/assets/a.jpg" data-image="/assets/a.jpg" data-image-dimensions="1200x800" data-image-focal-point="0.5,0.5" alt="" ') },
  'cover-image-meta': { usage: '<img {collection|cover-image-meta}>', description: '`image-meta` of the value\'s `coverImage`.', example: ex('{v|cover-image-meta}', { v: { coverImage: { assetUrl: '/assets/c.jpg', originalSize: '800x800' } } }, 'data-src="/assets/c.jpg" data-image="/assets/c.jpg" data-image-dimensions="800x800" data-image-focal-point="0.5,0.5" alt="" ') },
  'product-status': { usage: '{item|product-status}', description: "The product's badge (SPEC §4): sold out first, else sale; nothing otherwise.", example: ex('{item|product-status}', { item: { structuredContent: { productType: 1, variants: [{ qtyInStock: 0, unlimited: false }] } } }, '<div class="product-mark sold-out">sold out</div>') },
  'normal-price': { usage: '{item|normal-price}', description: "Legacy: the highest regular price (`priceMoney`) of the product's variants, in minor units.", example: ex('{item|normal-price}', { item: { structuredContent: { productType: 1, variants: [{ priceMoney: { currency: 'USD', value: '12.50' } }, { priceMoney: { currency: 'USD', value: '9.00' } }] } } }, '1250') },
  'from-price': { usage: '{item|from-price}', description: 'Legacy: the lowest price a variant sells for (its sale price when on sale), in minor units.', example: ex('{item|from-price}', { item: { structuredContent: { productType: 1, variants: [{ priceMoney: { currency: 'USD', value: '12.50' }, onSale: true, salePriceMoney: { currency: 'USD', value: '8.00' } }, { priceMoney: { currency: 'USD', value: '9.00' } }] } } }, '800') },
  'sale-price': { usage: '{item|sale-price}', description: 'Legacy: the lowest sale price (`salePriceMoney`) of the on-sale variants, in minor units; 0 when none is on sale.', example: ex('{item|sale-price}', { item: { structuredContent: { productType: 1, variants: [{ priceMoney: { currency: 'USD', value: '12.50' }, onSale: true, salePriceMoney: { currency: 'USD', value: '10.00' } }] } } }, '1000') },
  'url-encode': { usage: '{value|url-encode}', description: 'Encoded for a URL query value.', example: ex('{v|url-encode}', { v: 'a b&c' }, 'a%20b%26c') },
  ...MARKUP_FORMATTER_DOCS,
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
  'on-sale?': { usage: '{.section item}{.on-sale?}...{.end}{.end}', description: 'A variant of the product (scope) is on sale (a digital product: the product itself).', example: ex('{.section item}{.on-sale?}sale{.or}full price{.end}{.end}', { item: { structuredContent: { productType: 1, variants: [{ onSale: false }, { onSale: true }] } } }, 'sale') },
  'subscribable?': { usage: '{.section item}{.subscribable?}...{.end}{.end}', description: 'The product (scope) can be bought as a subscription.', example: ex('{.section item}{.subscribable?}subscribe{.or}buy{.end}{.end}', { item: { structuredContent: { isSubscribable: true } } }, 'subscribe') },
  'varied-prices?': { usage: '{.section item}{.varied-prices?}...{.end}{.end}', description: "The product's (scope) variants do not all cost the same (sale state or sale price differ): show 'from'.", example: ex('{.section item}{.varied-prices?}from{.or}one price{.end}{.end}', { item: { structuredContent: { productType: 1, variants: [{ onSale: false }, { onSale: true, salePrice: 1 }] } } }, 'from') },
  'comments?': { usage: '{.section item}{.comments?}...{.end}{.end}', description: "Comments show: the item's `commentState` is 1 or it has public comments, unless `websiteSettings.commentsEnabled` is off.", example: ex('{.section item}{.comments?}open{.or}closed{.end}{.end}', { websiteSettings: { commentsEnabled: false }, item: { commentState: 1 } }, 'closed') },
  'disqus?': { usage: '{.disqus?}...{.end}', description: 'The site has a `websiteSettings.disqusShortName`.', example: ex('{.disqus?}disqus{.or}built-in{.end}', { websiteSettings: { disqusShortName: 'mysite' } }, 'disqus') },
  'units-metric?': { usage: '{.units-metric? [category]}...{.end}', description: 'The locale measures the category (default length) in metric units; true without locale data.', example: ex('{.units-metric? temperature}°C{.or}°F{.end}', {}, '°F') },
  'calendar-view?': { usage: '{.calendar-view?}...{.end}', description: '`calendarView` (found through the scopes) is true.', example: ex('{.calendar-view?}calendar{.or}list{.end}', { calendarView: true }, 'calendar') },
  'child-images?': { usage: '{.child-images?}...{.end}', description: "The scope's first item has a main image.", example: ex('{.child-images?}grid{.or}list{.end}', { items: [{ mainImageId: 'i1' }] }, 'grid') },
  'clickable?': { usage: '{.clickable?}...{.end}', description: "A folder is a link: its `folderBehavior` is absent, index (1) or redirect (2), not none (3).", example: ex('{.clickable?}link{.or}label{.end}', { folderBehavior: 3 }, 'label') },
  'collection-page?': { usage: '{.collection-page?}...{.end}', description: "The scope's `collection.type` is page (10).", example: ex('{.collection-page?}page{.or}other{.end}', { collection: { type: 10 } }, 'page') },
  'collection-template-page?': { usage: '{.collection-template-page?}...{.end}', description: "The collection's type (the scope's `collection.type`, else its own `type`) is template page (7).", example: ex('{.collection-template-page?}template{.or}other{.end}', { type: 7 }, 'template') },
  'collectionTypeNameEquals?': { usage: '{.collectionTypeNameEquals? name}...{.end}', description: '`typeName` (found through the scopes) is the argument.', example: ex('{.collectionTypeNameEquals? products}shop{.or}other{.end}', { typeName: 'products' }, 'shop') },
  'current-type?': { usage: '{.current-type? slice-type}...{.end}', description: "The slide's `currentType` is the named slice type (SPEC §3 SliceType: heading, body, image, gallery, ...).", example: ex('{.current-type? gallery}gallery{.or}other{.end}', { currentType: 5 }, 'gallery') },
  'external-link?': { usage: '{.external-link?}...{.end}', description: 'The scope has an `externalLink`.', example: ex('{.external-link?}away{.or}here{.end}', { externalLink: 'https://example.com' }, 'away') },
  'folder?': { usage: '{.folder?}...{.end}', description: "The scope's `collection.folder` is truthy.", example: ex('{.folder?}folder{.or}page{.end}', { collection: { folder: true } }, 'folder') },
  'has-multiple?': { usage: '{.section list}{.has-multiple?}...{.end}{.end}', description: 'The scope (a list or an object) has more than one element or key.', example: ex('{.section tags}{.has-multiple?}tags{.or}tag{.end}{.end}', { tags: ['a', 'b'] }, 'tags') },
  'index?': { usage: '{.index?}...{.end}', description: "The scope's `collection` is a folder whose `folderBehavior` is index (1).", example: ex('{.index?}index{.or}other{.end}', { collection: { folder: true, folderBehavior: 1 } }, 'index') },
  'location?': { usage: '{.location?}...{.end}', description: "The scope's `location` has `mapLat` and `mapLng`.", example: ex('{.location?}map{.or}none{.end}', { location: { mapLat: 51.5, mapLng: -0.12 } }, 'map') },
  'main-image?': { usage: '{.main-image?}...{.end}', description: 'The scope has a `mainImageId` (or `systemDataId`).', example: ex('{.main-image?}image{.or}none{.end}', { title: 'No picture' }, 'none') },
  'passthrough?': { usage: '{.passthrough?}...{.end}', description: 'The item links straight to its `sourceUrl` (`passthrough` set and a source URL).', example: ex('{.passthrough?}out{.or}in{.end}', { passthrough: true, sourceUrl: 'https://example.com/a' }, 'out') },
  'redirect?': { usage: '{.redirect?}...{.end}', description: "The scope's `folderBehavior` is redirect (2).", example: ex('{.redirect?}redirect{.or}other{.end}', { folderBehavior: 2 }, 'redirect') },
  'serviceNameEmail?': { usage: '{.serviceNameEmail?}...{.end}', description: "The scope's `serviceName` is `email` (a social link that is a mail address).", example: ex('{.serviceNameEmail?}mail{.or}other{.end}', { serviceName: 'email' }, 'mail') },
  'show-past-events?': { usage: '{.show-past-events?}...{.end}', description: "The scope's `showPastOrUpcomingEvents` is `past`.", example: ex('{.show-past-events?}past{.or}upcoming{.end}', { showPastOrUpcomingEvents: 'upcoming' }, 'upcoming') },
  ...TABLE_PREDICATE_DOCS,
  'has-variants?': { usage: '{.section item}{.has-variants?}...{.end}{.end}', description: 'The product (scope) has more than one variant.', example: ex('{.section item}{.has-variants?}choose{.or}one{.end}{.end}', { item: { structuredContent: { variants: [{}, {}] } } }, 'choose') },
  'sold-out?': { usage: '{.section item}{.sold-out?}...{.end}{.end}', description: 'No variant of the product (scope) is in stock or unlimited.', example: ex('{.section item}{.sold-out?}gone{.or}here{.end}{.end}', { item: { structuredContent: { variants: [{ qtyInStock: 0, unlimited: false }] } } }, 'gone') },
  'excerpt?': { usage: '{.excerpt?}...{.end}', description: "The scope's `excerpt` has text once tags and whitespace are stripped.", example: ex('{.excerpt?}yes{.or}no{.end}', { excerpt: '<p> </p>' }, 'no') },
  'same-day?': { usage: '{.same-day?}...{.end}', description: "The scope's `startDate` and `endDate` (epoch ms) fall on the same calendar day in UTC; the predicate takes no arguments.", example: ex('{.same-day?}one day{.or}several{.end}', { startDate: Date.UTC(2026, 1, 1, 14), endDate: Date.UTC(2026, 1, 1, 20) }, 'one day') },
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
    'listed; the entries come from `engine/cli/reference*.ts`, and `engine/cli/reference.test.ts`',
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
