/**
 * Colours of the site styles: parsed from hex (#rgb, #rgba, #rrggbb, #rrggbbaa) or
 * rgb()/rgba() text and kept as lower-case hex, the only form the storefront emits.
 */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  /** 0-1 */
  a: number;
}

const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*(0|1|0?\.\d{1,4}|1\.0{1,4})\s*)?\)$/i;

/** The colour `text` names, or undefined when it is not a hex or rgb()/rgba() colour. */
export function parseColour(text: string): Rgba | undefined {
  const t = text.trim();
  const hex = HEX.exec(t);
  if (hex) {
    let digits = hex[1]!;
    if (digits.length <= 4) digits = [...digits].map((d) => d + d).join('');
    const n = (i: number) => parseInt(digits.slice(i, i + 2), 16);
    return { r: n(0), g: n(2), b: n(4), a: digits.length === 8 ? Math.round((n(6) / 255) * 100) / 100 : 1 };
  }
  const rgb = RGB.exec(t);
  if (!rgb) return undefined;
  const [r, g, b] = [rgb[1], rgb[2], rgb[3]].map(Number) as [number, number, number];
  if (r > 255 || g > 255 || b > 255) return undefined;
  return { r, g, b, a: rgb[4] === undefined ? 1 : Number(rgb[4]) };
}

const byte = (n: number) => Math.round(n).toString(16).padStart(2, '0');

/** `#rrggbb`, or `#rrggbbaa` when not opaque. @example toHex({ r: 255, g: 0, b: 0, a: 1 }) === '#ff0000' */
export function toHex(c: Rgba): string {
  return `#${byte(c.r)}${byte(c.g)}${byte(c.b)}${c.a < 1 ? byte(c.a * 255) : ''}`;
}

/** Relative brightness 0-1 (Rec. 601 weights), the measure the colour picker's rule reads. */
export function luminance(c: Rgba): number {
  return (0.299 * c.r + 0.587 * c.g + 0.114 * c.b) / 255;
}

/** SPEC §9: the colour picker counts a colour dark when its luminance is below 0.65. */
export const DARK_BELOW = 0.65;

export function isDark(c: Rgba): boolean {
  return luminance(c) < DARK_BELOW;
}

/** Text colours used on a coloured background: light text on dark colours, dark on light. */
export const LIGHT_TEXT = '#ffffff';
export const DARK_TEXT = '#1d1b18';

/**
 * The text colour for `background` by the SPEC §9 rule (unparseable: dark text).
 * @example textOn('#9a4a2e') === '#ffffff'; textOn('#f3e6b8') === '#1d1b18'
 */
export function textOn(background: string): string {
  const c = parseColour(background);
  return c && isDark(c) ? LIGHT_TEXT : DARK_TEXT;
}

/** HSL (h 0-360, s and l 0-100) of a colour, for the picker's HSL inputs. */
export function toHsl(c: Rgba): { h: number; s: number; l: number } {
  const r = c.r / 255, g = c.g / 255, b = c.b / 255;
  const max = Math.max(r, g, b), min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return { h: 0, s: 0, l: Math.round(l * 100) };
  const s = d / (1 - Math.abs(2 * l - 1));
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return { h: Math.round((h * 60 + 360) % 360), s: Math.round(s * 100), l: Math.round(l * 100) };
}

/** The colour of HSL values (h 0-360, s and l 0-100). */
export function fromHsl(h: number, s: number, l: number, a = 1): Rgba {
  const sat = s / 100, light = l / 100;
  const k = (n: number) => (n + h / 30) % 12;
  const f = (n: number) => light - sat * Math.min(light, 1 - light) * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return { r: Math.round(f(0) * 255), g: Math.round(f(8) * 255), b: Math.round(f(4) * 255), a };
}

/** `a` moved `t` (0-1) of the way to `b`, as hex (alpha from `a`). @example mix('#ffffff', '#000000', 0.5) === '#808080' */
export function mix(a: string, b: string, t: number): string {
  const x = parseColour(a) ?? { r: 0, g: 0, b: 0, a: 1 };
  const y = parseColour(b) ?? x;
  const at = (p: number, q: number) => p + (q - p) * t;
  return toHex({ r: at(x.r, y.r), g: at(x.g, y.g), b: at(x.b, y.b), a: x.a });
}
