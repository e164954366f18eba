import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { ApiFailure, cartApi } from '../runtime/api.js';
import { cartStore } from '../runtime/cart-store.js';
import { CHECKOUT_PATH } from '../../domain/constants/storefront.js';
import { ADDED_TO_CART_EVENT, emit, type AddedToCartDetail } from '../runtime/events.js';
import type { AdditionalFieldsForm } from '../islands/product-form/product-logic.js';
import { AddOnIcon } from './add-on-icon.js';
import { NEXT, acceptsClick, phaseDisabled, phaseLabel, type Phase } from './add-to-cart-phase.js';
import { ADD_TO_CART_TEXTS, localizedMessage, unselectedText, type AddToCartTexts } from './add-to-cart-texts.js';

// The lightbox form and its stock check are fetched only when a product with additional fields is added.
const loadDialog = () => import('./additional-fields-dialog.js');
const AdditionalFieldsDialog = lazy(loadDialog);

export type Selection = { sku: string | null; quantity: number } | { unselected: string[] } | { error: string };

export interface AddToCartButtonProps {
  itemId: string;
  title: string;
  label: string;
  soldOut: boolean;
  /** Where the button is: a listing grid pauses on 'Select Option' instead of explaining. */
  listing?: boolean;
  /** SPEC §4: show the added-item popover on success (listing grid, quick view). */
  popover?: boolean;
  /** SPEC §4 express checkout: a successful add goes straight to checkout. */
  express?: boolean;
  subscription?: { subscriptionOptionId?: string };
  form?: AdditionalFieldsForm;
  /** SPEC §2 add-on (a related product on a product page): a plus icon that turns into a check when added. */
  addOn?: boolean;
  /** Reads the shopper's choice when clicked. */
  select: () => Selection;
  /** Its passing labels and alert texts in the page's language (issue 29); English without. */
  texts?: AddToCartTexts;
}

function failureText(error: unknown, texts: AddToCartTexts): string {
  return error instanceof ApiFailure ? localizedMessage(error.message, texts) : texts.somethingWrong;
}

/**
 * The add-to-cart button of SPEC §4: a real <button> that walks the idle / adding /
 * added / failed states on the SPEC §9 delays, shows failures as an alert titled
 * 'Unable to Add Item' ('Unable to Purchase Item' in express checkout), and opens the
 * additional-fields form in a lightbox after a stock check.
 */
export function AddToCartButton(props: AddToCartButtonProps) {
  const { itemId, title, label, soldOut, listing, popover, express, subscription, form, addOn, select, texts = ADD_TO_CART_TEXTS } = props;
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState<{ title?: string; message: string } | null>(null);
  const [asking, setAsking] = useState<((answers: string | null) => void) | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    const next = NEXT[phase];
    if (!next) return;
    timer.current = setTimeout(() => setPhase(next.to), next.afterMs);
    return () => clearTimeout(timer.current);
  }, [phase]);
  useEffect(() => () => clearTimeout(timer.current), []);
  // A message about the shopper's choice ('Please select the Size and Glaze options.', a bad
  // quantity) is stale once the choice changes (`select` is a new function then); failures from
  // the cart (with a title) stay until the next attempt.
  useEffect(() => setError((shown) => (shown && !shown.title ? null : shown)), [select]);

  const fail = (message: string) => {
    setError({ title: express ? texts.purchaseTitle : texts.addTitle, message });
    setPhase('failed');
  };

  const add = async () => {
    if (!acceptsClick(phase, soldOut) || asking) return;
    setError(null);
    const choice = select();
    if ('unselected' in choice) {
      if (listing) setPhase('select-option');
      else setError({ message: unselectedText(choice.unselected, texts) });
      return;
    }
    if ('error' in choice) return setError({ message: localizedMessage(choice.error, texts) });
    setPhase('adding');
    let additionalFields: string | null = null;
    try {
      if (form) {
        const { inStockForForm } = await loadDialog();
        if (!(await inStockForForm(itemId, choice.sku))) return fail(texts.notEnoughStock);
        // The button rests while the shopper fills the form in (the lightbox is modal).
        setPhase('idle');
        additionalFields = await new Promise<string | null>((resolve) => setAsking(() => resolve));
        setAsking(null);
        if (additionalFields === null) return;
        setPhase('adding');
      }
      // The page's language (a quick view's is its listing's): the server's own refusals come back in it.
      const language = document.documentElement.lang || undefined;
      if (subscription) {
        const { cartToken } = await cartApi.subscribe({ itemId, sku: choice.sku, qty: choice.quantity, additionalFields, ...subscription, ...(language ? { language } : {}) });
        location.assign(`${CHECKOUT_PATH}?cartToken=${encodeURIComponent(cartToken)}`);
        return;
      }
      const { shoppingCart } = await cartApi.add({ itemId, sku: choice.sku, quantity: choice.quantity, additionalFields, ...(language ? { language } : {}) });
      cartStore.update(shoppingCart);
      emit<AddedToCartDetail>(ADDED_TO_CART_EVENT, { itemId, title, popover: !!(popover ?? listing) });
      if (express) return location.assign(CHECKOUT_PATH);
      // SPEC §4: the adding state ends with the cart's answer; 'Added!' is the added state.
      setPhase('added');
    } catch (e) {
      fail(failureText(e, texts));
    }
  };

  return (
    <div className="sqs-add-to-cart-button-wrapper">
      <button
        type="button"
        className={`sqs-add-to-cart-button is-${phase}${addOn ? ' is-add-on' : ''}`}
        disabled={phaseDisabled(phase, soldOut)}
        aria-busy={phase === 'adding' || undefined}
        onClick={() => void add()}
      >
        {addOn && <AddOnIcon added={phase === 'added'} />}
        <span className={addOn ? 'sqs-add-to-cart-button-inner sr-only' : 'sqs-add-to-cart-button-inner'}>
          {addOn ? `${phaseLabel(phase, label, soldOut, texts)}: ${title}` : phaseLabel(phase, label, soldOut, texts)}
        </span>
      </button>
      {error && (
        <div className="add-to-cart-error" role="alert">
          {error.title && <strong>{error.title}</strong>}
          <p>{error.message}</p>
        </div>
      )}
      {asking && form && (
        <Suspense fallback={null}>
          <AdditionalFieldsDialog form={form} title={title} onDone={asking} />
        </Suspense>
      )}
    </div>
  );
}
