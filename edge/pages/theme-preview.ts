import type { Context } from 'hono';
import type { AppEnv } from '../env.js';
import { clientIp } from '../lib/client-address.js';
import { allows } from '../middleware/roles/index.js';
import { useApiToken } from '../services/themes/api-tokens.js';
import { themeVersionContents, themeVersionIndex } from '../services/themes/versions.js';
import { themeFromRefs, type Theme } from './theme-templates.js';

/** The query parameter that renders a page with an unpublished theme version. */
export const THEME_PREVIEW_PARAM = 'theme_version';

/** True when the caller may preview theme versions: a contributor with `themes`, or a bearer token with theme:read. */
async function mayPreview(c: Context<AppEnv>): Promise<boolean> {
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
  if (!/^[1-9][0-9]{0,8}$/.test(raw) || !(await mayPreview(c))) return undefined;
  const number = Number(raw);
  const refs = await themeVersionIndex(c.var.db, c.var.site.id, number);
  if (!refs) return undefined;
  c.header('X-Theme-Version', String(number));
  return themeFromRefs(refs, (paths) => themeVersionContents(c.var.db, c.var.site.id, number, paths));
}
