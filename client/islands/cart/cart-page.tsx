import { useEffect, useState, useSyncExternalStore } from 'react';
import { cartStore, loadCartOnStart } from '../../runtime/cart-store.js';
import { CHECKOUT_PATH } from '../../../domain/constants/storefront.js';
import { formatCents } from '../../runtime/money.js';
import { CartEntryRow } from './cart-entry.js';
import { storeTexts, type StoreTexts } from '../../../domain/languages/store-texts.js';

// The hold countdown ticks once a second, only while some entry is held.
const TICK_MS = 1000;

/** The /cart page once the cart is loaded: the server's markup until then. */
export function CartPage({ currency, serverHtml, texts: t = storeTexts() }: { currency: string; serverHtml: string; texts?: StoreTexts }) {
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
          <a className="button button-secondary" href={t.homeUrl ?? '/'}>
            {t.continueShopping}
          </a>
        </div>
      ) : (
        <>
          <ul className="cart-entries">
            {entries.map((e) => (
              <CartEntryRow key={e.id} entry={e} currency={cur} now={now} quantityLabel={t.quantity} />
            ))}
          </ul>
          <div className="cart-summary">
            <div>
              {t.subtotal} ({cart!.totalQuantity} {cart!.totalQuantity === 1 ? t.item : t.items}): <strong>{formatCents(cart!.subtotalCents, cur)}</strong>
            </div>
            <p className="cart-summary-note">{t.cartNote}</p>
            <a className="button" href={t.checkoutUrl ?? CHECKOUT_PATH}>
              {t.checkout}
            </a>
          </div>
        </>
      )}
    </>
  );
}
