import { Hono } from 'hono';
import type { AppEnv } from '../env.js';
import { filePath } from './content-types.js';

/** Built file names carry Vite's content hash, so a URL's content never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
// `<name>-<hash>.<ext>` as vite.config.ts names every output file; the manifest is not public.
const HASHED_FILE = /^(?:[a-z0-9_-]+\/)?[A-Za-z0-9_.-]+-[A-Za-z0-9_-]{8}\.(?:js|css|svg|png|woff2?)$/;

/**
 * GET /client/<file>: the Vite build (dist/client) through the Workers static-assets
 * binding `ASSETS` (wrangler.toml `[assets]`, run_worker_first so the worker decides),
 * cached for a year. Only hashed build files are served.
 */
export const clientAssets = new Hono<AppEnv>();

clientAssets.get('/*', async (c) => {
  const path = filePath(c.req.path, '/client');
  if (!path || !HASHED_FILE.test(path) || !c.env.ASSETS) return c.text('Not found', 404);
  const res = await c.env.ASSETS.fetch(new Request(new URL(`/${path}`, c.req.url), { headers: c.req.raw.headers }));
  if (res.status !== 200 && res.status !== 304) return c.text('Not found', 404);
  const headers = new Headers(res.headers);
  headers.set('Cache-Control', IMMUTABLE);
  return new Response(res.body, { status: res.status, headers });
});
