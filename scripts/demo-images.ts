/**
 * Draws the demo store's product and journal images as small SVG files and records
 * their metadata (SPEC §3 Image: originalSize, focal point, colorData, altText) in
 * fixtures/demo/images.json. Run once after editing IMAGE_SPECS:
 *   npx tsx scripts/demo-images.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drawShape, type Shape } from './demo-shapes.js';

interface ImageSpec {
  file: string;
  shape: Shape;
  glaze: string;
  backdrop: [string, string];
  alt: string;
  size?: [number, number];
  focal?: [number, number];
  label?: string;
}

const LINEN: [string, string] = ['f3ece2', 'ddd2c2'];
const SAGE: [string, string] = ['e4eadf', 'b9c7b0'];
const DUSK: [string, string] = ['e9e1ea', 'c2b4c6'];
const CLAY: [string, string] = ['f2e3d5', 'd3b49a'];

export const IMAGE_SPECS: ImageSpec[] = [
  { file: 'mug-speckled-oatmeal.svg', shape: 'mug', glaze: 'e8dcc6', backdrop: LINEN, alt: 'Speckled stoneware mug in oatmeal glaze on a linen backdrop' },
  { file: 'mug-speckled-celadon.svg', shape: 'mug', glaze: '9fc2ad', backdrop: SAGE, alt: 'Speckled stoneware mug in celadon glaze' },
  { file: 'mug-speckled-pair.svg', shape: 'mug', glaze: 'cbbfa6', backdrop: CLAY, alt: 'Two speckled mugs side by side', focal: [0.45, 0.55] },
  { file: 'tumbler-ash.svg', shape: 'tumbler', glaze: 'b8b4ac', backdrop: LINEN, alt: 'Everyday tumbler in ash glaze' },
  { file: 'tumbler-iron-red.svg', shape: 'tumbler', glaze: 'a24a32', backdrop: CLAY, alt: 'Everyday tumbler in iron red glaze' },
  { file: 'tumbler-sea-glass.svg', shape: 'tumbler', glaze: '8fc1bd', backdrop: SAGE, alt: 'Everyday tumbler in sea glass glaze' },
  { file: 'bowls-nesting.svg', shape: 'bowl', glaze: 'd8c8a8', backdrop: LINEN, alt: 'Three nesting bowls stacked from large to small' },
  { file: 'bowls-nesting-top.svg', shape: 'bowl', glaze: 'c9b691', backdrop: CLAY, alt: 'Nesting bowls seen from above', focal: [0.5, 0.4] },
  { file: 'ramen-bowl-tenmoku.svg', shape: 'bowl', glaze: '3b2a22', backdrop: CLAY, alt: 'Deep ramen bowl in tenmoku glaze' },
  { file: 'ramen-bowl-shino.svg', shape: 'bowl', glaze: 'e6c7a5', backdrop: LINEN, alt: 'Deep ramen bowl in shino glaze' },
  { file: 'bud-vase-moss.svg', shape: 'budvase', glaze: '6f7f4c', backdrop: SAGE, alt: 'Small bud vase in moss green with a single stem' },
  { file: 'bud-vase-ochre.svg', shape: 'budvase', glaze: 'c9922f', backdrop: LINEN, alt: 'Small bud vase in ochre' },
  { file: 'bud-vase-chalk.svg', shape: 'budvase', glaze: 'f1eee6', backdrop: DUSK, alt: 'Small bud vase in chalk white' },
  { file: 'vase-ribbed-tall.svg', shape: 'vase', glaze: '5d6b7a', backdrop: DUSK, alt: 'Tall ribbed vase in slate blue', size: [1200, 1800] },
  { file: 'vase-ribbed-detail.svg', shape: 'vase', glaze: '6d7b8a', backdrop: LINEN, alt: 'Close view of the ribbing on a tall vase', focal: [0.5, 0.35] },
  { file: 'moon-jar.svg', shape: 'moonjar', glaze: 'f4efe3', backdrop: DUSK, alt: 'Large white moon jar with a soft asymmetric belly', size: [1500, 1500] },
  { file: 'moon-jar-side.svg', shape: 'moonjar', glaze: 'ebe3d2', backdrop: LINEN, alt: 'Moon jar from the side', size: [1500, 1500] },
  { file: 'platter-serving.svg', shape: 'platter', glaze: '7e9a86', backdrop: LINEN, alt: 'Oval serving platter in green ash glaze', size: [1600, 1200] },
  { file: 'pour-over-set.svg', shape: 'pourover', glaze: 'e3d6bf', backdrop: CLAY, alt: 'Pour-over dripper on a matching mug' },
  { file: 'pour-over-set-brewing.svg', shape: 'pourover', glaze: 'd8c9ae', backdrop: LINEN, alt: 'Pour-over set while coffee brews', focal: [0.5, 0.45] },
  { file: 'plates-dinner-oatmeal.svg', shape: 'plate', glaze: 'e8dcc6', backdrop: LINEN, alt: 'Stack of four dinner plates in oatmeal glaze', size: [1500, 1500] },
  { file: 'plates-dinner-celadon.svg', shape: 'plate', glaze: '9fc2ad', backdrop: SAGE, alt: 'Stack of four dinner plates in celadon glaze', size: [1500, 1500] },
  { file: 'planter-saucer.svg', shape: 'planter', glaze: 'b6673f', backdrop: SAGE, alt: 'Terracotta-toned planter with saucer and a fern' },
  { file: 'incense-holder.svg', shape: 'dish', glaze: '4c4a46', backdrop: DUSK, alt: 'Low incense holder with a burning stick' },
  { file: 'salt-cellar.svg', shape: 'dish', glaze: 'd7cdb8', backdrop: LINEN, alt: 'Lidded salt cellar' },
  { file: 'pitcher.svg', shape: 'pitcher', glaze: '8a9fb3', backdrop: LINEN, alt: 'Pitcher with a pulled spout in pale blue' },
  { file: 'pitcher-pouring.svg', shape: 'pitcher', glaze: '7f94a8', backdrop: SAGE, alt: 'Pitcher pouring water', focal: [0.4, 0.5] },
  { file: 'seconds-bag.svg', shape: 'bag', glaze: 'c8b08a', backdrop: CLAY, alt: 'Kraft paper bag of studio seconds' },
  { file: 'glaze-guide-cover.svg', shape: 'guide', glaze: '2f5d50', backdrop: LINEN, alt: 'Cover of the Fern & Kiln glaze recipe guide', label: 'Glaze Guide' },
  { file: 'glaze-guide-pages.svg', shape: 'guide', glaze: 'a35f3d', backdrop: CLAY, alt: 'Open pages with glaze test tiles', label: 'Cone 6 recipes' },
  { file: 'course-wheel-throwing.svg', shape: 'video', glaze: '2f5d50', backdrop: DUSK, alt: 'Still from the wheel-throwing video course', size: [1600, 900] },
  { file: 'firing-log.svg', shape: 'guide', glaze: '5d6b7a', backdrop: LINEN, alt: 'Printable kiln firing log sheet', label: 'Firing Log' },
  { file: 'workshop-wheel.svg', shape: 'wheel', glaze: 'b6673f', backdrop: CLAY, alt: 'Hands centring clay on a potter’s wheel', size: [1600, 1200] },
  { file: 'workshop-table.svg', shape: 'wheel', glaze: '8b6b4f', backdrop: LINEN, alt: 'Workshop table set with tools and aprons', size: [1600, 1200] },
  { file: 'studio-session.svg', shape: 'wheel', glaze: '6f7f4c', backdrop: SAGE, alt: 'Private session at the studio wheel', size: [1600, 1200] },
  { file: 'date-night.svg', shape: 'mug', glaze: 'c46a5a', backdrop: DUSK, alt: 'Two mugs made during a date-night class' },
  { file: 'clay-club.svg', shape: 'bag', glaze: '9c8a6e', backdrop: SAGE, alt: 'Monthly clay club bag of clay and tools' },
  { file: 'gift-card.svg', shape: 'giftcard', glaze: '2f5d50', backdrop: LINEN, alt: 'Fern & Kiln gift card', size: [1600, 1000], label: 'Gift Card' },
  { file: 'gift-card-workshop.svg', shape: 'giftcard', glaze: 'b6673f', backdrop: CLAY, alt: 'Workshop gift card', size: [1600, 1000], label: 'Workshop' },
  { file: 'journal-kiln-opening.svg', shape: 'kiln', glaze: 'd9773a', backdrop: CLAY, alt: 'Opening the kiln after a glaze firing', size: [1600, 1000], focal: [0.5, 0.6] },
];

const WIDTH = 1200;
const HEIGHT = 1500;

function mix(a: string, b: string): string {
  const channel = (hex: string, i: number) => parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return [0, 1, 2].map((i) => Math.round((channel(a, i) + channel(b, i)) / 2).toString(16).padStart(2, '0')).join('');
}

function svgFor(spec: ImageSpec, width: number, height: number): string {
  const [top, bottom] = spec.backdrop;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<title>${spec.alt.replace(/&/g, '&amp;')}</title>`,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#${top}"/><stop offset="1" stop-color="#${bottom}"/></linearGradient>`,
    `<radialGradient id="glaze" cx="0.35" cy="0.3" r="0.9"><stop offset="0" stop-color="#${mix(spec.glaze, 'ffffff')}"/><stop offset="0.6" stop-color="#${spec.glaze}"/><stop offset="1" stop-color="#${mix(spec.glaze, '000000')}"/></radialGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>`,
    `<ellipse cx="${width / 2}" cy="${height * 0.82}" rx="${width * 0.32}" ry="${height * 0.03}" fill="#000" opacity="0.12"/>`,
    drawShape(spec.shape, width, height, spec.label),
    '</svg>',
    '',
  ].join('\n');
}

function main(): void {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'demo');
  mkdirSync(join(root, 'images'), { recursive: true });
  const meta: Record<string, unknown> = {};
  for (const spec of IMAGE_SPECS) {
    const [width, height] = spec.size ?? [WIDTH, HEIGHT];
    writeFileSync(join(root, 'images', spec.file), svgFor(spec, width, height));
    const [top, bottom] = spec.backdrop;
    meta[spec.file] = {
      originalSize: `${width}x${height}`,
      focalPoint: { x: spec.focal?.[0] ?? 0.5, y: spec.focal?.[1] ?? 0.5 },
      colorData: {
        topLeftAverage: top,
        topRightAverage: top,
        bottomLeftAverage: bottom,
        bottomRightAverage: bottom,
        centerAverage: spec.glaze,
        suggestedBgColor: mix(top, bottom),
      },
      altText: spec.alt,
    };
  }
  writeFileSync(join(root, 'images.json'), `${JSON.stringify(meta, null, 2)}\n`);
  console.log(`wrote ${IMAGE_SPECS.length} images`);
}

main();
