import { Hono } from 'hono';
import { z } from 'zod';
import { checkCredentials, endSession, startSession } from '../../middleware/session/sign-in.js';
import type { AppEnv } from '../../env.js';
import { loadClientAssetUrls } from '../../files/client-manifest.js';
import { accountPage, html } from '../account/html.js';
import { formFailure, formFields, formPost } from '../account/forms.js';
import { invitationRoutes } from './invitation.js';
import { handoffRoutes } from './handoff.js';
import { OWNER_SCREENS, ownerShell } from './shell.js';
import { forbiddenPage, permitted, screen, signInPage } from './screen.js';

/**
 * /config/: the owner area (SPEC §2: any path containing /config/ is editor mode). Anonymous
 * visitors get the sign-in form (it works without JavaScript); signed-in visitors without a
 * contributor role a 403; the rest the shell that loads the owner app (client/editor), which
 * draws every screen from the JSON APIs. Each screen path answers only to the roles of its
 * row of the permission table, as its APIs do.
 */
export const config = new Hono<AppEnv>({ strict: false });

config.route('/', invitationRoutes);
// A platform owner opening this site from the platform host (issue 34).
config.route('/', handoffRoutes);

/** What a screen's page holds before the app takes over (and all it shows without JavaScript). */
const placeholder = (title: string) =>
  html`<h1>${title}</h1><noscript><p>The owner area needs JavaScript. Turn it on in your browser to use this screen.</p></noscript>`;

config.get('/', (c) => screen(c, '/config/', 'ownerArea', 'Owner area', () => placeholder(c.var.site.title)));

for (const s of OWNER_SCREENS) {
  config.get(s.path.replace(/^\/config/, ''), (c) => screen(c, s.path, s.permission, s.label, () => placeholder(s.label)));
}
// One order (the app's order detail screen): the orders row's permission.
config.get('/orders/:number', (c) => screen(c, '/config/orders', 'orders', 'Order', () => placeholder('Order')));
// Its printable packing slip (client/editor/screens/order-detail/packing-slip.tsx).
config.get('/orders/:number/packing-slip', (c) => screen(c, '/config/orders', 'orders', 'Packing slip', () => placeholder('Packing slip')));
// The catalogue's CSV import (client/editor/screens/product-import): the products row's permission.
config.get('/products/import', (c) => screen(c, '/config/products', 'catalog', 'Import products', () => placeholder('Import products')));
// The store creation wizard (the Products screen's "Create your store"): the catalog row's permission.
config.get('/store-setup', (c) => screen(c, '/config/products', 'catalog', 'Store setup', () => placeholder('Store setup')));
// The product editor (new or one product): the products row's permission.
config.get('/products/:id', (c) => screen(c, '/config/products', 'catalog', 'Product editor', () => placeholder('Product editor')));
// One blog post (the app's post editor; `new` for a new one): the blog row's permission.
config.get('/blog/:id', (c) => screen(c, '/config/blog', 'blog', 'Blog post', () => placeholder('Blog post')));
// One form in the builder (`new` for a new one): the forms row's permission.
config.get('/forms/:id', (c) => screen(c, '/config/forms', 'forms', 'Form builder', () => placeholder('Form builder')));
// One campaign (`new` for a new one): the campaigns row's permission.
config.get('/campaigns/:id', (c) => screen(c, '/config/campaigns', 'campaigns', 'Campaign', () => placeholder('Campaign')));
// SPEC §2 upgrade destinations: the billing screen's two paths (client/editor/screens/billing).
config.get('/billing/upgrade', (c) => screen(c, '/config/billing', 'billing', 'Upgrade', () => placeholder('Upgrade')));
config.get('/billing/website-subscriptions', (c) => screen(c, '/config/billing', 'billing', 'Website subscriptions', () => placeholder('Website subscriptions')));
// The translation editor (client/editor/screens/translations): the languages row's permission.
config.get('/languages/translations', (c) => screen(c, '/config/languages', 'languages', 'Translations', () => placeholder('Translations')));
config.get('/pages/:id/edit', (c) => screen(c, '/config/', 'pages', 'Page editor', () => placeholder('Page editor')));

config.post('/sign-in', ...formPost, async (c) => {
  const form = await formFields(c);
  const parsed = z.object({ email: z.string().trim().min(3).max(256), password: z.string().min(1).max(1024) }).safeParse(form);
  if (!parsed.success) return signInPage(c, 'Enter your email and password.', 400, form.email);
  try {
    const user = await checkCredentials(c, parsed.data.email, parsed.data.password);
    await startSession(c, user, form.rememberMe === 'true');
  } catch (err) {
    const { message, status } = formFailure(c, err);
    return signInPage(c, message, status, parsed.data.email);
  }
  return c.redirect('/config/', 303);
});

config.post('/sign-out', ...formPost, async (c) => {
  await endSession(c, false);
  return c.redirect('/config/', 303);
});

// Unknown owner screens: sign-in for anonymous visitors, 403 without a role, else 404.
config.get('/*', async (c) => {
  if (!c.var.siteUser) return signInPage(c);
  if (!permitted(c, 'ownerArea')) return forbiddenPage(c);
  const content = html`<h1>No such screen</h1><p><a href="/config/">Back to the overview</a></p>`;
  const client = await loadClientAssetUrls(c.env.ASSETS);
  return accountPage(c, 'Not found', ownerShell(c, c.req.path, content), 404, 'config', client?.editor, client?.editorCss);
});
