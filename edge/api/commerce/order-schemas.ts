import { z } from 'zod';

const line = (name: string, max = 200) => z.string({ error: `${name} is required.` }).trim().max(max, { error: `${name} is too long.` });

/** A postal address as checkout sends it; SPEC §5 postcode rules are checked after parsing. */
export const addressSchema = z.object({
  firstName: line('First name', 100).min(1, { error: 'First name is required.' }),
  lastName: line('Last name', 100).min(1, { error: 'Last name is required.' }),
  address1: line('Address').min(1, { error: 'Address is required.' }),
  address2: line('Address line 2').optional().default(''),
  city: line('City', 100).min(1, { error: 'City is required.' }),
  region: line('State / region', 10).optional().default(''),
  postalCode: line('Postal code', 16).optional().default(''),
  country: z.string({ error: 'Country is required.' }).regex(/^[A-Z]{2}$/, { error: 'Country must be a two-letter country code.' }),
  phone: line('Phone', 40).optional().default(''),
});

/** The local test provider's card as checkout and donations send it. */
const cardSchema = z.object({
  number: z.string({ error: 'Card number is required.' }).regex(/^[\d\s-]{12,23}$/, { error: 'Your card number is incomplete.' }),
  expMonth: z.number({ error: 'Expiry month is required.' }).int().min(1, { error: 'Your card’s expiration month is invalid.' }).max(12, { error: 'Your card’s expiration month is invalid.' }),
  expYear: z.number({ error: 'Expiry year is required.' }).int().min(2000, { error: 'Your card’s expiration year is invalid.' }).max(2100, { error: 'Your card’s expiration year is invalid.' }),
  cvc: z.string({ error: 'Security code is required.' }).regex(/^\d{3,4}$/, { error: 'Your card’s security code is incomplete.' }),
});

/**
 * How an order or a donation is paid: the test provider's card, or the PaymentIntent of a
 * site on Stripe that Stripe.js confirmed.
 */
export const paymentSchema = z.discriminatedUnion(
  'provider',
  [
    z.object({ provider: z.literal('test'), card: cardSchema.optional() }),
    z.object({ provider: z.literal('stripe'), paymentIntentId: z.string({ error: 'Payment is required.' }).regex(/^pi_[A-Za-z0-9_]{1,250}$/, { error: 'This payment could not be found. Please pay again.' }) }),
  ],
  { error: 'Unknown payment provider.' },
);

/** POST /api/commerce/orders. Amounts are never taken from the browser. */
export const placeOrderBody = z.object({
  email: z.email({ error: 'Enter a valid email address.' }).max(254),
  shippingAddress: addressSchema.optional(),
  billingAddress: addressSchema.optional(),
  // The shopper's phone on an order with no address (digital only) when the store collects phone numbers.
  phone: z.string().trim().max(40, { error: 'Phone is too long.' }).optional(),
  shippingOptionId: z.string().min(1).max(100).optional(),
  coupons: z.array(z.string().trim().min(1).max(50)).max(5).optional(),
  giftCardCode: z.string().trim().max(50, { error: 'This gift card code is not valid.' }).optional(),
  // The token of a subscription cart (POST /api/3/commerce/cart/subscription): its checkout starts a subscription.
  cartToken: z.string().regex(/^[A-Za-z0-9_-]{32}$/, { error: 'This subscription checkout link is not valid.' }).optional(),
  // The page's language (issue 29): an added language of the site is recorded on the order; any other reads as the primary.
  language: z.string().max(35).optional(),
  // The Stripe path sends the PaymentIntent the browser confirmed (POST /api/commerce/payments/stripe/intent made it).
  // The test card is left out when a gift card pays the whole order.
  payment: paymentSchema.optional(),
});

export type PlaceOrderBody = z.infer<typeof placeOrderBody>;

/** POST /api/commerce/payments/stripe/intent: the choices that set the total (never an amount). */
// A subscription checkout sends its cartToken and the email its card is saved under (a Stripe Customer).
export const intentBody = placeOrderBody
  .pick({ shippingAddress: true, billingAddress: true, phone: true, shippingOptionId: true, coupons: true, giftCardCode: true, cartToken: true })
  .extend({ email: placeOrderBody.shape.email.optional(), language: placeOrderBody.shape.language });

export type IntentBody = z.infer<typeof intentBody>;

/** Idempotency-Key: printable, 8-255 characters (a UUID fits). */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,255}$/;
