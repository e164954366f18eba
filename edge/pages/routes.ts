import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { CART_COOKIE } from '../api/commerce/cart-cookies.js';
import type { AppEnv } from '../env.js';
import { findCollection } from '../services/collections.js';
import { findItemAt } from '../services/items.js';
import { collectionPage } from './collection-page.js';
import { homePage } from './home-page.js';
import { itemPage } from './item-page.js';
import { pageRequest, respond } from './respond.js';
import { cartPage, notFoundPage, searchPage } from './utility-pages.js';

/** Published pages: each route resolves to a SPEC §2 page type and renders it. */
export const pages = new Hono<AppEnv>({ strict: false });

pages.get('/', async (c) => {
  const req = pageRequest(c);
  return respond(c, req, await homePage(req));
});

// SPEC §2: the cart link of templates is /cart. Per-visitor, so never cached.
pages.get('/cart', async (c) => {
  const req = pageRequest(c);
  c.header('Cache-Control', 'no-store');
  return respond(c, req, await cartPage(req, getCookie(c, CART_COOKIE)));
});

pages.get('/search', async (c) => {
  const req = pageRequest(c);
  return respond(c, req, await searchPage(req));
});

pages.get('/:collection', async (c) => {
  const req = pageRequest(c);
  const collection = await findCollection(req.db, req.site.id, c.req.param('collection'));
  return respond(c, req, collection ? await collectionPage(req, collection) : await notFoundPage(req));
});

pages.get('/:collection/:item', async (c) => {
  const req = pageRequest(c);
  const found = await findItemAt(req.db, req.site.id, c.req.param('collection'), c.req.param('item'), req.now);
  return respond(c, req, found ? await itemPage(req, found.collection, found.item) : await notFoundPage(req));
});

pages.get('*', async (c) => {
  const req = pageRequest(c);
  return respond(c, req, await notFoundPage(req));
});
