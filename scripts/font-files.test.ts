import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FONT_FAMILIES } from '../domain/site-styles/fonts.js';
import { fontObjects, uploadFonts } from './font-files.js';

describe('the self-hosted font files', () => {
  it('every hosted family is a dependency and each offered weight has its latin woff2 file', async () => {
    const deps = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> }).dependencies;
    const hosted = FONT_FAMILIES.filter((f) => f.hosted);
    for (const f of hosted) expect(deps, f.id).toHaveProperty(`@fontsource/${f.id}`);
    const objects = fontObjects();
    expect(objects).toHaveLength(hosted.reduce((n, f) => n + f.weights.length, 0));
    for (const o of objects) {
      const bytes = new Uint8Array((await o.body()) as ArrayBuffer);
      expect(new TextDecoder().decode(bytes.slice(0, 4)), o.key).toBe('wOF2');
    }
  });

  it('uploads only what the bucket lacks', async () => {
    const stored = new Map<string, string>([['fonts/v1/lora-400.woff2', 'font/woff2']]);
    const bucket = { head: async (key: string) => (stored.has(key) ? {} : null), put: async (key: string, _b: ArrayBuffer, o: { httpMetadata: { contentType: string } }) => stored.set(key, o.httpMetadata.contentType) };
    expect(await uploadFonts(bucket)).toBe(fontObjects().length - 1);
    expect(await uploadFonts(bucket)).toBe(0);
    expect([...stored.values()].every((t) => t === 'font/woff2')).toBe(true);
  });
});
