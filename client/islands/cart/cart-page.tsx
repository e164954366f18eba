import { useEffect, useState, useSyncExternalStore } from 'react';
import { cartStore, loadCartOnStart } from '../../runtime/cart-store.js';
import { CHECKOUT_PATH } from '../../../domain/constants/storefront.js';
import { formatCents } from '../../runtime/money.js';
import { CartEntryRow } from './cart-entry.js';

// The hold countdown ticks once a second, only while some entry is held.
const TICK_MS = 1000;

/** The /cart page once the cart is loaded: the server's markup until then. */
export function CartPage({ currency, serverHtml, pricesIncludeTax = false }: { currency: string; serverHtml: string; pricesIncludeTax?: boolean }) {
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
      <h1>Your cart</h1>
      {entries.length === 0 ? (
        <div className="empty-state">
          <p>You have nothing in your shopping cart.</p>
          <a className="button button-secondary" href="/">
            Continue shopping
          </a>
        </div>
      ) : (
        <>
          <ul className="cart-entries">
            {entries.map((e) => (
              <CartEntryRow key={e.id} entry={e} currency={cur} now={now} />
            ))}
          </ul>
          <div className="cart-summary">
            <div>
              Subtotal ({cart!.totalQuantity} {cart!.totalQuantity === 1 ? 'item' : 'items'}): <strong>{formatCents(cart!.subtotalCents, cur)}</strong>
            </div>
            <p className="cart-summary-note">{pricesIncludeTax ? 'Prices include tax. Shipping is worked out at checkout.' : 'Shipping and tax are worked out at checkout.'}</p>
            <a className="button" href={CHECKOUT_PATH}>
              Checkout
            </a>
          </div>
        </>
      )}
    </>
  );
}
