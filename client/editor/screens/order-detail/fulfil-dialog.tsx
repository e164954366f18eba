import { useState } from 'react';
import { OwnerApiError, TEXT } from '../../api.js';
import { Dialog } from '../../ui/dialog.js';
import { DialogActions } from './dialog-actions.js';
import { TextField } from '../../ui/fields.js';
import { newRequestId, openUnits, orderApi, type OrderDetail } from './order-api.js';

/**
 * Fulfil (ship, with carrier and tracking number) or mark picked up: a number per line,
 * every open unit to start with. One request id per dialog, so a retry after a lost answer
 * does not fulfil twice.
 */
export function FulfilDialog({ detail, kind, onClose, onDone }: { detail: OrderDetail; kind: 'shipped' | 'picked_up'; onClose: () => void; onDone: (message: string) => void }) {
  const lines = detail.order.items.filter((l) => openUnits(l) > 0);
  const [units, setUnits] = useState<Record<string, string>>(() => Object.fromEntries(lines.map((l) => [l.lineId, String(openUnits(l))])));
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [fields, setFields] = useState<Record<string, string>>({});
  const [requestId] = useState(newRequestId);
  const shipped = kind === 'shipped';
  const title = shipped ? 'Fulfil items' : 'Mark picked up';

  async function submit() {
    const chosen = lines.map((l) => ({ lineId: l.lineId, quantity: Number(units[l.lineId] ?? 0) })).filter((l) => l.quantity > 0);
    const bad = lines.find((l) => !/^\d{1,4}$/.test(units[l.lineId] ?? '') || Number(units[l.lineId]) > openUnits(l));
    if (bad) return setError(`Enter 0 to ${openUnits(bad)} units for ${bad.productName}.`);
    if (chosen.length === 0) return setError('Choose at least one item.');
    setBusy(true);
    setError(undefined);
    try {
      if (shipped) await orderApi.fulfil(detail.order.orderNumber, { lines: chosen, carrier: carrier.trim() || undefined, trackingNumber: tracking.trim() || undefined, requestId });
      else await orderApi.pickup(detail.order.orderNumber, { lines: chosen, requestId });
      onDone(shipped ? 'Items fulfilled; the shopper was emailed.' : 'Marked as picked up.');
    } catch (err) {
      setError(err instanceof OwnerApiError ? err.message : TEXT.failed);
      setFields(err instanceof OwnerApiError ? err.fields : {});
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      actions={<DialogActions closeLabel="Close" onClose={onClose} label={title} busyLabel="Saving…" onConfirm={submit} busy={busy} action="confirm-fulfil" />}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <fieldset className="order-fulfil-lines">
          <legend>Units per item</legend>
          {lines.map((l) => (
            <TextField
              key={l.lineId}
              label={`${l.productName}${l.sku ? ` (${l.sku})` : ''}, ${openUnits(l)} open`}
              inputMode="numeric"
              value={units[l.lineId] ?? ''}
              onChange={(e) => setUnits((u) => ({ ...u, [l.lineId]: e.target.value }))}
              data-line={l.lineId}
            />
          ))}
        </fieldset>
        {shipped ? (
          <>
            <TextField label="Carrier" value={carrier} maxLength={100} onChange={(e) => setCarrier(e.target.value)} error={fields.carrier} autoComplete="off" />
            <TextField label="Tracking number" value={tracking} maxLength={100} onChange={(e) => setTracking(e.target.value)} error={fields.trackingNumber} autoComplete="off" />
          </>
        ) : null}
        {error ? <p role="alert" className="order-action-error">{error}</p> : null}
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
