import { useState, type ReactNode } from 'react';
import type { PricedCart } from './checkout-api.js';
import type { AppliedGiftCard } from './gift-card-field.js';
import { fillText, type StoreTexts } from '../../../domain/languages/store-texts.js';

/** One label and amount of the summary; `data-line` names it for the tests and the theme. */
function Line({ name, label, children, strong = false }: { name: string; label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className={`summary-line summary-line-${name}`} data-line={name}>
      {/* 'Subtotal: $36.00' as text (screen readers, copy and paste); the theme shows the colon as a gap. */}
      <span>{label}<span className="summary-colon">:</span></span> {strong ? <strong>{children}</strong> : <span>{children}</span>}
    </div>
  );
}

/**
 * The checkout's order summary: the lines, the totals that add up (subtotal, discount,
 * shipping, tax, total) and the gift card's share. On phones it is collapsed behind a
 * button naming the total (the theme hides `.order-summary-body.is-collapsed` below 433 px
 * only); from 433 px the button is hidden and the body always shows.
 */
export function OrderSummary({ texts: t, cart, money, wording, giftCard, share, pricesIncludeTax = false }: {
  texts: StoreTexts;
  cart: PricedCart;
  money: (cents: number) => string;
  wording?: string | undefined;
  giftCard: AppliedGiftCard | null;
  share: { appliedCents: number; dueCents: number };
  /** Prices include tax: no tax is added; the line after the total says how much of it is tax. */
  pricesIncludeTax?: boolean;
}) {
  const included = cart.includedTaxCents ?? 0;
  const [open, setOpen] = useState(false);
  return (
    <aside className="order-summary" aria-label={t.orderSummary}>
      <button type="button" className="order-summary-toggle" aria-expanded={open} aria-controls="order-summary-body" onClick={() => setOpen((o) => !o)}>
        <span>{open ? t.hideOrderSummary : t.showOrderSummary}</span>
        <strong>{money(cart.grandTotalCents)}</strong>
      </button>
      <div id="order-summary-body" className={`order-summary-body${open ? '' : ' is-collapsed'}`}>
        <h2 className="order-summary-title">{t.orderSummary}</h2>
        <ul className="summary-entries">
          {cart.entries.map((e) => (
            <li key={e.id} className="summary-entry">
              {e.assetUrl ? <img src={`${e.assetUrl}?format=100w`} alt="" width={48} height={48} /> : <span className="media-placeholder" />}
              <span className="summary-entry-title">{e.title} <span className="summary-entry-quantity">× {e.quantity}</span></span>
              <span className="summary-entry-total">{money(e.subTotalCents ?? 0)}</span>
            </li>
          ))}
        </ul>
        {wording ? <p className="subscription-wording">{wording}</p> : null}
        <div className="summary-totals">
          <Line name="subtotal" label={t.subtotal}>{money(cart.subtotalCents)}</Line>
          {cart.discountCents ? <Line name="discount" label={t.discount}>−{money(cart.discountCents)}</Line> : null}
          {cart.requiresShipping ? <Line name="shipping" label={t.shipping}>{cart.selectedShippingOption ? money(cart.shippingCostCents) : t.withYourAddress}</Line> : null}
          {pricesIncludeTax && !cart.taxCents ? null : <Line name="tax" label={t.tax}>{money(cart.taxCents)}</Line>}
          <Line name="total" label={t.total} strong>{money(cart.grandTotalCents)}</Line>
          {pricesIncludeTax || included ? (
            <Line name="included-tax" label={t.includingTax}>{cart.shippingLocation ? money(included) : t.withYourAddress}</Line>
          ) : null}
          {giftCard ? (
            <>
              <Line name="gift-card" label={fillText(t.checkoutGiftCardEnding, { last4: giftCard.summary.last4 })}>−{money(share.appliedCents)}</Line>
              <Line name="due" label={t.checkoutToPayByCard} strong>{money(share.dueCents)}</Line>
            </>
          ) : null}
        </div>
      </div>
    </aside>
  );
}
