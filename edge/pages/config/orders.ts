import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.js';
import { ownerOrderDetail, type OwnerOrderDetail } from '../../services/owner-commerce/order-detail.js';
import { listOwnerOrders, ORDER_PAYMENT_STATES } from '../../services/owner-commerce/orders.js';
import { subscriptionWording } from '../../services/subscriptions/index.js';
import { planOf } from '../../services/subscriptions/subscription-json.js';
import { html, notice, type Markup } from '../account/html.js';
import { ownerDateTime, ownerMoney, stateText } from './format.js';
import { permitted, screen } from './screen.js';

/**
 * /config/orders and /config/orders/{number} (permission `orders`): the store's orders,
 * newest first, searchable and filterable, and one order with everything that happened
 * to it. Every value shoppers typed (email, address, gift message) is escaped by `html`.
 */
export const orderScreens = new Hono<AppEnv>({ strict: false });

const PAGE_SIZE = 50;
const listQuery = z.object({
  q: z.string().max(200, 'Search for at most 200 characters.').optional(),
  status: z.enum(['', ...ORDER_PAYMENT_STATES], { message: 'Choose a payment state from the list.' }).optional(),
  before: z.string().regex(/^\d{1,9}$/, 'That page link is not valid.').optional(),
});

const stateOptions = (current: string) =>
  html`<option value="">All payment states</option>${ORDER_PAYMENT_STATES.map((s) => html`<option value="${s}"${s === current ? html` selected` : ''}>${stateText(s)}</option>`)}`;

orderScreens.get('/orders', (c) => {
  const parsed = listQuery.safeParse(c.req.query());
  if (!parsed.success) {
    const message = parsed.error.issues[0]!.message;
    return screen(c, '/config/orders', 'orders', 'Orders', () => html`<h1>Orders</h1>${notice(message)}<p><a href="/config/orders">All orders</a></p>`, 400);
  }
  const { q = '', status = '', before } = parsed.data;
  return screen(c, '/config/orders', 'orders', 'Orders', async () => {
    const page = await listOwnerOrders(c.var.db, c.var.site.id, { search: q || undefined, status: status || undefined, before: before ? Number(before) : undefined, pageSize: PAGE_SIZE });
    const filtered = Boolean(q || status || before);
    const next = page.nextBefore && `/config/orders?${new URLSearchParams({ ...(q ? { q } : {}), ...(status ? { status } : {}), before: String(page.nextBefore) })}`;
    return html`<h1>Orders</h1>
<form method="get" action="/config/orders" role="search" class="owner-filter"><label>Order number or email <input type="search" name="q" value="${q}" maxlength="200"></label>
<label>Payment <select name="status">${stateOptions(status)}</select></label> <button class="button" type="submit">Show</button></form>
${
  page.rows.length === 0
    ? html`<p data-orders-empty>${filtered ? 'No orders match.' : 'No orders yet. Orders appear here as soon as a shopper checks out.'}</p>`
    : html`<table class="owner-table orders"><thead><tr><th scope="col">Order</th><th scope="col">Date</th><th scope="col">Email</th><th scope="col">Items</th><th scope="col">Total</th><th scope="col">Payment</th></tr></thead><tbody>
${page.rows.map(
  (o) => html`<tr data-order="${o.orderNumber}"><td><a href="/config/orders/${o.orderNumber}">#${o.orderNumber}</a>${o.testMode ? html` <span class="badge" data-test-mode>Test</span>` : ''}</td><td>${ownerDateTime(c, o.createdOn)}</td><td>${o.email}</td><td>${o.itemCount}</td><td data-total>${ownerMoney(c, o.grandTotalCents, o.currency)}</td><td data-payment="${o.status}">${stateText(o.status)}</td></tr>`,
)}
</tbody></table>`
}
${next ? html`<p><a href="${next}" rel="next" data-next-page>Older orders</a></p>` : ''}${before ? html`<p><a href="/config/orders">Newest orders</a></p>` : ''}`;
  });
});

orderScreens.get('/orders/:number', async (c) => {
  const number = c.req.param('number');
  // Order numbers are whole numbers from 1001 (schema/orders.ts).
  const detail = /^\d{4,9}$/.test(number) && permitted(c, 'orders') ? await ownerOrderDetail(c.var.db, c.var.site.id, Number(number)) : undefined;
  if (!detail) {
    return screen(c, '/config/orders', 'orders', 'Order not found', () => html`<h1>Order not found</h1><p>There is no order #${number} on this site.</p><p><a href="/config/orders">All orders</a></p>`, 404);
  }
  return screen(c, '/config/orders', 'orders', `Order #${detail.order.orderNumber}`, () => orderDetail(c, detail));
});

function address(label: string, a: Record<string, string> | null): Markup {
  if (!a) return html``;
  const name = [a.firstName, a.lastName].filter(Boolean).join(' ');
  const place = [a.postalCode, a.city, a.region].filter(Boolean).join(' ');
  const lines = [name, a.address1, a.address2, place, a.country, a.phone].filter((l): l is string => Boolean(l));
  return html`<section data-address="${label}"><h3>${label}</h3><address>${lines.map((l, i) => html`${i ? html`<br>` : ''}${l}`)}</address></section>`;
}

function orderDetail(c: Context<AppEnv>, d: OwnerOrderDetail): Markup {
  const o = d.order;
  const money = (cents: number) => ownerMoney(c, cents, o.currency);
  const total = (label: string, cents: number, key: string, minus = false) => html`<tr data-total="${key}"><th scope="row">${label}</th><td>${minus ? '−' : ''}${money(cents)}</td></tr>`;
  return html`<h1>Order #${o.orderNumber}${o.testMode ? html` <span class="badge" data-test-mode>Test</span>` : ''}</h1>
<p data-order-meta>${ownerDateTime(c, o.createdOn)} · ${o.email} · <span data-payment="${o.status}">${stateText(o.status)}</span></p>
<table class="owner-table order-lines"><thead><tr><th scope="col">SKU</th><th scope="col">Product</th><th scope="col">Quantity</th><th scope="col">Unit price</th><th scope="col">Line total</th></tr></thead><tbody>
${d.lines.map((l) => html`<tr data-line="${l.position}"><td>${l.sku ?? '—'}</td><td>${l.productName}</td><td>${l.quantity}</td><td>${money(l.unitPriceCents)}</td><td>${money(l.unitPriceCents * l.quantity)}</td></tr>`)}
</tbody></table>
<table class="owner-table order-totals"><tbody>
${total('Subtotal', o.subtotalCents, 'subtotal')}${o.discountCents ? total(`Discount${o.coupons.length ? ` (${o.coupons.join(', ')})` : ''}`, o.discountCents, 'discount', true) : ''}
${total('Shipping', o.shippingTotalCents, 'shipping')}${total('Tax', o.taxTotalCents, 'tax')}${o.includedTaxCents ? total('Tax included in prices', o.includedTaxCents, 'included-tax') : ''}
${total('Grand total', o.grandTotalCents, 'grand')}${o.giftCardCents ? html`${total('Gift card', o.giftCardCents, 'gift-card', true)}${total('Paid by card', o.grandTotalCents - o.giftCardCents, 'card')}` : ''}
</tbody></table>
${d.giftCardsUsed.length ? html`<p data-gift-cards-used>Gift card${d.giftCardsUsed.length > 1 ? 's' : ''} used: ${d.giftCardsUsed.map((g, i) => html`${i ? ', ' : ''}•••• ${g.last4} (${money(g.amountCents)})`)}</p>` : ''}
<div class="order-addresses">${address('Shipping address', o.shippingAddress)}${address('Billing address', o.billingAddress)}</div>
${o.shippingOption && typeof o.shippingOption.name === 'string' ? html`<p>Shipping option: ${o.shippingOption.name}</p>` : ''}
<h2>Payments</h2>
${
  d.payments.length === 0
    ? html`<p>No payment recorded (nothing was due).</p>`
    : html`<table class="owner-table payments"><thead><tr><th scope="col">Provider</th><th scope="col">Reference</th><th scope="col">Amount</th><th scope="col">State</th></tr></thead><tbody>
${d.payments.map((p) => html`<tr data-payment-provider="${p.provider}"><td>${p.provider}</td><td><code>${p.provider === 'gift-card' ? 'gift card' : p.providerRef}</code></td><td>${ownerMoney(c, p.amountCents, p.currency)}</td><td>${stateText(p.status)}</td></tr>`)}
</tbody></table>`
}
${d.giftCardsIssued.length ? html`<h2>Gift cards bought</h2><ul data-gift-cards-issued>${d.giftCardsIssued.map((g) => html`<li>•••• ${g.last4}: ${money(g.initialCents)}, ${money(g.balanceCents)} left${g.disabled ? ' (disabled)' : ''}</li>`)}</ul><p><a href="/config/gift-cards">Gift cards</a></p>` : ''}
${d.downloads.length ? html`<h2>Downloads</h2><ul data-downloads>${d.downloads.map((g) => html`<li data-download="${g.productName}">${g.productName}: ${g.downloads}${g.maxDownloads !== null ? ` of ${g.maxDownloads}` : ''} downloads used, link expires ${ownerDateTime(c, g.expiresOn)}</li>`)}</ul>` : ''}
${d.subscription ? html`<p data-order-subscription>Started a subscription: ${d.subscription.productName}, ${subscriptionWording(planOf(d.subscription))} (${stateText(d.subscription.status)}). <a href="/config/subscriptions">Subscriptions</a></p>` : ''}
<h2>Mail sent</h2>
${
  d.mails.length === 0
    ? html`<p data-mails-empty>No mail for this order.</p>`
    : html`<ul data-mails>${d.mails.map((m) => html`<li data-mail-kind="${m.kind}">${ownerDateTime(c, m.createdOn)} · ${m.subject} · to ${m.toAddress} · ${stateText(m.status)}</li>`)}</ul>`
}
<p><a href="/config/orders">All orders</a></p>`;
}
