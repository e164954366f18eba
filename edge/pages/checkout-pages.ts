import { cartJson, visitorCart } from '../services/cart/index.js';
import { cartPricing } from '../services/orders/cart-pricing.js';
import { orderFromLink, orderJson } from '../services/orders/index.js';
import { orderDownloads } from '../services/downloads/index.js';
import { baseContext, type PageRequest } from './page-context.js';
import { PAGE_TYPE, type PageResult } from './page-types.js';
import { notFoundPage } from './utility-pages.js';

/** `/checkout` (SPEC §2 page type 201): the visitor's priced cart; the checkout island takes over. */
export async function checkoutPage(req: PageRequest, cartToken: string | undefined): Promise<PageResult> {
  const [base, view] = await Promise.all([baseContext(req, PAGE_TYPE.checkout, 'checkout'), visitorCart(req.db, req.site.id, cartToken, req.now)]);
  const cart = cartJson(view, req.site, req.now, await cartPricing(req.db, req.site, view, req.now));
  return { status: 200, templates: ['checkout.html'], context: { ...base, cart } };
}

/**
 * Order confirmed (202) and order status (211): reached only with the order's link token
 * (the purchaser's answer, the confirmation mail); anything else is the not-found page.
 */
export async function orderPage(req: PageRequest, kind: 'confirmed' | 'status', orderId: string | undefined, token: string | undefined, downloadSecret?: string): Promise<PageResult> {
  const found = await orderFromLink(req.db, req.site.id, orderId, token);
  if (!found) return notFoundPage(req);
  const [pageType, name, template] = kind === 'confirmed'
    ? ([PAGE_TYPE.orderConfirmed, 'order-confirmed', 'order-confirmed.html'] as const)
    : ([PAGE_TYPE.orderStatus, 'order-status', 'order-status.html'] as const);
  const [base, downloads] = await Promise.all([baseContext(req, pageType, name), orderDownloads(req.db, downloadSecret, req.site.id, found.order.id)]);
  // Issue 10: the digital products' download links, signed afresh on each view.
  return { status: 200, templates: [template], context: { ...base, order: { ...orderJson(found), downloads } } };
}
