import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { POPOVER_AUTO_CLOSE_MS } from '../../../domain/constants/storefront.js';
import { fillText } from '../../../domain/languages/words.js';
import { addedToCartMessage } from '../../../domain/messages/storefront-messages.js';

/** '{title} was added to your cart.' and the close button's word. */
type PopoverTexts = { addedToCart: string; close: string };
const ENGLISH: PopoverTexts = { addedToCart: addedToCartMessage('{title}'), close: 'Close' };

// Gap between the popover and the indicator it points at, and from the window's edge.
const OFFSET_PX = 12;

/** SPEC §2: the visible cart indicator (the pill, else the header's cart link), if any. */
function visibleIndicator(): HTMLElement | undefined {
  for (const el of Array.from(document.querySelectorAll<HTMLElement>('.cart-pill, .cart-link'))) {
    const box = el.getBoundingClientRect();
    if (box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight && getComputedStyle(el).visibility !== 'hidden') return el;
  }
  return undefined;
}

/**
 * The added-to-cart popover of SPEC §2: '{productName} was added to your cart.' with a
 * Close control; closes itself after 3000 ms; placed under the visible cart indicator,
 * else at the top right of the window. `texts`: its words in the page's language (issue 29).
 */
export function AddedPopover({ title, onClose, texts = ENGLISH }: { title: string; onClose: () => void; texts?: PopoverTexts }) {
  const box = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<{ top: number; right: number }>({ top: OFFSET_PX, right: OFFSET_PX });

  useLayoutEffect(() => {
    const indicator = visibleIndicator();
    if (!indicator) return setPlace({ top: OFFSET_PX, right: OFFSET_PX });
    const r = indicator.getBoundingClientRect();
    setPlace({ top: r.bottom + OFFSET_PX, right: Math.max(OFFSET_PX, window.innerWidth - r.right) });
  }, [title]);

  useEffect(() => {
    const timer = setTimeout(onClose, POPOVER_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [title, onClose]);

  return (
    <div ref={box} className="added-popover" role="status" style={{ position: 'fixed', top: place.top, right: place.right }}>
      <p>{fillText(texts.addedToCart, { title })}</p>
      <button type="button" className="added-popover-close" onClick={onClose}>
        {texts.close}
      </button>
    </div>
  );
}
