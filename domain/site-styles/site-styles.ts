import { z } from 'zod';
import { parseColour, toHex } from './colour.js';
import { FONT_IDS, fontFamily } from './fonts.js';

/** SPEC §3 brand tones; `custom` is whatever the owner set. */
export const BRAND_TONES = ['professional', 'sophisticated', 'friendly', 'playful', 'bold', 'quirky', 'innovative', 'custom'] as const;
export type BrandTone = (typeof BRAND_TONES)[number];

/** SPEC §9 padding presets, by the names section designs use (blocks/section-design.ts). */
export const PADDING_PRESETS = { small: '3%', medium: '6%', large: '12%' } as const;
/** SPEC §9 corner radius. */
export const DEFAULT_CORNER_RADIUS = 22;

export const SITE_STYLE_MESSAGES = {
  colour: 'Enter a colour as hex (#rrggbb) or rgba(r, g, b, a).',
  font: 'Choose one of the fonts in the list.',
  weight: (name: string, weights: readonly number[]) => `${name} comes in weights ${weights.join(', ')}.`,
  conflict: 'Someone else saved the site styles since you opened them. Reload to see their changes, then edit again.',
} as const;

/** A colour, stored as lower-case hex whatever form it came in. */
const colour = z.string().max(40).transform((text, ctx) => {
  const c = parseColour(text);
  if (!c) {
    ctx.addIssue({ code: 'custom', message: SITE_STYLE_MESSAGES.colour });
    return z.NEVER;
  }
  return toHex(c);
});

const font = (sizes: { min: number; max: number }) =>
  z
    .strictObject({
      family: z.enum(FONT_IDS, { error: SITE_STYLE_MESSAGES.font }),
      weight: z.number().int().min(100).max(900).multipleOf(100),
      // px
      size: z.number().int().min(sizes.min).max(sizes.max),
    })
    .superRefine((f, ctx) => {
      const family = fontFamily(f.family)!;
      if (family.hosted && !family.weights.includes(f.weight)) {
        ctx.addIssue({ code: 'custom', path: ['weight'], message: SITE_STYLE_MESSAGES.weight(family.name, family.weights) });
      }
    });

/**
 * The site styles document (docs/api/site-styles.md): palette, fonts, buttons, corner radius,
 * section padding and the brand tone they came from. Every value is checked here, so the
 * storefront can emit them as CSS custom properties as they are.
 */
export const siteStylesSchema = z.strictObject({
  tone: z.enum(BRAND_TONES),
  colors: z.strictObject({
    /** The page and light sections. */
    background: colour,
    text: colour,
    accent: colour,
    /** Text on the accent colour (buttons). */
    accentText: colour,
    /** The accent section theme's background (section design `theme: accent`). */
    accentSoft: colour,
    /** The dark section theme (section design `theme: dark`) and its text. */
    darkBackground: colour,
    darkText: colour,
  }),
  fonts: z.strictObject({ heading: font({ min: 20, max: 96 }), body: font({ min: 12, max: 24 }) }),
  buttons: z.strictObject({ style: z.enum(['filled', 'outline']), shape: z.enum(['pill', 'rounded', 'square']) }),
  /** px, cards, images and rounded buttons. */
  cornerRadius: z.number().int().min(0).max(60),
  sectionPadding: z.enum(['small', 'medium', 'large']),
});

export type SiteStyles = z.output<typeof siteStylesSchema>;

/** The demo theme's look (fixtures/theme/assets/site.css), with SPEC §9's corner radius. */
export const DEFAULT_SITE_STYLES: SiteStyles = {
  tone: 'custom',
  colors: {
    background: '#fbf8f3',
    text: '#1d1b18',
    accent: '#9a4a2e',
    accentText: '#ffffff',
    accentSoft: '#f1e7da',
    darkBackground: '#1f1d1a',
    darkText: '#f6f2ea',
  },
  fonts: { heading: { family: 'system-serif', weight: 600, size: 32 }, body: { family: 'system-sans', weight: 400, size: 16 } },
  buttons: { style: 'filled', shape: 'pill' },
  cornerRadius: DEFAULT_CORNER_RADIUS,
  sectionPadding: 'medium',
};
