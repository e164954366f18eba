import { useEffect, useState, type FormEvent } from 'react';
import type { OwnerProduct, OwnerVariant } from '../../../../edge/services/catalog/product-read.js';
import type { StockHistoryRow } from '../../../../edge/services/catalog/stock.js';
import { OwnerApiError, ownerFetch, TEXT } from '../../api.js';
import { useOwner } from '../../context.js';
import { formatTime } from '../../format.js';
import { Button } from '../../ui/button.js';
import { Dialog } from '../../ui/dialog.js';
import { SelectField, TextField } from '../../ui/fields.js';
import { ErrorPanel, Skeleton } from '../../ui/states.js';

interface StockAnswer {
  stock: { qtyInStock: number; delta: number; historyId: number; restockWaiting: number };
}

const people = (n: number) => (n === 1 ? '1 person' : `${n} people`);
const variantName = (v: Pick<OwnerVariant, 'sku' | 'attributes'>) => {
  const values = Object.values(v.attributes);
  return values.length ? `${values.join(' / ')} (${v.sku})` : v.sku;
};

/**
 * The stock of one variant (docs/owner-app.md "Products"): adjust by a delta with a reason,
 * set an absolute count against the count the owner saw (409 stock_changed shows the
 * current count and lets them set it again), the history newest first (100 a page), and,
 * after raising a variant from 0 that has restock sign-ups, the offer to send the notices
 * (SPEC §7 POST /api/site-users/account/notifications/restock/send).
 * `variantId` picks the variant; without it, the product's first finite variant, with a
 * chooser when it has several.
 */
export function StockDialog({ productId, variantId, open, onClose, onChanged }: { productId: string; variantId?: string | undefined; open: boolean; onClose: () => void; onChanged?: () => void }) {
  const { timeZone } = useOwner();
  const [product, setProduct] = useState<OwnerProduct | { error: string } | null>(null);
  const [chosen, setChosen] = useState<string | undefined>(variantId);
  const [history, setHistory] = useState<{ rows: StockHistoryRow[]; next: number | null } | null>(null);
  const [delta, setDelta] = useState('');
  const [reason, setReason] = useState('');
  const [absolute, setAbsolute] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [offer, setOffer] = useState<{ variantId: string; count: number } | null>(null);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    if (!open) return;
    let live = true;
    ownerFetch<{ product: OwnerProduct }>('GET', `/api/owner/products/${encodeURIComponent(productId)}`).then(
      (answer) => {
        if (!live) return;
        setProduct(answer.product);
        setChosen((c) => c ?? answer.product.variants.find((v) => !v.unlimited)?.id ?? answer.product.variants[0]?.id);
      },
      (error: unknown) => live && setProduct({ error: error instanceof OwnerApiError ? error.message : TEXT.loadRetry }),
    );
    return () => {
      live = false;
    };
  }, [open, productId, reload]);

  useEffect(() => {
    if (!open || !chosen) return;
    let live = true;
    setHistory(null);
    ownerFetch<{ rows: StockHistoryRow[]; next: number | null }>('GET', `/api/owner/products/${encodeURIComponent(productId)}/variants/${encodeURIComponent(chosen)}/stock-history`).then(
      (page) => live && setHistory(page),
      () => live && setHistory({ rows: [], next: null }),
    );
    return () => {
      live = false;
    };
  }, [open, productId, chosen, reload]);

  const variant = product && 'variants' in product ? product.variants.find((v) => v.id === chosen) : undefined;
  const base = `/api/owner/products/${encodeURIComponent(productId)}/variants/${encodeURIComponent(chosen ?? '')}`;

  const done = (answer: StockAnswer, before: number) => {
    setMessage({ text: `Stock is now ${answer.stock.qtyInStock}.`, error: false });
    setDelta('');
    setAbsolute('');
    setReason('');
    // SPEC §7: restocking a variant that people wait for offers to tell them.
    setOffer(before === 0 && answer.stock.qtyInStock > 0 && answer.stock.restockWaiting > 0 ? { variantId: chosen!, count: answer.stock.restockWaiting } : null);
    setReload((n) => n + 1);
    onChanged?.();
  };

  const submit = async (e: FormEvent, kind: 'adjust' | 'set') => {
    e.preventDefault();
    if (!variant) return;
    setFields({});
    setMessage(null);
    const value = Number(kind === 'adjust' ? delta : absolute);
    if ((kind === 'adjust' ? delta : absolute).trim() === '' || !Number.isInteger(value)) {
      setFields({ [kind]: kind === 'adjust' ? 'Enter the change as a whole number.' : 'Enter the stock as a whole number.' });
      return;
    }
    setBusy(true);
    const before = variant.qtyInStock;
    const body = kind === 'adjust' ? { delta: value, ...(reason.trim() ? { reason: reason.trim() } : {}) } : { expected: before, qtyInStock: value, ...(reason.trim() ? { reason: reason.trim() } : {}) };
    try {
      done(await ownerFetch<StockAnswer>(kind === 'adjust' ? 'POST' : 'PUT', `${base}/stock`, body), before);
    } catch (error) {
      if (error instanceof OwnerApiError) {
        const field = Object.values(error.fields)[0];
        if (field) setFields({ [kind]: field });
        else setMessage({ text: error.message, error: true });
        // The count moved (stock_changed) or holds refused it: read the current count again.
        if (error.status === 409) setReload((n) => n + 1);
      } else setMessage({ text: TEXT.failed, error: true });
    } finally {
      setBusy(false);
    }
  };

  const sendNotices = async () => {
    if (!offer) return;
    setBusy(true);
    try {
      const answer = await ownerFetch<{ sent: number }>('POST', '/api/site-users/account/notifications/restock/send', { productId, variantId: offer.variantId });
      setMessage({ text: `Restock notices sent to ${people(answer.sent)}.`, error: false });
      setOffer(null);
    } catch (error) {
      setMessage({ text: error instanceof OwnerApiError ? error.message : TEXT.failed, error: true });
    } finally {
      setBusy(false);
    }
  };

  const more = async () => {
    if (!history?.next || !chosen) return;
    const page = await ownerFetch<{ rows: StockHistoryRow[]; next: number | null }>('GET', `${base}/stock-history?before=${history.next}`).catch(() => null);
    if (page) setHistory({ rows: [...history.rows, ...page.rows], next: page.next });
  };

  const title = product && 'title' in product ? `Stock: ${product.title}` : 'Stock';
  return (
    <Dialog open={open} title={title} onClose={onClose} drawer actions={<Button variant="secondary" onClick={onClose}>Close</Button>}>
      {product === null ? <Skeleton label="Loading stock" rows={3} /> : null}
      {product && 'error' in product ? <ErrorPanel message={product.error} onRetry={() => setReload((n) => n + 1)} /> : null}
      {product && 'variants' in product ? (
        <div className="stock-dialog" data-stock-dialog>
          {product.variants.length > 1 ? (
            <SelectField
              label="Variant"
              value={chosen ?? ''}
              onChange={(e) => {
                setChosen(e.target.value);
                setMessage(null);
                setFields({});
                setOffer(null);
              }}
              options={product.variants.map((v) => ({ value: v.id, label: variantName(v) }))}
            />
          ) : null}
          {variant ? (
            variant.unlimited ? (
              <p>This variant has unlimited stock.</p>
            ) : (
              <>
                <p className="stock-now">
                  In stock: <strong data-stock-now>{variant.qtyInStock}</strong>
                  {variant.held > 0 ? ` (${variant.held} held in shoppers’ carts)` : ''}
                </p>
                <TextField label="Reason (optional)" value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />
                <form className="stock-form" onSubmit={(e) => void submit(e, 'adjust')} aria-label="Adjust stock">
                  <TextField label="Change by" hint="Like 5 or -2" inputMode="numeric" value={delta} error={fields.adjust} onChange={(e) => setDelta(e.target.value)} />
                  <Button type="submit" busy={busy}>
                    Adjust
                  </Button>
                </form>
                <form className="stock-form" onSubmit={(e) => void submit(e, 'set')} aria-label="Set stock">
                  <TextField label="Set to" inputMode="numeric" value={absolute} error={fields.set} onChange={(e) => setAbsolute(e.target.value)} />
                  <Button type="submit" variant="secondary" busy={busy}>
                    Set
                  </Button>
                </form>
              </>
            )
          ) : null}
          <div aria-live="polite">{message ? <p role={message.error ? 'alert' : 'status'} className={message.error ? 'ui-field-error' : undefined}>{message.text}</p> : null}</div>
          {offer ? (
            <Button onClick={() => void sendNotices()} busy={busy}>
              {`Send restock notices to ${people(offer.count)}`}
            </Button>
          ) : null}
          <h3>History</h3>
          {history === null ? <Skeleton label="Loading history" rows={2} /> : null}
          {history && history.rows.length === 0 ? <p>No stock changes yet.</p> : null}
          {history && history.rows.length > 0 ? (
            <ol className="stock-history" data-stock-history>
              {history.rows.map((row) => (
                <li key={row.id}>
                  <strong>{row.delta > 0 ? `+${row.delta}` : row.delta}</strong> → {row.qtyAfter}
                  {row.reason ? ` · ${row.reason}` : ''} · {row.author} · {formatTime(row.createdOn, timeZone)}
                </li>
              ))}
            </ol>
          ) : null}
          {history?.next ? (
            <Button variant="secondary" onClick={() => void more()}>
              Older changes
            </Button>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}
