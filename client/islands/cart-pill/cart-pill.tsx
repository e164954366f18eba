import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { cartStore, loadCartOnStart } from '../../runtime/cart-store.js';
import { CART_PATH } from '../../../domain/constants/storefront.js';
import { ADDED_TO_CART_EVENT, listen, type AddedToCartDetail } from '../../runtime/events.js';
import { fillText } from '../../../domain/languages/words.js';
import { addedToCartMessage } from '../../../domain/messages/storefront-messages.js';
import { formatCents } from '../../runtime/money.js';
import { retryingImport } from '../../runtime/retry-import.js';
import { pillCount } from './pill-text.js';

/**
 * The pill's hidden words and the added popover's (the theme texts `cart`, `item`, `items`,
 * `addedToCart`, `close` of the page's language); SPEC §2's English without.
 */
export const PILL_TEXTS = { cart: 'Cart', item: 'item', items: 'items', addedToCart: addedToCartMessage('{title}'), close: 'Close' };
export type PillTexts = typeof PILL_TEXTS;

type PopoverModule = typeof import('./added-popover.js');

// The popover shows only after an add from a listing or a quick view (never on a product
// page's first load): its code is a chunk of its own, fetched at the first such add. Plain
// state, not React.lazy (see components/lazy-lightbox.tsx); a failed fetch is asked again
// at the next add, and the live region below announces the add either way.
const loadPopover = retryingImport(() => import('./added-popover.js'));

/**
 * The pill cart of SPEC §2 at the page corner: hidden while the cart is empty, fading in
 * above 0, count ('100+' above 100) and subtotal (zero fractions trimmed), a link to
 * /cart. It also announces each add in a live region and shows the listing popover.
 */
export function CartPill({ currency, texts = PILL_TEXTS, cartUrl = CART_PATH }: { currency: string; texts?: PillTexts; cartUrl?: string }) {
  const { status, cart } = useSyncExternalStore(cartStore.subscribe, cartStore.get);
  const [popover, setPopover] = useState<{ title: string; key: number; module: PopoverModule } | null>(null);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    void loadCartOnStart();
    return listen<AddedToCartDetail>(ADDED_TO_CART_EVENT, ({ title, popover: show }) => {
      setAnnouncement(fillText(texts.addedToCart, { title }));
      if (show) loadPopover().then((module) => setPopover({ title, key: Date.now(), module }), () => undefined);
    });
  }, [texts.addedToCart]);
  const close = useCallback(() => setPopover(null), []);

  const quantity = cart?.totalQuantity ?? 0;
  const subtotal = formatCents(cart?.subtotalCents ?? 0, cart?.currency ?? cart?.subtotalMoney?.currency ?? currency, undefined, true);
  return (
    <>
      <a
        className={`cart-pill${quantity > 0 ? ' is-visible' : ''}`}
        href={cartUrl}
        hidden={quantity === 0}
        data-state={status === 'uninitialized' ? 'uninitialized' : 'initialized'}
      >
        {/* The name is the visible text plus hidden words ("Cart, 3 items, $36"), so speech input can say what it sees. */}
        <span className="visually-hidden">{texts.cart}, </span>
        <span className="cart-pill-count">{pillCount(quantity)}</span>
        <span className="visually-hidden">{` ${quantity === 1 ? texts.item : texts.items}, `}</span>
        <span className="cart-pill-subtotal">{subtotal}</span>
      </a>
      <div className="visually-hidden" aria-live="polite" role="status">
        {announcement}
      </div>
      {popover && <popover.module.AddedPopover key={popover.key} title={popover.title} onClose={close} texts={texts} />}
    </>
  );
}
