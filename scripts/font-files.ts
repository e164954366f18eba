/**
 * Puts the self-hosted fonts (domain/site-styles/fonts.ts) into R2: each family's latin
 * woff2 files from its npm @fontsource package, under FONT_PREFIX, which /assets serves with
 * immutable caching (the @font-face stylesheets come from edge/files/font-stylesheets.ts). The seed script and tests call
 * this; a deployment runs the same upload against its bucket.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FONT_FAMILIES, FONT_PREFIX } from '../domain/site-styles/fonts.js';

/** The slice of an R2 bucket this needs (the bindings bridge's handle or the Workers binding). */
export interface FontBucket {
  head(key: string): Promise<unknown>;
  put(key: string, body: ArrayBuffer, options: { httpMetadata: { contentType: string } }): Promise<unknown>;
}

const MODULES = join(dirname(fileURLToPath(import.meta.url)), '..', 'node_modules');

/** Every font object: its R2 key, content type and bytes (read lazily). */
export function fontObjects(): { key: string; contentType: string; body: () => Promise<ArrayBuffer> }[] {
  return FONT_FAMILIES.filter((f) => f.hosted).flatMap((family) => [
    ...family.weights.map((weight) => ({
      key: `${FONT_PREFIX}/${family.id}-${weight}.woff2`,
      contentType: 'font/woff2',
      body: async () => {
        const bytes = await readFile(join(MODULES, '@fontsource', family.id, 'files', `${family.id}-latin-${weight}-normal.woff2`));
        return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
      },
    })),
  ]);
}

/** Uploads the font objects the bucket lacks; answers how many it put. */
export async function uploadFonts(bucket: FontBucket): Promise<number> {
  let put = 0;
  for (const object of fontObjects()) {
    if (await bucket.head(object.key)) continue;
    await bucket.put(object.key, await object.body(), { httpMetadata: { contentType: object.contentType } });
    put += 1;
  }
  return put;
}
