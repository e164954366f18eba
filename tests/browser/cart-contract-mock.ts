/**
 * Until the cart API (issue 8) is on main, browser tests of the islands answer its
 * endpoints from this in-page fake that follows the contract (paths, bodies,
 * `{ shoppingCart }` answers, SPEC §8 error shapes). `failNext` makes the next call fail.
 */
import type { Page, Route } from 'playwright-core';

export interface FakeEntry {
  id: string;
  fullUrl?: string;
  holdExpiresAt?: number;
  itemId: string;
  title: string;
  quantity: number;
  chosenVariant: { sku: string; attributes: Record<string, string> } | null;
  purchasePriceCents: number;
  additionalFields: string | null;
}

export interface FakeCart {
  entries: FakeEntry[];
  /** Requests seen, as 'METHOD path'. */
  calls: string[];
  /** Bodies of the add calls. */
  adds: unknown[];
  failNext?: { status: number; body: unknown };
  /** Overrides totalQuantity in answers (pill cap tests). */
  totalOverride?: number;
  delayMs?: number;
}

function cartJson(cart: FakeCart) {
  const total = cart.entries.reduce((n, e) => n + e.quantity, 0);
  const subtotal = cart.entries.reduce((n, e) => n + e.quantity * e.purchasePriceCents, 0);
  return {
    entries: cart.entries.map((e) => ({ ...e, subTotal: e.quantity * e.purchasePriceCents })),
    totalQuantity: cart.totalOverride ?? total,
    subtotalCents: subtotal,
    currency: 'USD',
  };
}

export async function fakeCartApi(page: Page, prices: Record<string, number> = {}): Promise<FakeCart> {
  const cart: FakeCart = { entries: [], calls: [], adds: [] };
  const answer = async (route: Route, status: number, body: unknown) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  await page.route('**/api/commerce/**', async (route) => {
    const req = route.request();
    const url = new URL(req.url());
    cart.calls.push(`${req.method()} ${url.pathname}`);
    if (cart.failNext) {
      const { status, body } = cart.failNext;
      cart.failNext = undefined;
      return answer(route, status, body);
    }
    if (cart.delayMs) await new Promise((r) => setTimeout(r, cart.delayMs));
    if (url.pathname === '/api/commerce/inventory/stock/') return answer(route, 200, { results: [{ sku: 'ANY', unlimited: true, qtyInStock: 0 }] });
    if (req.method() === 'GET') return answer(route, 200, { shoppingCart: cartJson(cart) });
    if (req.method() === 'POST' && url.pathname.endsWith('/entries')) {
      const body = req.postDataJSON() as { itemId: string; sku: string | null; quantity: number; additionalFields: string | null };
      cart.adds.push(body);
      const entry: FakeEntry = {
        id: `e${cart.entries.length + 1}`,
        itemId: body.itemId,
        title: body.itemId,
        quantity: body.quantity,
        chosenVariant: body.sku ? { sku: body.sku, attributes: {} } : null,
        purchasePriceCents: prices[body.sku ?? ''] ?? 1000,
        additionalFields: body.additionalFields,
      };
      cart.entries.push(entry);
      return answer(route, 200, { shoppingCart: cartJson(cart), newlyAdded: entry });
    }
    const entryPath = /^\/api\/commerce\/shopping-cart\/entries\/([^/]+)(\/additionalFields)?$/.exec(url.pathname);
    const entry = entryPath ? cart.entries.find((e) => e.id === entryPath[1]) : undefined;
    if (entryPath && !entry) return answer(route, 404, { error: 'not_found', message: 'No such cart entry.' });
    if (entry && req.method() === 'DELETE') {
      cart.entries = cart.entries.filter((e) => e !== entry);
      return answer(route, 200, { shoppingCart: cartJson(cart) });
    }
    if (entry && req.method() === 'PUT' && entryPath![2]) {
      entry.additionalFields = (req.postDataJSON() as { additionalFields: string }).additionalFields;
      return answer(route, 200, { shoppingCart: cartJson(cart), updatedEntry: entry });
    }
    if (entry && req.method() === 'PUT') {
      const { quantity } = req.postDataJSON() as { quantity: number };
      if (quantity === 0) cart.entries = cart.entries.filter((e) => e !== entry);
      else entry.quantity = quantity;
      return answer(route, 200, { shoppingCart: cartJson(cart) });
    }
    return answer(route, 404, { error: 'not_found', message: 'No such call in the fake.' });
  });
  return cart;
}
