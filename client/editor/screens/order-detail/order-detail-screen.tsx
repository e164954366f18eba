import { useEffect, useState } from 'react';
import { useOwner } from '../../context.js';
import { formatMoney, formatTime } from '../../format.js';
import { Link } from '../../router.js';
import { Button } from '../../ui/button.js';
import { ErrorPanel, Skeleton } from '../../ui/states.js';
import { useToast } from '../../ui/toast.js';
import { useLoad } from '../../use-load.js';
import { OwnerApiError, TEXT } from '../../api.js';
import { CancelDialog } from './cancel-dialog.js';
import { FulfilDialog } from './fulfil-dialog.js';
import { openUnits, orderApi, type OrderDetail } from './order-api.js';
import { RefundDialog } from './refund-dialog.js';
import './order-detail.css';

type Action = 'fulfil' | 'pickup' | 'cancel' | 'refund';

/**
 * /config/orders/{number}: lines (with what was fulfilled or cancelled and the shopper's
 * additional-fields answers), totals, payments, refunds and shipments; the actions Fulfil,
 * Mark picked up, Cancel, Refund and Print packing slip; notes and the order's timeline.
 * After an action the order is read again in place (no loading flash).
 */
export function OrderDetailScreen({ number }: { number: string }) {
  const { result, retry } = useLoad(number, () => orderApi.load(number));
  const [fresh, setFresh] = useState<OrderDetail>();
  useEffect(() => setFresh(undefined), [number]);
  const back = (
    <p>
      <Link href="/config/orders">Back to orders</Link>
    </p>
  );
  if (result.state === 'loading') return <>{back}<h1>Order #{number}</h1><Skeleton label="Loading the order" /></>;
  if (result.state === 'error') return <>{back}<h1>Order #{number}</h1><ErrorPanel message={result.message} onRetry={retry} /></>;
  return <OrderView back={back} detail={fresh ?? result.data} reload={async () => setFresh(await orderApi.load(number))} />;
}

function OrderView({ back, detail, reload }: { back: React.ReactNode; detail: OrderDetail; reload: () => Promise<void> }) {
  const { timeZone } = useOwner();
  const toast = useToast();
  const [action, setAction] = useState<Action>();
  const { order, payments, refunds, fulfilments, timeline, refundable } = detail;
  const money = (minor: number) => formatMoney(minor, order.currency);
  const open = order.items.reduce((n, l) => n + openUnits(l), 0);
  const cancelled = order.status === 'cancelled';
  const names = new Map(order.items.map((l) => [l.lineId, l.productName]));
  const done = async (message: string) => {
    setAction(undefined);
    toast(message);
    await reload().catch(() => toast(TEXT.loadRetry));
  };
  const address = order.shippingAddress;
  return (
    <article data-order={order.orderNumber} className="order-detail">
      {back}
      <h1>
        Order #{order.orderNumber} {order.kind === 'donation' ? <span className="ui-badge" data-order-kind="donation">Donation</span> : null}{' '}
        {order.testMode ? <span className="ui-badge">Test</span> : null}{' '}
        <span className="ui-badge" data-order-status={order.status}>{statusLabel(order.status)}</span>
      </h1>
      <p>
        {formatTime(order.created, timeZone)} · {order.email}
      </p>
      <div className="order-actions" role="toolbar" aria-label="Order actions">
        <Button onClick={() => setAction('fulfil')} disabled={open === 0 || cancelled}>Fulfil</Button>
        <Button variant="secondary" onClick={() => setAction('pickup')} disabled={open === 0 || cancelled}>Mark picked up</Button>
        <Button variant="secondary" onClick={() => setAction('refund')} disabled={refundable <= 0}>Refund</Button>
        <Button variant="danger" onClick={() => setAction('cancel')} disabled={open === 0 || cancelled}>Cancel order</Button>
        <Link href={`/config/orders/${order.orderNumber}/packing-slip`}>Print packing slip</Link>
      </div>
      <table className="dt-table">
        <caption className="owner-skip">Items</caption>
        <thead>
          <tr>
            <th scope="col">SKU</th>
            <th scope="col">Product</th>
            <th scope="col">Quantity</th>
            <th scope="col">Fulfilled</th>
            <th scope="col">Unit price</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((l) => (
            <tr key={l.lineId} data-line={l.lineId}>
              <td>{l.sku}</td>
              <td>
                {l.productName}
                {l.fieldAnswers.length ? (
                  <dl className="order-line-fields">
                    {l.fieldAnswers.map((a, i) => (
                      <div key={i}>
                        <dt>{a.label}</dt>
                        <dd>{a.value}</dd>
                      </div>
                    ))}
                  </dl>
                ) : null}
              </td>
              <td>{l.quantity}</td>
              <td data-fulfilled={l.fulfilledQuantity}>
                {l.fulfilledQuantity}
                {l.cancelledQuantity ? ` (${l.cancelledQuantity} cancelled)` : ''}
              </td>
              <td>{money(l.unitPrice)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="owner-totals">
        <dt>Subtotal</dt>
        <dd>{money(order.subtotal)}</dd>
        <dt>Discount</dt>
        <dd>{money(order.discountTotal)}</dd>
        <dt>Shipping</dt>
        <dd>{money(order.shippingTotal)}</dd>
        <dt>Tax</dt>
        <dd>{money(order.taxTotal)}</dd>
        <dt>Total</dt>
        <dd data-grand-total>{money(order.grandTotal)}</dd>
        {order.giftCardTotal > 0 ? (
          <>
            <dt>Gift card</dt>
            <dd>{money(order.giftCardTotal)}</dd>
          </>
        ) : null}
        <dt>Refunded</dt>
        <dd data-refunded>{money(order.grandTotal - refundable)}</dd>
        <dt>Left to refund</dt>
        <dd data-refundable>{money(refundable)}</dd>
      </dl>
      {address ? (
        <>
          <h2>Ship to</h2>
          <AddressBlock address={address} />
        </>
      ) : null}
      <h2>Shipments</h2>
      {fulfilments.length === 0 ? (
        <p>None yet.</p>
      ) : (
        <ul className="order-fulfilments">
          {fulfilments.map((f) => (
            <li key={f.id} data-fulfilment={f.id}>
              {f.kind === 'shipped' ? 'Shipped' : 'Picked up'}: {f.lines.map((l) => `${l.quantity} × ${names.get(l.lineId) ?? ''}`).join(', ')}
              {f.carrier ? ` · ${f.carrier}` : ''}
              {f.trackingNumber ? ` · ${f.trackingNumber}` : ''} · {formatTime(f.created, timeZone)} · {f.createdBy}
            </li>
          ))}
        </ul>
      )}
      <h2>Payments</h2>
      <ul>
        {payments.map((p) => (
          <li key={`${p.provider}-${p.ref}`}>
            {p.provider} {p.ref} · {formatMoney(p.amount, p.currency)} · {p.status} · {formatTime(p.created, timeZone)}
          </li>
        ))}
      </ul>
      {refunds.length ? (
        <>
          <h2>Refunds</h2>
          <ul className="order-refunds">
            {refunds.map((r) => (
              <li key={r.id} data-refund={r.status}>
                {money(r.amount)} · {r.status}
                {r.toGiftCard ? ` · ${money(r.toGiftCard)} to the gift card` : ''}
                {r.reason ? ` · ${r.reason}` : ''} · {formatTime(r.created, timeZone)} · {r.createdBy}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <NoteForm orderNumber={order.orderNumber} onSaved={() => done('Note added.')} />
      <h2>Timeline</h2>
      <ol className="order-timeline">
        {timeline.map((e, i) => (
          <li key={i} data-kind={e.kind}>
            {/* A cancel's refund the provider kept refusing (CANCEL_REFUND_ATTEMPTS): the owner must act. */}
            {e.kind === 'refund_needs_attention' ? <strong className="order-timeline-attention">Needs attention </strong> : null}
            <time dateTime={new Date(e.at).toISOString()}>{formatTime(e.at, timeZone)}</time> · {e.text} <span className="order-timeline-by">({e.by})</span>
          </li>
        ))}
      </ol>
      {action === 'fulfil' || action === 'pickup' ? (
        <FulfilDialog detail={detail} kind={action === 'fulfil' ? 'shipped' : 'picked_up'} onClose={() => setAction(undefined)} onDone={done} />
      ) : null}
      {action === 'refund' ? <RefundDialog detail={detail} onClose={() => setAction(undefined)} onDone={done} /> : null}
      {action === 'cancel' ? <CancelDialog detail={detail} onClose={() => setAction(undefined)} onDone={done} /> : null}
    </article>
  );
}

const STATUS: Record<string, string> = { paid: 'Paid', partially_refunded: 'Partly refunded', refunded: 'Refunded', cancelled: 'Cancelled' };
const statusLabel = (s: string) => STATUS[s] ?? s;

export function AddressBlock({ address }: { address: Record<string, string> }) {
  const a = address;
  const lines = [[a.firstName, a.lastName].filter(Boolean).join(' '), a.address1, a.address2, [a.postalCode, a.city, a.region].filter(Boolean).join(' '), a.country].filter(Boolean);
  return <address className="order-address">{lines.map((l, i) => <span key={i}>{l}<br /></span>)}</address>;
}

function NoteForm({ orderNumber, onSaved }: { orderNumber: number; onSaved: () => void }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  return (
    <form
      className="order-note-form"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!text.trim()) return setError('Write a note first.');
        setBusy(true);
        setError(undefined);
        try {
          await orderApi.note(orderNumber, text);
          setText('');
          onSaved();
        } catch (err) {
          setError(err instanceof OwnerApiError ? err.message : TEXT.failed);
        } finally {
          setBusy(false);
        }
      }}
    >
      <label>
        Add a note (only you and your staff see it)
        <textarea value={text} maxLength={2000} rows={3} onChange={(e) => setText(e.target.value)} aria-invalid={error ? true : undefined} />
      </label>
      {error ? <p role="alert" className="order-action-error">{error}</p> : null}
      <Button type="submit" variant="secondary" busy={busy}>Add note</Button>
    </form>
  );
}
