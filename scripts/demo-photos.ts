/**
 * Renders a few demo images as raster photos (JPEG) so the store exercises responsive
 * `srcset` variants (`/assets/<key>?format=<N>w`) on real raster data: each listed SVG
 * is rasterised at its recorded size (resvg, WebAssembly), given a soft film grain and
 * vignette so it compresses like a photograph, and encoded as JPEG (photon). Their
 * metadata is added to fixtures/demo/images.json. Run after scripts/demo-images.ts:
 *   npx tsx scripts/demo-photos.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PhotonImage } from '@cf-wasm/photon/node';
import { initWasm, Resvg } from '@resvg/resvg-wasm';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'demo');
/** The SVGs that become photos; products.json names the `.jpg` files. */
export const PHOTO_SOURCES = ['moon-jar.svg', 'pitcher.svg', 'vase-ribbed-tall.svg', 'platter-serving.svg'];
const QUALITY = 80;

/** A small deterministic generator (mulberry32), so the same script writes the same bytes. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Film grain and a vignette on RGBA pixels, in place. */
function photographic(pixels: Uint8Array, width: number, height: number, seed: number): void {
  const next = random(seed);
  const cx = width / 2;
  const cy = height / 2;
  const reach = Math.hypot(cx, cy);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const shade = 1 - 0.22 * (Math.hypot(x - cx, y - cy) / reach) ** 2;
      const grain = (next() - 0.5) * 14;
      for (let ch = 0; ch < 3; ch++) pixels[i + ch] = Math.max(0, Math.min(255, Math.round(pixels[i + ch]! * shade + grain)));
      pixels[i + 3] = 255;
    }
  }
}

async function main(): Promise<void> {
  const require = createRequire(import.meta.url);
  await initWasm(readFileSync(require.resolve('@resvg/resvg-wasm/index_bg.wasm')));
  const metaPath = join(root, 'images.json');
  const meta = JSON.parse(readFileSync(metaPath, 'utf8')) as Record<string, { originalSize: string; [k: string]: unknown }>;
  PHOTO_SOURCES.forEach((svgFile, index) => {
    const source = meta[svgFile];
    if (!source) throw new Error(`${svgFile} is not in images.json`);
    const [width] = source.originalSize.split('x').map(Number);
    const rendered = new Resvg(readFileSync(join(root, 'images', svgFile), 'utf8'), { fitTo: { mode: 'width', value: width! } }).render();
    const pixels = new Uint8Array(rendered.pixels);
    photographic(pixels, rendered.width, rendered.height, index + 1);
    const image = new PhotonImage(pixels, rendered.width, rendered.height);
    const jpeg = image.get_bytes_jpeg(QUALITY);
    image.free();
    const jpgFile = svgFile.replace(/\.svg$/, '.jpg');
    writeFileSync(join(root, 'images', jpgFile), jpeg);
    meta[jpgFile] = { ...source, originalSize: `${rendered.width}x${rendered.height}` };
    console.log(`${jpgFile}: ${rendered.width}x${rendered.height}, ${(jpeg.byteLength / 1024).toFixed(0)} KiB`);
  });
  writeFileSync(metaPath, `${JSON.stringify(meta, null, 2)}\n`);
}

await main();
