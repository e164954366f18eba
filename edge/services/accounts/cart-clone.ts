import { addEntry, visitorCart, type CartScope, type CartView } from '../cart/index.js';
import { ApiError } from '../../errors.js';

/**
 * A copy of the cart behind `token` in a new anonymous cart (sign-out with cloneCart=true,
 * SPEC §7), added line by line through the cart service so every copied unit is held like
 * any other add. A line that is no longer available is left out of the copy.
 */
export async function cloneCartFor(scope: CartScope, token: string | undefined): Promise<{ token: string; view: CartView } | undefined> {
  const source = await visitorCart(scope.db, scope.site.id, token, scope.now);
  if (!source || source.entries.length === 0) return undefined;
  let copy: { token: string; view: CartView } | undefined;
  for (const entry of source.entries) {
    try {
      const added = await addEntry(scope, copy?.token, {
        itemId: entry.itemId,
        sku: entry.sku,
        quantity: entry.quantity,
        additionalFields: entry.additionalFields,
      });
      copy = { token: added.token, view: added.view };
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    }
  }
  return copy;
}
