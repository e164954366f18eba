import { stripeLocale } from '../../domain/languages/languages.js';
import { CHECKOUT_PATH } from '../../domain/constants/storefront.js';
import { cartJson, findCart, isCartTokenShape, loadCartView, visitorCart } from '../services/cart/index.js';
import { subscriptionJson, subscriptionOfOrder } from '../services/subscriptions/subscription-json.js';
import { subscriptionCheckout } from '../services/subscriptions/checkout-context.js';
import { cartPricing } from '../services/orders/cart-pricing.js';
import { orderFromLink, orderJson } from '../services/orders/index.js';
import { orderDownloads } from '../services/downloads/index.js';
import { shopperFulfilments } from '../services/order-ops/index.js';
import { moneyJson } from '../../domain/money/money.js';
import { baseContext } from './page-context.js';
import { pageCouponWords, pageStoreTexts, storeTextsJson } from './context/languages.js';
import { type PageRequest } from './page-request.js';
import { PAGE_TYPE, type PageResult } from './page-types.js';
import { notFoundPage } from './utility-pages.js';
import { orderStatusText } from './context/order-status-text.js';

/**
 * `/checkout` (SPEC §2 page type 201): the visitor's priced cart; the checkout island takes
 * over. With `?cartToken=` (SPEC §7: where a subscription add sends the visitor) it is the
 * checkout of that subscription cart instead, with the plan's wording in `subscription`.
 * `stripe` (the publishable key, when the deployment has Stripe) lets the island pay through
 * Stripe.js, a subscription too (its intent names the cart token and saves the card).
 */
/**
 * The owner's checkout-field switches as the checkout page shows them (the server enforces
 * them: edge/api/commerce/checkout-fields.ts): `phoneRequired` puts a required phone field in
 * the form; `signInRequired` (guest checkout off and nobody signed in) a sign-in link above it.
 */
export interface CheckoutFieldsContext {
  phoneRequired: boolean;
  signInRequired: boolean;
  signInUrl: string;
}

export async function checkoutPage(req: PageRequest, cartToken: string | undefined, subscriptionToken?: string, stripeKey?: { publishableKey: string }, checkoutFields?: CheckoutFieldsContext): Promise<PageResult> {
  // The Payment Element in the page's language (issue 29): the island passes `locale` to Stripe.js as given,
  // and `returnUrl` (this checkout under the page's prefix) as the payment's return_url.
  const stripe = stripeKey && { ...stripeKey, locale: stripeLocale(req.site.locale), returnUrl: `${req.language?.prefix ?? ''}${CHECKOUT_PATH}` };
  const base = baseContext(req, PAGE_TYPE.checkout, 'checkout').then((b) => ({ ...b, ...(checkoutFields ? { checkoutFields } : {}) }));
  if (subscriptionToken !== undefined) {
    const record = isCartTokenShape(subscriptionToken) ? await findCart(req.db, req.site.id, subscriptionToken, req.now, 'subscription') : undefined;
    const view = record ? await loadCartView(req.db, record) : undefined;
    const cart = cartJson(view, req.site, req.now, await cartPricing(req.db, req.site, view, req.now));
    // The plan's wording in the page's language, its money in that language's format (issue 29).
    const texts = await pageStoreTexts(req);
    const subscription = view ? await subscriptionCheckout(req.db, view, subscriptionToken, req.site.currency, req.language?.code ?? req.site.locale, texts) : undefined;
    return { status: 200, templates: ['checkout.html'], context: { ...(await base), cart, storeTexts: await storeTextsJson(req), ...(subscription ? { subscription } : {}), ...(stripe ? { stripe } : {}) } };
  }
  const view = await visitorCart(req.db, req.site.id, cartToken, req.now);
  // The refused coupons' messages in the page's language (lang24).
  const cart = cartJson(view, req.site, req.now, await cartPricing(req.db, req.site, view, req.now, view?.record.coupons.length ? await pageCouponWords(req) : undefined));
  return { status: 200, templates: ['checkout.html'], context: { ...(await base), cart, storeTexts: await storeTextsJson(req), ...(stripe ? { stripe } : {}) } };
}

/**
 * Subscription confirmed (SPEC §2 page type 206): the first order's link opens it, with the
 * subscription that order started; anything else is the not-found page.
 */
export async function subscriptionConfirmedPage(req: PageRequest, orderId: string | undefined, token: string | undefined): Promise<PageResult> {
  const found = await orderFromLink(req.db, req.site.id, orderId, token);
  const row = found ? await subscriptionOfOrder(req.db, req.site.id, found.order.id) : undefined;
  if (!found || !row) return notFoundPage(req);
  const [base, texts] = await Promise.all([baseContext(req, PAGE_TYPE.subscriptionConfirmed, 'subscription-confirmed'), pageStoreTexts(req)]);
  const subscription = subscriptionJson(row, req.language?.code ?? req.site.locale, texts);
  return { status: 200, templates: ['subscription-confirmed.html'], context: { ...base, order: orderJson(found), subscription } };
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
  const [base, downloads, done, storeTexts, statusText] = await Promise.all([
    baseContext(req, pageType, name),
    orderDownloads(req.db, downloadSecret, req.site.id, found.order.id),
    shopperFulfilments(req.db, req.site.id, found),
    storeTextsJson(req, { number: found.order.orderNumber, email: found.order.email }),
    orderStatusText(req, found.order.status),
  ]);
  // The digital products' download links, signed afresh on each view.
  // The owner's shipments and refunds show on the status page (and are empty on the confirmation).
  // Under a language's prefix the links open /fr/downloads/..., whose refusal pages speak it (issue 29).
  const prefix = req.language?.prefix ?? '';
  const localized = prefix ? downloads.map((d) => (d.url ? { ...d, url: `${prefix}${d.url}` } : d)) : downloads;
  const order = { ...orderJson(found), downloads: localized, fulfilments: done.fulfilments, refundedTotal: done.refundedCents, refundedTotalMoney: moneyJson(done.refundedCents, found.order.currency), ...(statusText ? { statusText } : {}) };
  return { status: 200, templates: [template], context: { ...base, order, storeTexts } };
}
