import { useState } from 'react';
import { OwnerApiError, TEXT } from '../../api.js';
import { formatMoney } from '../../format.js';
import { Button } from '../../ui/button.js';
import { Dialog } from '../../ui/dialog.js';
import { TextField } from '../../ui/fields.js';
import { openUnits, orderApi, type OrderDetail } from './order-api.js';

/** Confirms a cancellation: what is cancelled (open units only) and that the payment is refunded. */
export function CancelDialog({ detail, onClose, onDone }: { detail: OrderDetail; onClose: () => void; onDone: (message: string) => void }) {
  const open = detail.order.items.filter((l) => openUnits(l) > 0);
  const partly = detail.order.items.some((l) => l.fulfilledQuantity > 0);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function submit() {
    setBusy(true);
    setError(undefined);
    try {
      const done = await orderApi.cancel(detail.order.orderNumber, { reason: reason.trim() || undefined });
      onDone(done.message ?? (done.refund ? `Order cancelled; ${formatMoney(done.refund.amount, detail.order.currency)} refunded.` : 'Order cancelled.'));
    } catch (err) {
      setError(err instanceof OwnerApiError ? err.message : TEXT.failed);
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      title="Cancel this order?"
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>Keep the order</Button>
          <Button variant="danger" onClick={submit} busy={busy} data-action="confirm-cancel">{busy ? 'Cancelling…' : 'Cancel order'}</Button>
        </>
      }
    >
      <p>These items go back into stock and the shopper is emailed:</p>
      <ul>{open.map((l) => <li key={l.lineId}>{openUnits(l)} × {l.productName}</li>)}</ul>
      <p>
        {partly
          ? 'Items already fulfilled stay fulfilled and paid; the cancelled items’ share of the goods is refunded (shipping is not).'
          : 'Everything not refunded yet is refunded to the shopper.'}
      </p>
      <TextField label="Reason (optional)" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      {error ? <p role="alert" className="order-action-error">{error}</p> : null}
    </Dialog>
  );
}
