import { useEffect, useState, useSyncExternalStore } from 'react';
import { cartStore, loadCartOnStart } from '../../runtime/cart-store.js';
import { CHECKOUT_PATH } from '../../../domain/constants/storefront.js';
import { formatCents } from '../../runtime/money.js';
import { CartEntryRow } from './cart-entry.js';

// The hold countdown ticks once a second, only while some entry is held.
const TICK_MS = 1000;

/** The /cart page once the cart is loaded: the server's markup until then. */
/**
 * The page's `storeTexts` (issue 29: the store's words in the page's language), each read with
 * its English default. Kept here rather than importing domain/languages/store-texts.ts, which
 * would become a chunk shared with the checkout and preloaded on every page (JS budget).
 */
function cartTexts(given: Record<string, unknown>) {
  const text = (key: string, english: string) => (typeof given[key] === 'string' ? (given[key] as string) : english);
  const link = (key: string, fallback: string) => (typeof given[key] === 'string' && /^\/(?!\/)/.test(given[key] as string) ? (given[key] as string) : fallback);
  return {
    cartTitle: text('cartTitle', 'Your cart'), cartEmpty: text('cartEmpty', 'You have nothing in your shopping cart.'), continueShopping: text('continueShopping', 'Continue shopping'),
    quantity: text('quantity', 'Quantity'), subtotal: text('subtotal', 'Subtotal'), item: text('item', 'item'), items: text('items', 'items'),
    cartNote: text('cartNote', 'Shipping and tax are worked out at checkout.'), cartNoteTaxIncluded: text('cartNoteTaxIncluded', 'Prices include tax. Shipping is worked out at checkout.'), checkout: text('checkout', 'Checkout'),
    remove: text('remove', 'Remove'), editDetails: text('editDetails', 'Edit details'), heldFor: text('heldFor', 'Held for you for {time}'),
    homeUrl: link('homeUrl', '/'), checkoutUrl: link('checkoutUrl', CHECKOUT_PATH),
  };
}
/** The cart's words a line shows. */
export type CartTexts = ReturnType<typeof cartTexts>;

export function CartPage({ currency, serverHtml, texts = {}, pricesIncludeTax = false }: { currency: string; serverHtml: string; texts?: Record<string, unknown>; pricesIncludeTax?: boolean }) {
  const t = cartTexts(texts);
  const { status, cart } = useSyncExternalStore(cartStore.subscribe, cartStore.get);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => void loadCartOnStart(), []);
  const held = cart?.entries.some((e) => e.holdExpiresAt) ?? false;
  useEffect(() => {
    if (!held) return;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [held]);

  if (status !== 'loaded' && !cart) return <div dangerouslySetInnerHTML={{ __html: serverHtml }} />;
  const cur = cart?.currency ?? cart?.subtotalMoney?.currency ?? currency;
  const entries = cart?.entries ?? [];
  return (
    <>
      <h1>{t.cartTitle}</h1>
      {entries.length === 0 ? (
        <div className="empty-state">
          <p>{t.cartEmpty}</p>
          <a className="button button-secondary" href={t.homeUrl}>
            {t.continueShopping}
          </a>
        </div>
      ) : (
        <>
          <ul className="cart-entries">
            {entries.map((e) => (
              <CartEntryRow key={e.id} entry={e} currency={cur} now={now} texts={t} />
            ))}
          </ul>
          <div className="cart-summary">
            <div>
              {t.subtotal} ({cart!.totalQuantity} {cart!.totalQuantity === 1 ? t.item : t.items}): <strong>{formatCents(cart!.subtotalCents, cur)}</strong>
            </div>
            <p className="cart-summary-note">{pricesIncludeTax ? t.cartNoteTaxIncluded : t.cartNote}</p>
            <a className="button" href={t.checkoutUrl}>
              {t.checkout}
            </a>
          </div>
        </>
      )}
    </>
  );
}
