import type { Context } from 'hono';
import type { AppEnv } from '../../env.js';
import { loadClientAssetUrls } from '../../files/client-manifest.js';
import { allows, type Permission } from '../../middleware/roles/index.js';
import { accountPage, actionButton, html, type Markup } from '../account/html.js';
import { COLLECTION_TYPE } from '../../../schema/index.js';
import { query } from '../../services/db.js';
import { ownerShell } from './shell.js';
import { signInForm } from './sign-in.js';

/**
 * The frame every owner screen goes through: sign-in form for anonymous visitors, 403 for
 * roles outside the screen's row of the permission table, else the shell around the
 * screen. Shared by the screens of index.ts and their own files (orders, gift cards, ...).
 */
export function signInPage(c: Context<AppEnv>, error?: string, status = 200, email?: string) {
  return accountPage(c, 'Sign in', signInForm(c, '/config/sign-in', { error, email }), status, 'config');
}

export function forbiddenPage(c: Context<AppEnv>) {
  const body = html`<h1>No access</h1>
<p>Your account (${c.var.siteUser!.email}) has no access to this part of the site.</p>
${actionButton(c, '/config/sign-out', 'Sign out')}`;
  return accountPage(c, 'No access', body, 403, 'config');
}

/** Whether the visitor may use `permission` in the owner area. */
export function permitted(c: Context<AppEnv>, permission: Permission): boolean {
  const roles = c.var.siteUser?.roles ?? [];
  return allows('ownerArea', roles) && allows(permission, roles);
}

/**
 * Renders an owner screen for a visitor allowed `permission`, else sign-in (401-free HTML)
 * or 403. `nav` is the navigation entry marked current (a detail screen marks its list).
 * `status` lets a screen answer 400/404 inside the shell.
 */
export async function screen(
  c: Context<AppEnv>, nav: string, permission: Permission, title: string, content: () => Promise<Markup> | Markup, status = 200,
) {
  const user = c.var.siteUser;
  if (!user) return signInPage(c);
  if (!permitted(c, permission)) return forbiddenPage(c);
  const [body, client, storeSetup] = await Promise.all([content(), loadClientAssetUrls(c.env.ASSETS), needsStoreSetup(c)]);
  return accountPage(c, title, ownerShell(c, nav, body, { storeSetup }), status, 'config', client?.editor, client?.editorCss);
}

/** True while the site has no store and the roles may create one: the navigation then offers 'Store setup'. */
async function needsStoreSetup(c: Context<AppEnv>): Promise<boolean> {
  if (!allows('catalog', c.var.siteUser?.roles ?? [])) return false;
  const row = await query(() =>
    c.var.db.$client.prepare('SELECT 1 AS one FROM collections WHERE website_id = ? AND type = ? LIMIT 1').bind(c.var.site.id, COLLECTION_TYPE.products).first<{ one: number }>(),
  );
  return !row;
}
