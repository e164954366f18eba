import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { plainPage } from '../../pages/fallback-pages.js';
import { INLINE_SCRIPT_HASHES, INLINE_STYLE_HASHES } from './inline-hashes.js';

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
const inline = (html: string, tag: 'style' | 'script') =>
  [...html.matchAll(new RegExp(`<${tag}(?![^>]*\\bsrc=)(?![^>]*type="application/json")[^>]*>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1]!);

/** The stylesheet react-colorful appends to the document (a string literal in its build). */
function colourPickerStyle(): string {
  const build = readFileSync(new URL('../../../node_modules/react-colorful/dist/index.mjs', import.meta.url), 'utf8');
  const literal = /\.innerHTML='((?:[^'\\]|\\.)*)'/.exec(build)![1]!;
  return JSON.parse(`"${literal.replace(/\\'/g, "'").replace(/"/g, '\\"')}"`) as string;
}

/** Every page the app emits without the theme, with the inline code in it. */
const EMITTERS = [
  { source: 'edge/pages/fallback-pages.ts', html: plainPage('Title', 'Message') },
  { source: 'react-colorful', html: `<style>${colourPickerStyle()}</style>` },
];

describe('inline code hashes', () => {
  it.each(EMITTERS)('every inline style and script of $source is allowed by hash', ({ html }) => {
    const styles = inline(html, 'style');
    expect(styles.length).toBeGreaterThan(0);
    for (const css of styles) expect(INLINE_STYLE_HASHES.map((h) => h.hash)).toContain(sha256(css));
    for (const js of inline(html, 'script')) expect(INLINE_SCRIPT_HASHES.map((h) => h.hash)).toContain(sha256(js));
  });

  it('lists no stale hash', () => {
    const emitted = new Set(EMITTERS.flatMap(({ html }) => [...inline(html, 'style'), ...inline(html, 'script')].map(sha256)));
    for (const { hash } of [...INLINE_STYLE_HASHES, ...INLINE_SCRIPT_HASHES]) expect(emitted).toContain(hash);
  });
});
