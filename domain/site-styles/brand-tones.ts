import { textOn } from './colour.js';
import type { BrandTone, SiteStyles } from './site-styles.js';

type Preset = Pick<SiteStyles, 'colors' | 'fonts' | 'buttons' | 'cornerRadius'>;

const palette = (background: string, text: string, accent: string, accentSoft: string, darkBackground: string): SiteStyles['colors'] => ({
  background, text, accent, accentText: textOn(accent), accentSoft, darkBackground, darkText: textOn(darkBackground),
});

/**
 * SPEC §3 brand tones: each sets the palette, the fonts and the buttons together. `custom`
 * has no preset: it is whatever the owner set.
 */
export const BRAND_TONE_PRESETS: Record<Exclude<BrandTone, 'custom'>, Preset> = {
  professional: {
    colors: palette('#ffffff', '#1f2933', '#1d4ed8', '#e8eefc', '#111827'),
    fonts: { heading: { family: 'inter', weight: 700, size: 34 }, body: { family: 'inter', weight: 400, size: 16 } },
    buttons: { style: 'filled', shape: 'rounded' },
    cornerRadius: 6,
  },
  sophisticated: {
    colors: palette('#f7f5f0', '#1c1917', '#7c6a46', '#ece6da', '#1c1917'),
    fonts: { heading: { family: 'playfair-display', weight: 400, size: 40 }, body: { family: 'eb-garamond', weight: 400, size: 18 } },
    buttons: { style: 'outline', shape: 'square' },
    cornerRadius: 0,
  },
  friendly: {
    colors: palette('#fffaf3', '#2d2a26', '#e07a5f', '#fbe3d9', '#3d405b'),
    fonts: { heading: { family: 'lora', weight: 700, size: 34 }, body: { family: 'work-sans', weight: 400, size: 17 } },
    buttons: { style: 'filled', shape: 'pill' },
    cornerRadius: 22,
  },
  playful: {
    colors: palette('#fff8e7', '#2b2d42', '#ef476f', '#ffe0e9', '#073b4c'),
    fonts: { heading: { family: 'pacifico', weight: 400, size: 40 }, body: { family: 'dm-sans', weight: 400, size: 17 } },
    buttons: { style: 'filled', shape: 'pill' },
    cornerRadius: 28,
  },
  bold: {
    colors: palette('#ffffff', '#0a0a0a', '#ff3d00', '#ffe5dc', '#0a0a0a'),
    fonts: { heading: { family: 'roboto-slab', weight: 700, size: 48 }, body: { family: 'inter', weight: 400, size: 16 } },
    buttons: { style: 'filled', shape: 'square' },
    cornerRadius: 0,
  },
  quirky: {
    colors: palette('#f4f1de', '#3d405b', '#81b29a', '#e3efe8', '#3d405b'),
    fonts: { heading: { family: 'caveat', weight: 700, size: 44 }, body: { family: 'space-mono', weight: 400, size: 15 } },
    buttons: { style: 'outline', shape: 'rounded' },
    cornerRadius: 12,
  },
  innovative: {
    colors: palette('#0f172a', '#e2e8f0', '#22d3ee', '#1e293b', '#020617'),
    fonts: { heading: { family: 'dm-sans', weight: 700, size: 40 }, body: { family: 'ibm-plex-mono', weight: 400, size: 15 } },
    buttons: { style: 'filled', shape: 'rounded' },
    cornerRadius: 10,
  },
};

/** `styles` with a tone applied: its preset's palette, fonts and buttons; `custom` keeps them. */
export function applyBrandTone(styles: SiteStyles, tone: BrandTone): SiteStyles {
  if (tone === 'custom') return { ...styles, tone };
  const preset = BRAND_TONE_PRESETS[tone];
  return { ...styles, ...structuredClone(preset), tone };
}
