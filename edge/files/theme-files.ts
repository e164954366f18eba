import { Hono } from 'hono';
import type { AppEnv } from '../env.js';
import { themeFile } from '../services/theme.js';
import { activeContentHeaders } from './active-content.js';
import { contentTypeOf, filePath } from './content-types.js';

/**
 * GET /theme/<path>: the site's static theme files (CSS, SVG, fonts) from D1.
 * Templates are not served: their source is not public output.
 */
export const themeFiles = new Hono<AppEnv>();

themeFiles.get('/*', async (c) => {
  const path = filePath(c.req.path, '/theme');
  if (!path || path.endsWith('.html')) return c.text('Not found', 404);
  const file = await themeFile(c.var.db, c.var.site.id, path);
  if (!file) return c.text('Not found', 404);
  const etag = `"${file.hash}"`;
  c.header('ETag', etag);
  // Theme URLs are not content-addressed: cache briefly, revalidate by ETag.
  c.header('Cache-Control', 'public, max-age=300');
  if (c.req.header('if-none-match') === etag) return c.body(null, 304);
  const type = contentTypeOf(path);
  c.header('Content-Type', type);
  for (const [name, value] of Object.entries(activeContentHeaders(type, path))) c.header(name, value);
  return c.body(file.content);
});
