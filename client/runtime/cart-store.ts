/**
 * The visitor's cart as every island sees it (pill, add-to-cart, cart page): one store
 * shared through the runtime chunk. SPEC §4 Cart loading: the cart is fetched on page
 * start only for a signed-in visitor or when `hasCart=true`; the indicator starts
 * uninitialized and is initialized on first sync.
 */
import { cartApi } from './api.js';
import type { ShoppingCart } from './cart-types.js';
import { readCookie } from './cookies.js';

export type CartStatus = 'uninitialized' | 'loading' | 'loaded' | 'failed';
export interface CartState {
  status: CartStatus;
  cart: ShoppingCart | null;
}

/** Fired on `document` around a cart load (SPEC §4: loading, then loaded). */
export const CART_LOADING_EVENT = 'atelier:cart-loading';
export const CART_LOADED_EVENT = 'atelier:cart-loaded';

let state: CartState = { status: 'uninitialized', cart: null };
const listeners = new Set<() => void>();

function set(next: CartState): void {
  state = next;
  for (const l of listeners) l();
}

export const cartStore = {
  get: (): CartState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Every add, update and remove answers with the whole cart: it replaces ours. */
  update(cart: ShoppingCart): void {
    set({ status: 'loaded', cart });
    document.dispatchEvent(new CustomEvent(CART_LOADED_EVENT, { detail: cart }));
  },
};

/** SPEC §4/§6: signed in (SiteUserInfo says so) or `hasCart=true`; the CART cookie itself is HttpOnly. */
export function cartExpected(cookies = typeof document === 'undefined' ? '' : document.cookie): boolean {
  if (readCookie('hasCart', cookies) === 'true') return true;
  const info = readCookie('SiteUserInfo', cookies);
  if (!info) return false;
  try {
    return (JSON.parse(info) as { authenticated?: boolean }).authenticated === true;
  } catch {
    return false;
  }
}

let loading: Promise<void> | undefined;

/** Loads the cart once per page when one is expected; otherwise the cart counts as empty. */
export function loadCartOnStart(): Promise<void> {
  if (loading) return loading;
  if (!cartExpected()) {
    set({ status: 'loaded', cart: null });
    return (loading = Promise.resolve());
  }
  set({ status: 'loading', cart: state.cart });
  document.dispatchEvent(new CustomEvent(CART_LOADING_EVENT));
  // The page's language (`<html lang>`): the refused coupons' messages of the cart come back in it (fix4).
  loading = cartApi.get(document.documentElement.lang || undefined).then(
    (cart) => cartStore.update(cart),
    () => set({ status: 'failed', cart: null }),
  );
  return loading;
}
