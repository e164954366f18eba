import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { CRUMB_COOKIE } from '../../middleware/crumb/index.js';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { leaseMs, placeOrder } from '../../services/orders/index.js';
import { orderJson } from '../../services/orders/index.js';
import { paymentProviderFor, sitePayments, stripeSettings } from '../../services/payments/index.js';
import { downloadLinkSecret } from '../../services/downloads/index.js';
import { areaOfOrder } from '../../services/members/paid.js';
import { canonicalLanguage, languagePrefix } from '../../../domain/languages/languages.js';
import { readLanguages } from '../../services/multilingual/settings.js';
import { syncCartCookies } from '../../middleware/session/cart-cookies.js';
import { cartWriteLimit, token } from './cart-request.js';
import { IDEMPOTENCY_KEY, placeOrderBody, type PlaceOrderBody } from './order-schemas.js';
import { enforceCheckoutFields } from './checkout-fields.js';
import { checkoutBody, inCheckoutLanguage } from './checkout-messages.js';

/** The refusal when the owner turned the local test provider off (commerce preferences `payments`). */
const TEST_PROVIDER_OFF = 'This store is not taking test-card payments.';

/**
 * The shopper's language for the order (issue 29): the checkout page's language when it is
 * an added language of a multilingual site (never trusted further: it only picks the texts).
 */
async function shopperLanguage(c: Context<AppEnv>, asked: string | undefined): Promise<{ code: string; prefix: string } | undefined> {
  const code = asked === undefined ? undefined : canonicalLanguage(asked);
  if (!code) return undefined;
  const { languages } = await readLanguages(c.var.db, c.var.site.id, c.var.site.locale);
  const found = languages.enabled ? languages.added.find((l) => languagePrefix(l) === languagePrefix(code)) : undefined;
  return found ? { code: found, prefix: `/${languagePrefix(found)}` } : undefined;
}

/** POST /api/commerce/orders: place the cart's order. */
export const orders = new Hono<AppEnv>({ strict: false });

// Its refusals in the checkout page's language (issue 29): the island shows them as they come.
orders.post('/', cartWriteLimit, checkoutBody(placeOrderBody), async (c) => {
  const body = c.req.valid('json');
  return inCheckoutLanguage(c, body.language, () => placeTheOrder(c, body));
});

async function placeTheOrder(c: Context<AppEnv>, body: PlaceOrderBody) {
  const key = c.req.header('Idempotency-Key') ?? '';
  if (!IDEMPOTENCY_KEY.test(key)) {
    throw new ApiError(400, 'invalid_request', 'Send an Idempotency-Key header (8-255 characters).', { fields: { 'Idempotency-Key': 'Required: 8-255 printable characters.' } });
  }
  await enforceCheckoutFields(c, body);
  // No payment body: a gift card pays it all; the deployment's own provider stands behind the order.
  const site = c.var.site;
  // The site's own payment settings (commerce preferences `payments`, its stored Stripe key) over the deployment's.
  const pay = await sitePayments(c.var.db, c.env, site);
  const name = body.payment?.provider ?? (stripeSettings(pay.env) ? 'stripe' : 'test');
  const provider = paymentProviderFor(name, pay.env, pay.testProvider);
  if (!provider && name === 'test' && !pay.testProvider) {
    throw new ApiError(422, 'payments_off', TEST_PROVIDER_OFF, { fields: { 'payment.provider': TEST_PROVIDER_OFF } });
  }
  if (!provider) throw new ApiError(422, 'invalid_request', 'Unknown payment provider.', { fields: { 'payment.provider': 'Unknown payment provider.' } });
  const language = await shopperLanguage(c, body.language);
  const placed = await placeOrder(c.var.db, {
    site: { id: site.id, currency: site.currency, title: site.title, storeSettings: site.storeSettings },
    cartToken: body.cartToken ?? token(c),
    cartKind: body.cartToken ? 'subscription' : 'shopping',
    siteUserId: c.var.siteUser?.id,
    requester: getCookie(c, CRUMB_COOKIE) ?? c.var.siteUser?.id ?? token(c) ?? '',
    idempotencyKey: key,
    email: body.email,
    shippingAddress: body.shippingAddress,
    billingAddress: body.billingAddress,
    // A digital-only order's phone (no address to carry it) is kept as its billing contact.
    ...(!body.shippingAddress && !body.billingAddress && body.phone ? { contactPhone: body.phone } : {}),
    shippingOptionId: body.shippingOptionId,
    coupons: body.coupons,
    giftCardCode: body.giftCardCode || undefined,
    ...(body.payment?.provider === 'stripe' ? { paymentIntentId: body.payment.paymentIntentId } : { card: body.payment?.card }),
    provider,
    origin: new URL(c.req.url).origin,
    language,
    downloadSecret: downloadLinkSecret(c.env),
    reviewSecret: c.env.REVIEW_LINK_SECRET,
    leaseMs: leaseMs(c.env),
    now: Date.now(),
  });
  // The purchased cart is gone for the visitor: both cart cookies are cleared (a
  // subscription checkout leaves the shopping cart alone).
  if (!body.cartToken) syncCartCookies(c, undefined, undefined, false);
  if (placed.replayed) c.header('Idempotent-Replayed', 'true');
  // Access to a member area lands on membership confirmed (208), not the order's page.
  const area = placed.confirmationPath ? await areaOfOrder(c.var.db, site.id, placed.order.order.id) : undefined;
  // A guest's page 208 says where the access went (the account with the checkout email).
  const confirmationUrl = area ? `${language?.prefix ?? ''}/membership-confirmed?area=${area}${c.var.siteUser ? '' : '&guest=1'}` : placed.confirmationPath;
  return c.json({ order: orderJson(placed.order), ...(confirmationUrl ? { confirmationUrl } : {}) }, 201);
}
