import { z } from 'zod';
import { sitePathProp } from './site-path.js';

/** The theme's palette colours a section background may take (classes the theme styles). */
const PALETTE = ['accent', 'accent-soft', 'ink', 'line', 'card', 'paper'] as const;
/** `#rgb` or `#rrggbb`, nothing else: the only owner value that reaches a style attribute. */
const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const focal = z.number().min(0).max(1);

const background = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('none') }),
  z.strictObject({ type: z.literal('palette'), color: z.enum(PALETTE) }),
  z.strictObject({ type: z.literal('color'), hex: z.string().regex(HEX_COLOUR, 'Use a hex colour such as #1f1d1a.') }),
  z.strictObject({
    type: z.literal('image'),
    src: sitePathProp.refine((path) => path.startsWith('/assets/'), { message: 'Use an image uploaded to this site (a path such as /assets/...).' }),
    focal: z.strictObject({ x: focal, y: focal }).default({ x: 0.5, y: 0.5 }),
  }),
]);

/** Section divider shapes: the section's lower edge, 6 viewport widths tall (SPEC §9). */
const DIVIDERS = ['none', 'slant', 'curve', 'wave', 'zigzag', 'arrow'] as const;

const DEFAULT_DESIGN = { padding: 'medium', theme: 'light', width: 'inset', background: { type: 'none' }, divider: 'none', roundedBlocks: false } as const;

/**
 * A section's design: padding presets 3 %, 6 %, 12 % (SPEC §9), colour theme, width (inset in
 * the page's column, or full to the viewport's edges), background (none, a palette colour, a
 * strict hex colour, or an uploaded image with a focal point), lower-edge divider, and
 * rounded blocks (corner radius 22 px, SPEC §9).
 */
export const sectionDesign = z
  .strictObject({
    padding: z.enum(['small', 'medium', 'large']).default('medium'),
    theme: z.enum(['light', 'dark', 'accent']).default('light'),
    width: z.enum(['inset', 'full']).default('inset'),
    background: background.default({ type: 'none' }),
    divider: z.enum(DIVIDERS).default('none'),
    roundedBlocks: z.boolean().default(false),
  })
  .default({ ...DEFAULT_DESIGN, background: { type: 'none' } });

type SectionDesign = z.output<typeof sectionDesign>;

/** What section.html reads beside `design`: every value built from checked enums, the hex regex and numbers. */
export interface SectionView {
  /** Extra classes for non-default settings, each with a leading space ('' for a default section). */
  classes: string;
  /** `--section-bg-color: #rrggbb` for a hex background, else ''. */
  style: string;
  /** The background image: its site path and CSS object-position from the focal point. */
  image?: { src: string; position: string };
  /** The divider's shape name, when the section has one. */
  divider?: string;
}

const percent = (n: number) => `${Math.round(n * 1000) / 10}%`;

/**
 * The section partial's view of a design. Stored layouts from before a field existed lack it,
 * so each is read with its default; a value that does not pass the schema again is dropped.
 */
export function sectionView(stored: Partial<SectionDesign> | undefined): SectionView {
  const check = sectionDesign.safeParse(stored ?? {});
  const design: SectionDesign = check.success ? check.data : { ...DEFAULT_DESIGN, background: { type: 'none' } };
  const classes: string[] = [];
  if (design.width !== 'inset') classes.push(`section-width-${design.width}`);
  const bg = design.background;
  let style = '';
  let image: SectionView['image'];
  if (bg.type === 'palette') classes.push('section-bg', `section-bg-${bg.color}`);
  if (bg.type === 'color' && HEX_COLOUR.test(bg.hex)) {
    classes.push('section-bg', 'section-bg-color');
    style = `--section-bg-color: ${bg.hex}`;
  }
  if (bg.type === 'image') {
    classes.push('section-bg', 'section-bg-image');
    image = { src: bg.src, position: `${percent(bg.focal.x)} ${percent(bg.focal.y)}` };
  }
  if (design.divider !== 'none') classes.push('section-has-divider', `section-divider-${design.divider}`);
  if (design.roundedBlocks) classes.push('section-rounded-blocks');
  return { classes: classes.map((name) => ` ${name}`).join(''), style, image, divider: design.divider === 'none' ? undefined : design.divider };
}
