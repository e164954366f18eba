import { useState } from 'react';
import { fractionDigits } from '../../../../domain/money/fraction-digits.js';
import { lineRefundTotals, lineUnitsRefundCents, refundedUnits } from '../../../../domain/commerce/line-refunds.js';
import { OwnerApiError, TEXT } from '../../api.js';
import { formatMoney } from '../../format.js';
import { Dialog } from '../../ui/dialog.js';
import { DialogActions } from './dialog-actions.js';
import { TextField } from '../../ui/fields.js';
import { ORDER_OPS_MESSAGES } from '../../../../domain/messages/order-ops-messages.js';
import { newRequestId, orderApi, parseAmount, type OrderDetail, type OrderLine } from './order-api.js';

/**
 * Refund an amount or some lines (each unit with its share of discount and tax, as the server
 * prices it: domain/commerce/line-refunds.ts); shows what is left to refund and each line's units left.
 * The dialog's request id goes with every try: a doubled click or a retry refunds once.
 */
export function RefundDialog({ detail, onClose, onDone }: { detail: OrderDetail; onClose: () => void; onDone: (message: string) => void }) {
  const { order, refundable } = detail;
  const money = (n: number) => formatMoney(n, order.currency);
  const digits = fractionDigits(order.currency);
  const [mode, setMode] = useState<'lines' | 'amount'>('lines');
  const [units, setUnits] = useState<Record<string, string>>(() => Object.fromEntries(order.items.map((l) => [l.lineId, '0'])));
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [requestId] = useState(newRequestId);

  const lineTotals = lineRefundTotals({ discountCents: order.discountTotal, taxTotalCents: order.taxTotal }, order.items.map((l) => ({ id: l.lineId, quantity: l.quantity, unitPriceCents: l.unitPrice })));
  const refunded = refundedUnits(detail.refunds);
  const unitsLeft = (l: OrderLine) => Math.max(0, l.quantity - l.cancelledQuantity - (refunded.get(l.lineId) ?? 0));
  const chosen = order.items.map((l) => ({ line: l, lineId: l.lineId, quantity: Number(units[l.lineId] ?? 0) || 0 })).filter((l) => l.quantity > 0);
  const linesTotal = chosen.reduce((n, c) => n + lineUnitsRefundCents(lineTotals.get(c.lineId) ?? 0, c.line.quantity, refunded.get(c.lineId) ?? 0, c.quantity), 0);
  const total = mode === 'lines' ? linesTotal : parseAmount(amount, digits) ?? 0;

  async function submit() {
    if (mode === 'amount' && parseAmount(amount, digits) === undefined) return setError('Enter an amount, such as 12.50.');
    if (mode === 'lines' && chosen.length === 0) return setError('Choose at least one item.');
    const over = mode === 'lines' ? chosen.find((c) => c.quantity > unitsLeft(c.line)) : undefined;
    if (over) return setError(ORDER_OPS_MESSAGES.lineRefunded(unitsLeft(over.line)));
    if (total <= 0) return setError('Enter an amount above zero.');
    if (total > refundable) return setError(`You can refund at most ${money(refundable)}.`);
    setBusy(true);
    setError(undefined);
    try {
      const body = mode === 'lines' ? { lines: chosen.map(({ lineId, quantity }) => ({ lineId, quantity })) } : { amountCents: total };
      const done = await orderApi.refund(order.orderNumber, { ...body, reason: reason.trim() || undefined, requestId });
      onDone(`Refunded ${money(done.refund.amount)}; the shopper was emailed.`);
    } catch (err) {
      setError(err instanceof OwnerApiError ? err.message : TEXT.failed);
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      title="Refund"
      onClose={onClose}
      actions={<DialogActions closeLabel="Close" onClose={onClose} label={`Refund ${money(total)}`} busyLabel="Refunding…" onConfirm={submit} busy={busy} action="confirm-refund" />}
    >
      <p data-refundable={refundable}>Left to refund: {money(refundable)}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <fieldset>
          <legend>Refund</legend>
          <label>
            <input type="radio" name="refund-mode" checked={mode === 'lines'} onChange={() => setMode('lines')} /> Items
          </label>{' '}
          <label>
            <input type="radio" name="refund-mode" checked={mode === 'amount'} onChange={() => setMode('amount')} /> An amount
          </label>
        </fieldset>
        {mode === 'lines' ? (
          order.items.map((l) => (
            <TextField
              key={l.lineId}
              label={`${l.productName} at ${money(l.unitPrice)} (${unitsLeft(l)} of ${l.quantity} left to refund)`}
              inputMode="numeric"
              value={units[l.lineId] ?? ''}
              onChange={(e) => setUnits((u) => ({ ...u, [l.lineId]: e.target.value.replace(/\D/g, '').slice(0, 4) }))}
              data-line={l.lineId}
            />
          ))
        ) : (
          <TextField label={`Amount (${order.currency})`} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} autoComplete="off" />
        )}
        <TextField label="Reason (optional)" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
        {error ? <p role="alert" className="order-action-error">{error}</p> : null}
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
