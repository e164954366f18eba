import { Hono } from 'hono';
import { FONT_PREFIX, fontFaceCss, fontFamily } from '../../domain/site-styles/fonts.js';
import type { AppEnv } from '../env.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * GET /assets/fonts/v1/<family>.css: the @font-face rules of a self-hosted family
 * (domain/site-styles/fonts.ts), made here from the allow-list. Uploads under /assets are
 * never served as stylesheets (content-types.ts), so these are not stored in R2: only the
 * woff2 files they point at are (scripts/font-files.ts). Versioned path, so immutable.
 */
export const fontStylesheets = new Hono<AppEnv>();

fontStylesheets.get(`/${FONT_PREFIX}/:file{[a-z0-9-]+\\.css}`, (c) => {
  const family = fontFamily(c.req.param('file').slice(0, -'.css'.length));
  if (!family?.hosted) return c.text('Not found', 404);
  return c.body(fontFaceCss(family), 200, {
    'Content-Type': 'text/css; charset=utf-8',
    'Cache-Control': IMMUTABLE,
    // Public like every /assets file (edge/files/assets.ts).
    'Cross-Origin-Resource-Policy': 'cross-origin',
  });
});
