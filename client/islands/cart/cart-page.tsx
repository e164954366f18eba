import { useEffect, useState, useSyncExternalStore } from 'react';
import { cartStore, loadCartOnStart } from '../../runtime/cart-store.js';
import { formatCents } from '../../runtime/money.js';
import { CartEntryRow } from './cart-entry.js';
import { cartTexts } from './cart-texts.js';

// The hold countdown ticks once a second, only while some entry is held.
const TICK_MS = 1000;

/** The /cart page once the cart is loaded: the server's markup until then. */
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
              {t.subtotal} ({cart!.totalQuantity} {cart!.totalQuantity === 1 ? t.item : t.items}){t.colon}<strong>{formatCents(cart!.subtotalCents, cur)}</strong>
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
