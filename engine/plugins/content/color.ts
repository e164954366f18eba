/** Colour helpers behind `color-weight` and `website-color`. */
import Decimal from 'decimal.js';
import { asNumber, getKey } from '../../values.js';
import { memo } from '../intl.js';

// SPEC §5: colour values are 3 to 6 hex characters with an optional '#'.
const HEX_COLOR = /^[0-9a-f]{3,6}$/i;

/**
 * The 24-bit value of a hex colour (`#abc` expands to `#aabbcc`), or -1 when
 * the text is not a colour.
 *
 * @example hexColorToInt('#fff') // 0xffffff
 */
export function hexColorToInt(text: string): number {
  const hex = text.startsWith('#') ? text.slice(1) : text;
  if (!HEX_COLOR.test(hex)) return -1;
  if (hex.length === 3) {
    return parseInt(hex[0] + hex[0] + hex[1] + hex[1] + hex[2] + hex[2], 16);
  }
  return parseInt(hex, 16);
}

// SPEC §9: light above half of the maximum colour value.
const HALF_BRIGHT = 0xffffff / 2;

/**
 * 'light' or 'dark', or undefined when the text is not a colour.
 *
 * @example colorWeight('#888') // 'light'
 */
export function colorWeight(text: string): 'light' | 'dark' | undefined {
  const value = hexColorToInt(text);
  if (value === -1) return undefined;
  return value > HALF_BRIGHT ? 'light' : 'dark';
}

/** SPEC §5 rendering-rule messages for the site colour. */
export const COLOR_MESSAGES = {
  missing: 'Missing an H/S/L value.',
  hue: 'Hue out of bounds.',
  saturation: 'Saturation out of bounds.',
  lightness: 'Lightness out of bounds.',
  alpha: 'Alpha out of bounds.',
} as const;

function component(color: unknown, key: string): number | undefined {
  const v = getKey(color, key);
  if (v === undefined || v === null) return undefined;
  const n = asNumber(v);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * Texts per scale and number: a pure function of the two, and a site's colours
 * are the same few on every render (bounded: cleared when full). -0 is not a key
 * (a Map cannot tell it from 0).
 */
const MAX_TEXTS = 256;
const texts = new Map<number, Map<number, string>>();

// Two decimals at most, trailing zeros dropped: 0.9554 → '95.54' once scaled.
function decimal(n: number, scale = 1): string {
  if (Object.is(n, -0)) return decimalText(n, scale);
  const table = memo(texts, scale, () => new Map<number, string>());
  let text = table.get(n);
  if (text === undefined) {
    text = decimalText(n, scale);
    if (table.size >= MAX_TEXTS) table.clear();
    table.set(n, text);
  }
  return text;
}

function decimalText(n: number, scale: number): string {
  return new Decimal(String(n)).times(scale).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toString();
}

/**
 * CSS for the site colour `{ hue, saturation, lightness, alpha? }` (hue 0-360,
 * the rest 0-1): `hsl(200, 30%, 50%)` or `hsla(200, 30%, 50%, 0.9)`. An invalid
 * colour gives the SPEC §5 message(s), bounds errors joined by a space.
 *
 * @example websiteColor({ hue: 110, saturation: 0.9, lightness: 1 }) // 'hsl(110, 90%, 100%)'
 */
export function websiteColor(color: unknown): string {
  const h = component(color, 'hue');
  const s = component(color, 'saturation');
  const l = component(color, 'lightness');
  const a = component(color, 'alpha');
  if (h === undefined || s === undefined || l === undefined) return COLOR_MESSAGES.missing;

  const errors: string[] = [];
  if (h < 0 || h > 360) errors.push(COLOR_MESSAGES.hue);
  if (s < 0 || s > 1) errors.push(COLOR_MESSAGES.saturation);
  if (l < 0 || l > 1) errors.push(COLOR_MESSAGES.lightness);
  if (a !== undefined && (a < 0 || a > 1)) errors.push(COLOR_MESSAGES.alpha);
  if (errors.length > 0) return errors.join(' ');

  const hsl = `${decimal(h)}, ${decimal(s, 100)}%, ${decimal(l, 100)}%`;
  return a === undefined ? `hsl(${hsl})` : `hsla(${hsl}, ${decimal(a)})`;
}
