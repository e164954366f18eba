import { useOwner } from '../../context.js';
import { formatDate } from '../../format.js';
import { Link } from '../../router.js';
import { Button } from '../../ui/button.js';
import { ErrorPanel, Skeleton } from '../../ui/states.js';
import { useLoad } from '../../use-load.js';
import { AddressBlock } from './order-detail-screen.js';
import { orderApi } from './order-api.js';
import './order-detail.css';

/**
 * /config/orders/{number}/packing-slip: the printable slip — ship-to address, each line's
 * quantity (what is still to send, and what was ordered) and its additional-fields answers;
 * no prices. The print stylesheet (order-detail.css) hides the owner app around it.
 */
export function PackingSlipScreen({ number }: { number: string }) {
  const { timeZone } = useOwner();
  const { result, retry } = useLoad(number, () => orderApi.load(number));
  if (result.state === 'loading') return <Skeleton label="Loading the packing slip" />;
  if (result.state === 'error') return <ErrorPanel message={result.message} onRetry={retry} />;
  const { order } = result.data;
  return (
    <article className="packing-slip" data-packing-slip={order.orderNumber}>
      <p className="packing-slip-tools">
        <Link href={`/config/orders/${order.orderNumber}`}>Back to the order</Link> <Button onClick={() => window.print()}>Print</Button>
      </p>
      <h1>Packing slip · Order #{order.orderNumber}</h1>
      <p>
        {formatDate(order.created, timeZone)} · {order.email}
      </p>
      {order.shippingAddress ? (
        <section>
          <h2>Ship to</h2>
          <AddressBlock address={order.shippingAddress} />
        </section>
      ) : null}
      <table className="packing-slip-lines">
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">SKU</th>
            <th scope="col">To pack</th>
            <th scope="col">Ordered</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((l) => (
            <tr key={l.lineId}>
              <td>
                {l.productName}
                {l.fieldAnswers.map((a, i) => (
                  <div key={i} className="packing-slip-field">
                    {a.label}: {a.value}
                  </div>
                ))}
              </td>
              <td>{l.sku}</td>
              <td data-to-pack>{l.quantity - l.fulfilledQuantity - l.cancelledQuantity}</td>
              <td>{l.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}
