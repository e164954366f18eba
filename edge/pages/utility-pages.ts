import { cartJson, visitorCart } from '../services/cart/index.js';
import { cartPricing } from '../services/orders/cart-pricing.js';
import { baseContext } from './page-context.js';
import { pageCouponWords, storeTextsJson } from './context/languages.js';
import { STORE_TEXTS, STORE_TEXTS_ENTITY, type StoreTextKey } from '../../domain/languages/store-texts.js';
import { type PageRequest } from './page-request.js';
import { METHOD_NOT_ALLOWED } from './fallback-pages.js';
import { PAGE_TYPE, type PageResult } from './page-types.js';

/**
 * `/cart`: the show-cart page (SPEC §2 page type 200), with the visitor's cart (from the
 * `CART` cookie) rendered server-side by the same service as the cart API.
 */
export async function cartPage(req: PageRequest, cartToken: string | undefined): Promise<PageResult> {
  const [base, view, storeTexts, couponWords] = await Promise.all([
    baseContext(req, PAGE_TYPE.showCart, 'cart'),
    visitorCart(req.db, req.site.id, cartToken, req.now),
    storeTextsJson(req),
    pageCouponWords(req),
  ]);
  return { status: 200, templates: ['cart.html'], context: { ...base, cart: cartJson(view, req.site, req.now, await cartPricing(req.db, req.site, view, req.now, couponWords)), storeTexts } };
}

/** Anything unresolved: status 404, page type 100. */
export async function notFoundPage(req: PageRequest): Promise<PageResult> {
  return { status: 404, templates: ['not-found.html'], context: await baseContext(req, PAGE_TYPE.notFound, 'not-found') };
}

/** A failure while serving a page: status 500, page type 101; never carries error details. */
export async function errorPage(req: PageRequest): Promise<PageResult> {
  return { status: 500, templates: ['error.html'], context: await baseContext(req, PAGE_TYPE.error, 'error') };
}

/**
 * A page asked for with a method pages do not take: status 405 through the theme's
 * `status.html` (`status` = { code, title, message }); the plain page when the theme has none.
 */
export async function methodNotAllowedPage(req: PageRequest): Promise<PageResult> {
  const { status, title, message } = METHOD_NOT_ALLOWED;
  return {
    status,
    templates: ['status.html'],
    context: { ...(await baseContext(req, PAGE_TYPE.error, 'error')), status: await localizedStatus(req, { code: status, title, message }) },
  };
}

/** The store texts a status page's title and message can be (the server's English words of status.html). */
const STATUS_TEXTS: readonly StoreTextKey[] = [
  'statusMethodNotAllowedTitle', 'statusMethodNotAllowed',
  'downloadForgedTitle', 'downloadForged', 'downloadExpiredTitle', 'downloadExpired',
  'downloadUsedUpTitle', 'downloadUsedUp', 'downloadMissingTitle', 'downloadMissing',
];
const STATUS_KEY_OF = new Map<string, StoreTextKey>(STATUS_TEXTS.map((key) => [STORE_TEXTS[key], key]));

/**
 * `status.html`'s `status` with its title and message in the page's language (issue 29):
 * the translation of the store text whose English they are; the English where there is none.
 */
export async function localizedStatus(req: PageRequest, status: { code: number; title: string; message: string }): Promise<{ code: number; title: string; message: string }> {
  const table = req.translations ? await req.translations : undefined;
  if (!table) return { code: status.code, title: status.title, message: status.message };
  const say = (english: string) => {
    const key = STATUS_KEY_OF.get(english);
    return (key && table.get('system', STORE_TEXTS_ENTITY, key)) || english;
  };
  return { code: status.code, title: say(status.title), message: say(status.message) };
}
