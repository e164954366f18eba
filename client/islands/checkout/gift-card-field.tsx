import { useState } from 'react';
import { ApiFailure } from '../../runtime/api.js';
import { fillText, type StoreTexts } from '../../../domain/languages/store-texts.js';
import { checkoutApi, type GiftCardSummary, type PricedCart } from './checkout-api.js';

export interface AppliedGiftCard {
  code: string;
  summary: GiftCardSummary;
}

/**
 * What the card pays of the total as the summary shows it: the balance checked by the
 * server, capped at the current total (the order draws it for real, on the server).
 */
export function giftCardShare(applied: AppliedGiftCard | null, grandTotalCents: number): { appliedCents: number; dueCents: number } {
  const appliedCents = applied ? Math.min(applied.summary.balanceCents, grandTotalCents) : 0;
  return { appliedCents, dueCents: grandTotalCents - appliedCents };
}

/** The gift card code of checkout, checked against the cart as it is priced now. */
export function GiftCardField({ applied, onApplied, onCart, error, texts: t }: {
  applied: AppliedGiftCard | null;
  onApplied: (card: AppliedGiftCard | null) => void;
  onCart: (cart: PricedCart) => void;
  error?: string | undefined;
  /** The store's words in the page's language. */
  texts: StoreTexts;
}) {
  const [code, setCode] = useState('');
  const [message, setMessage] = useState('');
  const shown = message || error;

  async function apply() {
    if (!code.trim()) return setMessage(t.enterGiftCardCode);
    try {
      const answer = await checkoutApi.checkGiftCard(code);
      onCart(answer.shoppingCart);
      onApplied({ code: code.trim(), summary: answer.giftCard });
      setMessage('');
    } catch (e) {
      onApplied(null);
      setMessage((e instanceof ApiFailure && e.fields?.giftCardCode) || (e as Error).message);
    }
  }

  return (
    <fieldset>
      <legend>{t.giftCard}</legend>
      {applied ? (
        <p className="gift-card-applied">
          {fillText(t.giftCardApplied, { last4: applied.summary.last4 })}{' '}
          <button type="button" onClick={() => { onApplied(null); setCode(''); }}>{t.removeGiftCard}</button>
        </p>
      ) : (
        <div className="field">
          <label htmlFor="giftCardCode">{t.giftCardCode}</label>
          <input id="giftCardCode" name="giftCardCode" autoComplete="off" value={code} onChange={(e) => setCode(e.target.value)}
            onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); void apply(); } }}
            aria-invalid={shown ? true : undefined} aria-describedby={shown ? 'giftCardCode-error' : undefined} />
          {shown ? <p className="field-error" id="giftCardCode-error">{shown}</p> : null}
          <button type="button" onClick={() => void apply()}>{t.applyGiftCard}</button>
        </div>
      )}
    </fieldset>
  );
}
