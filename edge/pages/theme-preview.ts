import type { Context } from 'hono';
import type { AppEnv } from '../env.js';
import { clientIp } from '../lib/client-address.js';
import { allows } from '../middleware/roles/index.js';
import { useApiToken } from '../services/themes/api-tokens.js';
import { themeVersionContents, themeVersionIndex } from '../services/themes/versions.js';
import { themeFromRefs, type Theme } from './theme-templates.js';
import { activeContentHeaders } from '../files/active-content.js';
import { contentTypeOf, filePath } from '../files/content-types.js';

/** The query parameter that renders a page with an unpublished theme version. */
export const THEME_PREVIEW_PARAM = 'theme_version';

/**
 * `atelier dev` asks `?format=json` with `X-Theme-Render: local`: callers who may preview
 * themes then also get what a local render needs (`clientAssets`, `siteStyles`, `themeBlocks`).
 */
export const THEME_RENDER_HEADER = 'X-Theme-Render';

/** True when the caller may preview theme versions: a contributor with `themes`, or a bearer token with theme:read. */
export async function mayPreviewTheme(c: Context<AppEnv>): Promise<boolean> {
  const header = c.req.header('Authorization');
  if (header !== undefined) {
    const match = /^Bearer ([^\s]+)$/.exec(header.trim());
    if (!match) return false;
    const token = await useApiToken(c.var.db, c.var.site.id, match[1]!, { method: c.req.method, route: c.req.path, source: clientIp(c) });
    return token?.scopes.includes('theme:read') ?? false;
  }
  const user = c.get('siteUser');
  return Boolean(user && allows('themes', user.roles));
}

/**
 * `?theme_version=N`: the page rendered with version N of the theme, for its owners and
 * tokens only (others get the live theme). Never cached by anyone, never indexed; the
 * answer names the version it rendered in `X-Theme-Version`. Undefined: render live.
 */
export async function previewTheme(c: Context<AppEnv>): Promise<Theme | undefined> {
  const raw = c.req.query(THEME_PREVIEW_PARAM);
  if (raw === undefined) return undefined;
  c.header('Cache-Control', 'no-store');
  c.header('X-Robots-Tag', 'noindex, nofollow');
  if (!/^[1-9][0-9]{0,8}$/.test(raw) || !(await mayPreviewTheme(c))) return undefined;
  const number = Number(raw);
  const refs = await themeVersionIndex(c.var.db, c.var.site.id, number);
  if (!refs) return undefined;
  c.header('X-Theme-Version', String(number));
  return { ...(await themeFromRefs(refs, (paths) => themeVersionContents(c.var.db, c.var.site.id, number, paths))), version: number };
}

/** Where version `number`'s static files are served in its preview. */
export const versionedThemePath = (number: number) => `/theme/v/${number}/`;

/**
 * `/theme/...` links in a preview's HTML (or a previewed CSS file) pointed at version
 * `number`'s static files: `href="/theme/assets/site.css"` -> `href="/theme/v/4/assets/site.css"`.
 * Only links that start a quoted value or a CSS `url(`; links already versioned stay.
 */
export function versionThemeLinks(text: string, number: number): string {
  return text.replace(/(["'(])\/theme\/(?!v\/[0-9])/g, `$1${versionedThemePath(number)}`);
}

/**
 * GET /theme/v/<N>/<path>: a static file of theme version N (its CSS, images) for the
 * callers who may preview it, never cached nor indexed; 404 for anyone else, for templates
 * and for files the version does not have. A CSS file's own `/theme/` links point at N too.
 */
export async function themeVersionFile(c: Context<AppEnv>): Promise<Response> {
  c.header('Cache-Control', 'private, no-store');
  c.header('X-Robots-Tag', 'noindex, nofollow');
  const match = /^\/theme\/v\/([1-9][0-9]{0,8})\/(.+)$/.exec(c.req.path);
  const path = match ? filePath(`/theme/${match[2]!}`, '/theme') : undefined;
  if (!match || !path || path.endsWith('.html') || !(await mayPreviewTheme(c))) return c.text('Not found', 404);
  const number = Number(match[1]);
  const content = (await themeVersionContents(c.var.db, c.var.site.id, number, [path])).get(path);
  if (content === undefined) return c.text('Not found', 404);
  const type = contentTypeOf(path);
  c.header('Content-Type', type);
  for (const [name, value] of Object.entries(activeContentHeaders(type, path))) c.header(name, value);
  return c.body(type.startsWith('text/css') ? versionThemeLinks(content, number) : content);
}
