import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { CART_COOKIE } from '../lib/cart-cookie.js';
import type { AppEnv } from '../env.js';
import { findCollection } from '../services/collections.js';
import { findItemAt } from '../services/items.js';
import { collectionPage } from './collection-page.js';
import { METHOD_NOT_ALLOWED } from './fallback-pages.js';
import { homePage } from './home-page.js';
import { itemPage } from './item-page.js';
import { pageCache } from './page-cache.js';
import { pageRequest, plainResponse, respond, wantsJson } from './respond.js';
import { reviewsRequestPage } from './reviews-request-page.js';
import { REVIEW_REQUEST_PATH } from '../services/reviews/links.js';
import { searchPage } from './search-page.js';
import { feedXml, hasFeed } from './seo/feed.js';
import { seoFiles } from './seo/routes.js';
import { cartPage, methodNotAllowedPage, notFoundPage } from './utility-pages.js';
import { checkoutPage, orderPage, subscriptionConfirmedPage } from './checkout-pages.js';
import { readPreferences } from '../services/commerce-preferences/index.js';
import { SIGN_IN_PATH } from '../../domain/commerce/checkout-fields.js';
import { downloadResponse } from './download-pages.js';
import { downloadLinkSecret } from '../services/downloads/index.js';
import { sitePayments, stripeBrowserSettings } from '../services/payments/index.js';
import { plainForms } from './forms/plain-submit.js';
import { findHiddenPage } from '../services/pages/published-page.js';
import { allows } from '../middleware/roles/index.js';
import { blockPage, servedPage } from './block-page.js';
import type { PageRequest } from './page-request.js';
import { gatedCollection, gatedPage, siteLock } from './members/access.js';
import { memberForms, membershipConfirmed } from './members/forms.js';
import { donationPages } from './donations.js';

/** Published pages: each route resolves to a SPEC §2 page type and renders it. */
export const pages = new Hono<AppEnv>({ strict: false });

// Served from the edge cache when it can be (never for carts, accounts or signed-in visitors).
pages.use('*', pageCache);
// A site password hides every page below (issue 30); its lock screen is never cached.
pages.use('*', siteLock);

pages.route('/', seoFiles);
// Forms posted without JavaScript (the theme's form action).
pages.route('/forms', plainForms);
// The lock screen's password and a member area's join button (issue 30).
pages.route('/members', memberForms);
// Donate (203), its form posted without JavaScript, and contribution confirmed (204) (issue 30).
pages.route('/', donationPages);

/**
 * A signed-in contributor's `?preview` of a page built from blocks: its draft, never
 * stored by a cache, never indexed. Marks the answer and tells the page builders.
 */
function preview(c: Context<AppEnv>, req: PageRequest): boolean {
  const user = c.get('siteUser');
  if (c.req.query('preview') === undefined || !user || !allows('pages', user.roles)) return false;
  c.header('Cache-Control', 'no-store');
  c.header('X-Robots-Tag', 'noindex, nofollow');
  req.previewDraft = true;
  req.previewRevision = /^[1-9][0-9]{0,8}$/.test(c.req.query('revision') ?? '') ? Number(c.req.query('revision')) : undefined;
  return true;
}

pages.get('/', async (c) => {
  const req = pageRequest(c);
  preview(c, req);
  return respond(c, req, await homePage(req));
});

// SPEC §2: the cart link of templates is /cart. Per-visitor, so never cached.
pages.get('/cart', async (c) => {
  const req = pageRequest(c);
  c.header('Cache-Control', 'no-store');
  return respond(c, req, await cartPage(req, getCookie(c, CART_COOKIE)));
});

// Checkout (201), order confirmed (202), order status (211); per visitor or per order.
pages.get('/checkout', async (c) => {
  const req = pageRequest(c);
  c.header('Cache-Control', 'no-store');
  const [pay, fields] = await Promise.all([sitePayments(c.var.db, c.env, c.var.site), readPreferences(c.var.db, c.var.site, 'checkout', c.env)]);
  const checkoutFields = { phoneRequired: fields.collectPhoneNumber === true, signInRequired: fields.guestCheckout === false && !c.var.siteUser, signInUrl: SIGN_IN_PATH };
  return respond(c, req, await checkoutPage(req, getCookie(c, CART_COOKIE), c.req.query('cartToken'), stripeBrowserSettings(pay.env), checkoutFields));
});

pages.get('/order-confirmed', async (c) => {
  const req = pageRequest(c);
  c.header('Cache-Control', 'no-store');
  return respond(c, req, await orderPage(req, 'confirmed', c.req.query('order'), c.req.query('token'), downloadLinkSecret(c.env)));
});

pages.get('/subscription-confirmed', async (c) => {
  const req = pageRequest(c);
  c.header('Cache-Control', 'no-store');
  return respond(c, req, await subscriptionConfirmedPage(req, c.req.query('order'), c.req.query('token')));
});

// SPEC §2 page type 208: after joining a member area.
pages.get('/membership-confirmed', membershipConfirmed);

pages.get('/order-status', async (c) => {
  const req = pageRequest(c);
  c.header('Cache-Control', 'no-store');
  return respond(c, req, await orderPage(req, 'status', c.req.query('order'), c.req.query('token'), downloadLinkSecret(c.env)));
});

// A digital product's signed, expiring, counted download link.
pages.get('/downloads/:grant', downloadResponse);

pages.get('/search', async (c) => {
  const req = pageRequest(c);
  return respond(c, req, await searchPage(req));
});

// SPEC §2 page type 209: reached from the signed link a buyer gets after a purchase.
pages.get(REVIEW_REQUEST_PATH, async (c) => {
  const req = pageRequest(c);
  // The token in the URL is the buyer's: never stored by a shared cache.
  c.header('Cache-Control', 'no-store');
  return respond(c, req, await reviewsRequestPage(req, c.env.REVIEW_LINK_SECRET));
});

pages.get('/:collection', async (c) => {
  const req = pageRequest(c);
  const collection = await findCollection(req.db, req.site.id, c.req.param('collection'));
  if (c.req.query('format') === 'rss') {
    if (!collection || !hasFeed(collection)) return respond(c, req, await notFoundPage(req));
    // A feed of a collection in a member area: for its members only (never cached), else 404.
    const gated = await gatedCollection(c, req, collection, { kind: 'feed' });
    if (gated) return gated;
    return c.body(await feedXml(req, collection), 200, { 'Content-Type': 'application/rss+xml; charset=utf-8' });
  }
  // A page built from blocks answers at its slug once published. Its draft is shown only to
  // a signed-in contributor asking for `?preview`: never stored, never indexed.
  const previewing = preview(c, req);
  // A collection in a member area (its tag and category lists too): the paywall for visitors without access.
  if (collection) return (await gatedCollection(c, req, collection, { kind: 'page' })) || respond(c, req, await collectionPage(req, collection));
  const page = await servedPage(req, c.req.param('collection'));
  // A page behind a password or in a member area answers per visitor (a contributor's preview is the draft itself).
  if (page) return (!previewing && (await gatedPage(c, req, page))) || respond(c, req, await blockPage(req, page));
  // A Private or Deprecated page: its live revision for signed-in contributors only.
  const user = c.get('siteUser');
  const hidden = !previewing && user && allows('pages', user.roles) ? await findHiddenPage(req.db, req.site.id, c.req.param('collection')) : undefined;
  if (hidden) {
    c.header('Cache-Control', 'no-store');
    c.header('X-Robots-Tag', 'noindex, nofollow');
    return respond(c, req, await blockPage(req, hidden));
  }
  return respond(c, req, await notFoundPage(req));
});

pages.get('/:collection/:item', async (c) => {
  const req = pageRequest(c);
  const found = await findItemAt(req.db, req.site.id, c.req.param('collection'), c.req.param('item'), req.now);
  if (!found) return respond(c, req, await notFoundPage(req));
  // An item of a collection in a member area (a blog post, a product): its collection's paywall for visitors without access.
  const gated = found.inMemberArea && (await gatedCollection(c, req, found.collection, { kind: 'item', path: found.item.fullUrl }));
  return gated || respond(c, req, await itemPage(req, found.collection, found.item));
});

pages.get('*', async (c) => {
  const req = pageRequest(c);
  return respond(c, req, await notFoundPage(req));
});

// Pages are read-only: GET (and HEAD, which Hono answers from the GET route without a body).
const ALLOW = 'GET, HEAD, OPTIONS';
pages.options('*', (c) => c.body(null, 204, { Allow: ALLOW }));
pages.all('*', async (c) => {
  c.header('Allow', ALLOW);
  if (wantsJson(c)) return plainResponse(c, METHOD_NOT_ALLOWED);
  const req = pageRequest(c);
  return respond(c, req, await methodNotAllowedPage(req));
});
