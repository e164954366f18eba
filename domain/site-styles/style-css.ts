import { isDark, mix, parseColour } from './colour.js';
import { fontCssUrl, fontFamily } from './fonts.js';
import { PADDING_PRESETS, type SiteStyles } from './site-styles.js';

const BUTTON_RADIUS = { pill: '999px', square: '0' } as const;

/**
 * The site styles as CSS custom properties for the theme (fixtures/theme/assets/site.css),
 * one `name:value` list for a style attribute. Every value comes from a checked document
 * (hex colours, allow-listed font stacks, integers), never from free text.
 * @example styleDeclarations(DEFAULT_SITE_STYLES).startsWith('--paper:#fbf8f3;')
 */
export function styleDeclarations(s: SiteStyles): string {
  const heading = fontFamily(s.fonts.heading.family)!;
  const body = fontFamily(s.fonts.body.family)!;
  const c = s.colors;
  const outline = s.buttons.style === 'outline';
  const darkPage = isDark(parseColour(c.background)!);
  const vars: [string, string][] = [
    ['--paper', c.background],
    ['--ink', c.text],
    ['--accent', c.accent],
    ['--accent-ink', c.accentText],
    ['--accent-soft', c.accentSoft],
    // The theme's supporting tones, derived from the page and text colours.
    ['--ink-soft', mix(c.text, c.background, 0.3)],
    ['--muted', mix(c.text, c.background, 0.4)],
    ['--line', mix(c.background, c.text, 0.12)],
    ['--card', darkPage ? mix(c.background, c.text, 0.06) : '#ffffff'],
    ['--dark-bg', c.darkBackground],
    ['--dark-ink', c.darkText],
    ['--font-display', heading.stack],
    ['--font-body', body.stack],
    ['--heading-weight', String(s.fonts.heading.weight)],
    ['--heading-size', `${s.fonts.heading.size}px`],
    ['--body-weight', String(s.fonts.body.weight)],
    ['--body-size', `${s.fonts.body.size}px`],
    ['--radius', `${s.cornerRadius}px`],
    ['--button-radius', s.buttons.shape === 'rounded' ? `${Math.min(s.cornerRadius, 16)}px` : BUTTON_RADIUS[s.buttons.shape]],
    ['--button-bg', outline ? 'transparent' : c.accent],
    ['--button-ink', outline ? c.accent : c.accentText],
    ['--button-border', outline ? c.accent : 'transparent'],
    ['--button-hover-bg', outline ? c.accent : mix(c.accent, '#000000', 0.18)],
    ['--button-hover-ink', c.accentText],
    ['--section-padding', PADDING_PRESETS[s.sectionPadding]],
  ];
  return vars.map(([k, v]) => `${k}:${v}`).join(';');
}

/** The @font-face stylesheets the styles need (hosted families only, each once). */
export function fontStylesheets(s: SiteStyles): string[] {
  const ids = new Set([s.fonts.heading.family, s.fonts.body.family]);
  return [...ids].filter((id) => fontFamily(id)?.hosted).map(fontCssUrl);
}
