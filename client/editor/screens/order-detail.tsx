import { ownerFetch } from '../api.js';
import { useOwner } from '../context.js';
import { formatMoney, formatTime } from '../format.js';
import { Link } from '../router.js';
import { ErrorPanel, Skeleton } from '../ui/states.js';
import { useLoad } from '../use-load.js';

/** What the screen reads of GET /api/commerce/owner/orders/{number}. */
interface OrderDetail {
  order: {
    orderNumber: number;
    email: string;
    currency: string;
    created: number;
    status: string;
    testMode: boolean;
    items: { sku: string; productName: string; quantity: number; unitPrice: number }[];
    subtotal: number;
    discountTotal: number;
    shippingTotal: number;
    taxTotal: number;
    grandTotal: number;
    giftCardTotal: number;
  };
  payments: { provider: string; ref: string; amount: number; currency: string; status: string; created: number }[];
  mails: { kind: string; subject: string; toAddress: string }[];
}

/** /config/orders/{number} in the app: lines, totals, payments and the mails sent for it. */
export function OrderDetailScreen({ number }: { number: string }) {
  const { timeZone } = useOwner();
  const { result, retry } = useLoad(number, () => ownerFetch<OrderDetail>('GET', `/api/commerce/owner/orders/${encodeURIComponent(number)}`));
  const back = (
    <p>
      <Link href="/config/orders">Back to orders</Link>
    </p>
  );
  if (result.state === 'loading') return <>{back}<h1>Order #{number}</h1><Skeleton label="Loading the order" /></>;
  if (result.state === 'error') return <>{back}<h1>Order #{number}</h1><ErrorPanel message={result.message} onRetry={retry} /></>;
  const { order, payments, mails } = result.data;
  const money = (minor: number) => formatMoney(minor, order.currency);
  return (
    <article data-order={order.orderNumber}>
      {back}
      <h1>
        Order #{order.orderNumber} {order.testMode ? <span className="ui-badge">Test</span> : null}
      </h1>
      <p>
        {formatTime(order.created, timeZone)} · {order.email} · {order.status}
      </p>
      <table className="dt-table">
        <caption className="owner-skip">Items</caption>
        <thead>
          <tr>
            <th scope="col">SKU</th>
            <th scope="col">Product</th>
            <th scope="col">Quantity</th>
            <th scope="col">Unit price</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((l) => (
            <tr key={l.sku}>
              <td>{l.sku}</td>
              <td>{l.productName}</td>
              <td>{l.quantity}</td>
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
      </dl>
      <h2>Payments</h2>
      <ul>
        {payments.map((p) => (
          <li key={`${p.provider}-${p.ref}`}>
            {p.provider} {p.ref} · {formatMoney(p.amount, p.currency)} · {p.status} · {formatTime(p.created, timeZone)}
          </li>
        ))}
      </ul>
      <h2>Mail sent</h2>
      {mails.length === 0 ? <p>None.</p> : <ul>{mails.map((m, i) => <li key={i}>{m.subject} ({m.toAddress})</li>)}</ul>}
    </article>
  );
}
