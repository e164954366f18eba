import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { ApiFailure, cartApi } from '../../runtime/api.js';
import { cartStore } from '../../runtime/cart-store.js';
import type { CartEntry as Entry } from '../../runtime/cart-types.js';
import { QUANTITY_MAX, QUANTITY_MIN } from '../../../domain/constants/storefront.js';
import { MESSAGES } from '../../../domain/messages/storefront-messages.js';
import { formatCents } from '../../runtime/money.js';
import type { AdditionalFieldsForm } from '../product-form/product-logic.js';
import { holdRemaining } from './hold-countdown.js';
import type { CartTexts } from './cart-texts.js';

const AdditionalFieldsDialog = lazy(() => import('../../components/additional-fields-dialog.js'));

/**
 * A failure's line in the page's words: the client's own (network, session, cookies, rate limit)
 * from the page's texts; the server's as it comes (said in the page's language, which the
 * island sends).
 */
function message(error: unknown, t: CartTexts): string {
  if (!(error instanceof ApiFailure) || error.kind === 'network') return t.network;
  if (error.kind === 'crumb') return t.sessionExpired;
  if (error.kind === 'cookies') return t.cookiesDisabled;
  if (error.kind === 'rate-limited') return t.rateLimited;
  return error.message === MESSAGES.somethingWrong ? t.somethingWrong : error.message;
}

/** The page's language (`<html lang>`), which the cart API's refusals are said in. */
const pageLanguage = () => document.documentElement.lang || undefined;

/**
 * The product's additional-fields form, read from its page context under the cart page's
 * language prefix (`homeUrl`, '/fr/'): a French cart's dialog reads the French form.
 */
async function formOf(entry: Entry, homeUrl: string): Promise<AdditionalFieldsForm | undefined> {
  if (!entry.fullUrl) return undefined;
  const res = await fetch(`${homeUrl.replace(/\/$/, '')}${entry.fullUrl}?format=json`, { headers: { Accept: 'application/json' } });
  if (!res.ok) return undefined;
  const page = (await res.json()) as { item?: { structuredContent?: { additionalFieldsForm?: AdditionalFieldsForm } } };
  return page.item?.structuredContent?.additionalFieldsForm;
}

/**
 * One line of the cart page: quantity (0 removes), Remove, editing the additional
 * fields ('Saving…' while saving) and the stock hold counting down (SPEC §8 texts on failure).
 */
export function CartEntryRow({ entry, currency, now, texts: t }: { entry: Entry; currency: string; now: number; texts: CartTexts }) {
  const id = useId();
  const [quantity, setQuantity] = useState(String(entry.quantity));
  const [error, setError] = useState<{ title: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [form, setForm] = useState<AdditionalFieldsForm | null>(null);
  const [saving, setSaving] = useState(false);
  // The last quantity sent: leaving the field after a refusal does not send it again.
  const sent = useRef(entry.quantity);
  useEffect(() => {
    setQuantity(String(entry.quantity));
    sent.current = entry.quantity;
  }, [entry.quantity]);
  // A message about an earlier attempt is stale once the cart changes (another line removed or
  // updated): the page now shows the cart as it is.
  useEffect(() => cartStore.subscribe(() => setError(null)), []);

  const run = async (title: string, call: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await call();
    } catch (e) {
      setError({ title, message: message(e, t) });
    } finally {
      setBusy(false);
    }
  };
  const commitQuantity = () => {
    const n = Number(quantity);
    if (!Number.isInteger(n) || n < 0 || n > QUANTITY_MAX) return setError({ title: t.quantityFailed, message: Number.isFinite(n) ? t.quantityNotWhole : t.quantityNotNumber });
    if (n === sent.current) return;
    sent.current = n;
    void run(t.quantityFailed, async () => {
      try {
        cartStore.update(await cartApi.setQuantity(entry.id, n, pageLanguage()));
      } catch (e) {
        // Refused: the box shows the quantity the cart still holds (and prices), not the one asked for.
        setQuantity(String(entry.quantity));
        sent.current = entry.quantity;
        throw e;
      }
    });
  };
  const remove = () => void run(t.removeFailed, async () => cartStore.update(await cartApi.remove(entry.id, pageLanguage())));
  const edit = () =>
    void run(t.openFormFailed, async () => {
      const found = await formOf(entry, t.homeUrl);
      if (!found) throw new Error('no form');
      setForm(found);
    });
  const save = (answers: string | null) => {
    if (answers === null) return setForm(null);
    setSaving(true);
    void run(t.updateFormFailed, async () => {
      const { shoppingCart } = await cartApi.setAdditionalFields(entry.id, { itemId: entry.itemId, sku: entry.chosenVariant?.sku ?? null, additionalFields: answers, language: pageLanguage() });
      cartStore.update(shoppingCart);
      setForm(null);
    }).finally(() => setSaving(false));
  };

  const held = entry.holdExpiresAt ? holdRemaining(entry.holdExpiresAt, now) : '';
  const lineCents = entry.subTotalCents ?? entry.subTotal ?? entry.quantity * entry.purchasePriceCents;
  const variant = entry.chosenVariant ? Object.values(entry.chosenVariant.attributes ?? {}).join(' / ') || entry.chosenVariant.sku : '';
  return (
    <li className="cart-entry" data-entry-id={entry.id} aria-busy={busy || undefined}>
      {entry.assetUrl ? <img src={`${entry.assetUrl}?format=300w`} alt="" /> : <span className="media-placeholder" />}
      <div>
        {entry.fullUrl ? <a href={t.homeUrl.replace(/\/$/, '') + entry.fullUrl}>{entry.title}</a> : <span>{entry.title}</span>}
        {variant && <div className="cart-entry-variant">{variant}</div>}
        <div className="cart-entry-controls">
          <label htmlFor={`${id}-qty`}>{t.quantity}</label>
          <input
            id={`${id}-qty`}
            type="number"
            min={QUANTITY_MIN - 1}
            max={QUANTITY_MAX}
            step={1}
            size={4}
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
            onBlur={commitQuantity}
            onKeyDown={(e) => e.key === 'Enter' && commitQuantity()}
          />
          <button type="button" className="cart-entry-remove" onClick={remove} disabled={busy}>
            {t.remove}
          </button>
          {entry.additionalFields && (
            <button type="button" className="cart-entry-edit" onClick={edit} disabled={busy}>
              {t.editDetails}
            </button>
          )}
        </div>
        {held && <div className="cart-entry-hold">{t.heldFor.replace('{time}', held)}</div>}
        {error && (
          <div className="add-to-cart-error" role="alert">
            <strong>{error.title}</strong>
            <p>{error.message}</p>
          </div>
        )}
      </div>
      <div className="cart-entry-total">{formatCents(lineCents, currency)}</div>
      {form && (
        <Suspense fallback={null}>
          <AdditionalFieldsDialog form={form} title={entry.title} onDone={save} saving={saving} initial={safeAnswers(entry.additionalFields)} />
        </Suspense>
      )}
    </li>
  );
}

/** Earlier answers: the cart API gives them parsed; JSON text is accepted too. */
function safeAnswers(stored: unknown): Record<string, string | string[]> {
  try {
    const value = typeof stored === 'string' ? (JSON.parse(stored) as unknown) : stored;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, string | string[]>) : {};
  } catch {
    return {};
  }
}
