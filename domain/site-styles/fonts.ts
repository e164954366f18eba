/**
 * The fonts a site may use: the visitor's own system stacks, and families self-hosted from
 * npm @fontsource packages (their latin woff2 files are put into R2 under FONT_PREFIX by the
 * seed, edge/services/site-styles/font-files.ts), so no visitor ever asks a font host.
 */
export type FontCategory = 'sans-serif' | 'serif' | 'slab' | 'monospace' | 'script';

export interface FontFamily {
  id: string;
  name: string;
  category: FontCategory;
  /** The weights offered (each a woff2 file); system stacks take any. */
  weights: readonly number[];
  /** The CSS font-family list, the family first. */
  stack: string;
  /** True for families served from /assets (false: the visitor's system fonts). */
  hosted: boolean;
}

const FALLBACK: Record<FontCategory, string> = {
  'sans-serif': 'system-ui, "Helvetica Neue", Arial, sans-serif',
  serif: 'Georgia, "Times New Roman", serif',
  slab: '"Rockwell", Georgia, serif',
  monospace: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace',
  script: '"Brush Script MT", cursive',
};

const hosted = (id: string, name: string, category: FontCategory, weights: readonly number[] = [400, 700]): FontFamily => ({
  id, name, category, weights, stack: `"${name}", ${FALLBACK[category]}`, hosted: true,
});

/** Where font files live in R2 and under /assets (versioned: the files behind a URL never change). */
export const FONT_PREFIX = 'fonts/v1';

export const FONT_FAMILIES: readonly FontFamily[] = [
  // The demo theme's own stacks (fixtures/theme/assets/site.css), the defaults.
  { id: 'system-sans', name: 'System sans-serif', category: 'sans-serif', weights: [400, 700], hosted: false,
    stack: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  { id: 'system-serif', name: 'System serif', category: 'serif', weights: [400, 700], hosted: false,
    stack: '"Iowan Old Style", "Palatino Linotype", Palatino, Georgia, serif' },
  hosted('inter', 'Inter', 'sans-serif'),
  hosted('work-sans', 'Work Sans', 'sans-serif'),
  hosted('dm-sans', 'DM Sans', 'sans-serif'),
  hosted('lora', 'Lora', 'serif'),
  hosted('playfair-display', 'Playfair Display', 'serif'),
  hosted('eb-garamond', 'EB Garamond', 'serif'),
  hosted('roboto-slab', 'Roboto Slab', 'slab'),
  hosted('arvo', 'Arvo', 'slab'),
  hosted('ibm-plex-mono', 'IBM Plex Mono', 'monospace'),
  hosted('space-mono', 'Space Mono', 'monospace'),
  hosted('pacifico', 'Pacifico', 'script', [400]),
  hosted('caveat', 'Caveat', 'script'),
];

export const FONT_IDS = FONT_FAMILIES.map((f) => f.id) as [string, ...string[]];

export function fontFamily(id: string): FontFamily | undefined {
  return FONT_FAMILIES.find((f) => f.id === id);
}

/** The woff2 file of a hosted family's weight, as an /assets path. */
export const fontFileUrl = (id: string, weight: number) => `/assets/${FONT_PREFIX}/${id}-${weight}.woff2`;
/** The @font-face stylesheet of a hosted family, as an /assets path. */
export const fontCssUrl = (id: string) => `/assets/${FONT_PREFIX}/${id}.css`;

/** The @font-face rules of a hosted family (latin subset, its offered weights, swap). */
export function fontFaceCss(family: FontFamily): string {
  return family.weights
    .map((w) => `@font-face{font-family:"${family.name}";font-style:normal;font-weight:${w};font-display:swap;src:url(${fontFileUrl(family.id, w)}) format("woff2");}`)
    .join('\n');
}
