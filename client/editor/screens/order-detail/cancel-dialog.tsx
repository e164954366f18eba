import { useState } from 'react';
import { OwnerApiError, TEXT } from '../../api.js';
import { formatMoney } from '../../format.js';
import { Dialog } from '../../ui/dialog.js';
import { DialogActions } from './dialog-actions.js';
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
      const cards = done.giftCards ? ` ${done.giftCards.disabled === 1 ? 'The gift card it issued was' : `${done.giftCards.disabled} gift cards it issued were`} disabled.` : '';
      onDone((done.message ?? (done.refund ? `Order cancelled; ${formatMoney(done.refund.amount, detail.order.currency)} refunded.` : 'Order cancelled.')) + cards);
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
      actions={<DialogActions closeLabel="Keep the order" onClose={onClose} label="Cancel order" busyLabel="Cancelling…" onConfirm={submit} busy={busy} action="confirm-cancel" danger />}
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
