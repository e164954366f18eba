import type { Context } from 'hono';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { readPreferences } from '../../services/commerce-preferences/index.js';
import { CHECKOUT_FIELD_MESSAGES, SIGN_IN_PATH } from '../../../domain/commerce/checkout-fields.js';


/**
 * The owner's checkout-field switches (commerce preferences `checkout`), enforced on the
 * server wherever an order or its payment starts (POST /orders, the Stripe intent): guest
 * checkout off refuses a visitor who is not signed in (401 `sign_in_required` with
 * `signInUrl`); collecting phone numbers makes the phone of the shipping address — or of the
 * billing address on an order with no shipping address, or the body's own `phone` on an order
 * with neither (digital only) — required (422 beside that field).
 */
export async function enforceCheckoutFields(c: Context<AppEnv>, body: { shippingAddress?: { phone?: string }; billingAddress?: { phone?: string }; phone?: string | undefined }): Promise<void> {
  const prefs = await readPreferences(c.var.db, c.var.site, 'checkout', c.env);
  if (prefs.guestCheckout === false && !c.var.siteUser) {
    throw new ApiError(401, 'sign_in_required', CHECKOUT_FIELD_MESSAGES.signIn, { extra: { signInUrl: SIGN_IN_PATH } });
  }
  if (prefs.collectPhoneNumber === true) {
    // An order with no address at all (digital only) gives the phone on its own (`phone`).
    const address = body.shippingAddress ?? body.billingAddress;
    const field = body.shippingAddress ? 'shippingAddress.phone' : body.billingAddress ? 'billingAddress.phone' : 'phone';
    const phone = (address ? address.phone : body.phone)?.trim() ?? '';
    if (!/\d{3,}/.test(phone.replace(/[\s().-]/g, ''))) throw new ApiError(422, 'invalid_request', CHECKOUT_FIELD_MESSAGES.phone, { fields: { [field]: CHECKOUT_FIELD_MESSAGES.phone } });
  }
}
