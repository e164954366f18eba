/**
 * Typed client for the edge APIs (SPEC §7). It sends the `crumb` cookie as
 * X-CSRF-Token on every state-changing call and turns failures into `ApiFailure`s
 * whose `message` is the SPEC §8 text a shopper should see.
 */
import type { AddToCartRequest, CartEntry, ShoppingCart, StockRecord } from './cart-types.js';
import { cookiesEnabled, readCookie } from './cookies.js';
import { MESSAGES } from '../../domain/messages/storefront-messages.js';

export type FailureKind = 'crumb' | 'cookies' | 'rate-limited' | 'network' | 'server';

/** A failed call: `message` is what the shopper sees, `status` 0 when the network failed. */
export class ApiFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiFailure';
  }
}

interface ErrorBody {
  error?: string;
  message?: string;
  crumbFail?: boolean;
  fields?: Record<string, string>;
}

/** SPEC §8: maps a failed answer to the catalogue's text (pure, for tests). */
export function failureFor(status: number, body: ErrorBody | undefined, cookies = cookiesEnabled()): ApiFailure {
  if (status === 401 && body?.crumbFail) {
    return cookies ? new ApiFailure('crumb', MESSAGES.sessionExpired, status, body.error) : new ApiFailure('cookies', MESSAGES.cookiesDisabled, status, body.error);
  }
  if (status === 429) return new ApiFailure('rate-limited', MESSAGES.rateLimited, status, body?.error);
  // SPEC §8: other failures show the server's message.
  return new ApiFailure('server', body?.message || MESSAGES.somethingWrong, status, body?.error, body?.fields);
}

const SAFE = new Set(['GET', 'HEAD']);

/**
 * One JSON call to the worker. Resolves with the parsed answer or rejects with an
 * `ApiFailure`.
 *
 * @example await apiFetch<{ shoppingCart: ShoppingCart }>('GET', '/api/commerce/shopping-cart')
 */
export async function apiFetch<T>(method: string, path: string, body?: unknown, init: { signal?: AbortSignal } = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (!SAFE.has(method)) {
    const crumb = readCookie('crumb');
    if (crumb) headers['X-CSRF-Token'] = crumb;
  }
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal: init.signal,
    });
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    throw new ApiFailure('network', MESSAGES.network, 0);
  }
  let parsed: unknown;
  try {
    parsed = await res.json();
  } catch {
    parsed = undefined;
  }
  if (!res.ok) throw failureFor(res.status, parsed as ErrorBody | undefined);
  return parsed as T;
}

const CART = '/api/commerce/shopping-cart';

/** The cart API (SPEC §7 Storefront cart and commerce). */
export const cartApi = {
  // `language` (the page's, fix4): the cart's refused coupons are priced in its words.
  get: (language?: string) =>
    apiFetch<{ shoppingCart: ShoppingCart }>('GET', language ? `${CART}?language=${encodeURIComponent(language)}` : CART).then((r) => r.shoppingCart),
  add: (req: AddToCartRequest) => apiFetch<{ shoppingCart: ShoppingCart; newlyAdded?: CartEntry }>('POST', `${CART}/entries`, req),
  // `language` (the cart page's, issue 29): the server's refusals in its words.
  setQuantity: (entryId: string, quantity: number, language?: string) =>
    apiFetch<{ shoppingCart: ShoppingCart }>('PUT', `${CART}/entries/${encodeURIComponent(entryId)}`, { quantity, ...(language ? { language } : {}) }).then((r) => r.shoppingCart),
  remove: (entryId: string, language?: string) =>
    apiFetch<{ shoppingCart: ShoppingCart }>('DELETE', `${CART}/entries/${encodeURIComponent(entryId)}${language ? `?language=${encodeURIComponent(language)}` : ''}`).then((r) => r.shoppingCart),
  setAdditionalFields: (entryId: string, body: { itemId: string; sku: string | null; additionalFields: string; language?: string }) =>
    apiFetch<{ shoppingCart: ShoppingCart; updatedEntry: CartEntry }>('PUT', `${CART}/entries/${encodeURIComponent(entryId)}/additionalFields`, body),
  stock: (itemId: string) =>
    apiFetch<{ results: StockRecord[] }>('GET', `/api/commerce/inventory/stock/?itemId=${encodeURIComponent(itemId)}`).then((r) => r.results),
  subscribe: (body: { itemId: string; sku: string | null; qty: number; additionalFields: string | null; subscriptionOptionId?: string; language?: string }) =>
    apiFetch<{ cartToken: string }>('POST', '/api/3/commerce/cart/subscription', body),
};
