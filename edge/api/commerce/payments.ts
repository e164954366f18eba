import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { quoteCheckout } from '../../services/orders/index.js';
import { giftCardUse } from '../../services/gift-cards/index.js';
import { customerFor, prepareIntent, sitePayments, stripeClient, stripeSettings } from '../../services/payments/index.js';
import { SUBSCRIPTION_MESSAGES, subscriptionTerms } from '../../services/subscriptions/start.js';
import { checkPaywallCart } from '../../services/members/paid.js';
import { applyStripeEvent, verifiedStripeRequest } from '../../services/payments/stripe-webhooks.js';
import { enforceCheckoutFields } from './checkout-fields.js';
import { checkoutBody, inCheckoutLanguage } from './checkout-messages.js';
import { cartWriteLimit, token } from './cart-request.js';
import { intentBody, type IntentBody } from './order-schemas.js';

/** Stripe on checkout, mounted at /api/commerce/payments. */
export const payments = new Hono<AppEnv>({ strict: false });

const NOT_SET_UP = 'Card payments through Stripe are not set up for this store.';
const EMAIL_NEEDED = 'Enter a valid email address.';

/**
 * POST /stripe/intent: the PaymentIntent for the visitor's cart at the server's total
 * (crumb-protected like every cart write). The browser confirms it with Stripe.js, then
 * places the order with `payment: { provider: 'stripe', paymentIntentId }`. With the
 * `cartToken` of a subscription cart (and the shopper's email) the card is saved to the
 * shopper's Stripe Customer for off-session renewals, as the order then requires.
 */
payments.post('/stripe/intent', cartWriteLimit, checkoutBody(intentBody), async (c) => {
  const body = c.req.valid('json');
  // Its refusals in the checkout page's language (`language`, issue 29), as the order's.
  return inCheckoutLanguage(c, body.language, () => stripeIntent(c, body));
});

async function stripeIntent(c: Context<AppEnv>, body: IntentBody) {
  const settings = stripeSettings((await sitePayments(c.var.db, c.env, c.var.site)).env);
  if (!settings) throw new ApiError(404, 'not_found', NOT_SET_UP);
  await enforceCheckoutFields(c, body);
  const site = c.var.site;
  const { view, priced } = await quoteCheckout(c.var.db, {
    site: { id: site.id, currency: site.currency, title: site.title, storeSettings: site.storeSettings },
    cartToken: body.cartToken ?? token(c),
    cartKind: body.cartToken ? 'subscription' : 'shopping',
    shippingAddress: body.shippingAddress,
    billingAddress: body.billingAddress,
    shippingOptionId: body.shippingOptionId,
    coupons: body.coupons,
    now: Date.now(),
  });
  const t = priced.totals;
  const subscription = await subscriptionTerms(c.var.db, view);
  await checkPaywallCart(c.var.db, site.id, view);
  if (subscription && body.giftCardCode) {
    throw new ApiError(422, 'gift_card_not_allowed', SUBSCRIPTION_MESSAGES.noGiftCard, { fields: { giftCardCode: SUBSCRIPTION_MESSAGES.noGiftCard } });
  }
  if (subscription && !body.email) throw new ApiError(422, 'invalid_request', EMAIL_NEEDED, { fields: { email: EMAIL_NEEDED } });
  // With a gift card the card pays only what the gift card leaves, as order placement charges.
  const gift = body.giftCardCode ? await giftCardUse(c.var.db, site, body.giftCardCode, view.entries.map((e) => e.productType), t.grandTotalCents) : undefined;
  const amountCents = gift ? gift.amountDueCents : t.grandTotalCents;
  if (amountCents === 0) throw new ApiError(422, 'nothing_to_pay', 'Your gift card covers this order: no card payment is needed.');
  const stripe = stripeClient(settings);
  const saveForCustomer = subscription && body.email ? await customerFor(stripe, site.id, body.email) : undefined;
  const intent = await prepareIntent(stripe, { websiteId: site.id, cartId: view.record.id, amountCents, currency: t.currency, saveForCustomer });
  return c.json({ paymentIntent: intent, ...(settings.publishableKey ? { publishableKey: settings.publishableKey } : {}) });
}

/**
 * POST /stripe/webhook: Stripe's event deliveries. No crumb (Stripe has no cookie): the
 * `Stripe-Signature` HMAC over the raw body is the credential; a bad one is a 400.
 */
payments.post('/stripe/webhook', async (c) => {
  // The site's stored secret key over the deployment's (the signing secret stays a Workers secret).
  const settings = stripeSettings((await sitePayments(c.var.db, c.env, c.var.site)).env);
  if (!settings?.webhookSecret) throw new ApiError(404, 'not_found', NOT_SET_UP);
  const event = await verifiedStripeRequest(c.req, settings.webhookSecret);
  return c.json(await applyStripeEvent(c.var.db, event, c.var.site.id, Date.now()));
});
