import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../env.js';
import type { SiteUser } from '../../services/accounts/sessions.js';
import { displayMoney } from '../../../domain/money/money.js';
import { accountOrderByNumber, listAccountOrders } from '../../services/subscriptions/account-orders.js';
import { accountSubscription, accountSubscriptions, subscriptionJson, type SubscriptionRow } from '../../services/subscriptions/index.js';
import { signInForm } from '../config/sign-in.js';
import { cancelSubscription } from '../../services/subscriptions/cancel.js';
import { formPost } from './forms.js';
import { accountPage, actionButton, html, notice, type Markup } from './html.js';

/**
 * The shopper's order and subscription history (docs/accounts.md): sections of /account, and
 * detail pages for their own orders and subscriptions only. Anyone else's id or number
 * answers 404 like one that does not exist (never 403, which would confirm it exists);
 * a visitor who is not signed in gets the sign-in form (401).
 */
export const accountHistory = new Hono<AppEnv>({ strict: false });

const STATUS_TEXT: Record<string, string> = { paid: 'Paid', refunded: 'Refunded', active: 'Active', past_due: 'Past due', paused: 'Paused', ended: 'Ended', canceled: 'Canceled' };
const statusText = (s: string) => STATUS_TEXT[s] ?? s;

function dateText(c: Context<AppEnv>, ms: number | null): string {
  if (ms === null) return '—';
  const options = { dateStyle: 'medium', timeZone: c.var.site.timeZone } as const;
  try {
    return new Intl.DateTimeFormat(c.var.site.locale, options).format(ms);
  } catch {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(ms);
  }
}

// Not signed in: the sign-in form right here (401), which leads to the account page.
const signIn = (c: Context<AppEnv>) =>
  accountPage(c, 'Sign in', html`${signInForm(c, '/account/sign-in', { info: 'Sign in to see your orders and subscriptions.' })}<p>New here? <a href="/account/sign-up">Create an account</a></p>`, 401);

const notFound = (c: Context<AppEnv>) =>
  accountPage(c, 'Not found', html`<h1>Not found</h1><p>We could not find that in your account.</p><p><a href="/account">Back to your account</a></p>`, 404);

/** The orders section of /account: number, date, total, status and a link, or the empty state. */
export async function ordersSection(c: Context<AppEnv>, user: SiteUser): Promise<Markup> {
  const rows = await listAccountOrders(c.var.db, c.var.site.id, user.id);
  if (!rows.length) return html`<section class="orders" data-orders><h2>Orders</h2><p data-orders-empty>You have not placed any orders yet.</p></section>`;
  return html`<section class="orders" data-orders><h2>Orders</h2>
<table class="account-table"><thead><tr><th scope="col">Order</th><th scope="col">Date</th><th scope="col">Total</th><th scope="col">Status</th></tr></thead><tbody>
${rows.map(
  (o) => html`<tr data-order="${o.orderNumber}"><td><a href="/account/orders/${o.orderNumber}">#${o.orderNumber}</a></td><td>${dateText(c, o.createdOn)}</td><td>${displayMoney(o.grandTotalCents, o.currency, c.var.site.locale)}</td><td>${statusText(o.status)}</td></tr>`,
)}
</tbody></table></section>`;
}

/** The subscriptions section of /account: product, price wording, next billing date, status. */
export async function subscriptionsSection(c: Context<AppEnv>, user: SiteUser): Promise<Markup> {
  const rows = await accountSubscriptions(c.var.db, c.var.site.id, user.id);
  if (!rows.length) return html`<section class="subscriptions" data-subscriptions><h2>Subscriptions</h2><p data-subscriptions-empty>You have no subscriptions.</p></section>`;
  return html`<section class="subscriptions" data-subscriptions><h2>Subscriptions</h2>
<table class="account-table"><thead><tr><th scope="col">Product</th><th scope="col">Price</th><th scope="col">Next payment</th><th scope="col">Status</th></tr></thead><tbody>
${rows.map((row) => subscriptionRow(c, row))}
</tbody></table></section>`;
}

function subscriptionRow(c: Context<AppEnv>, row: SubscriptionRow): Markup {
  const s = subscriptionJson(row, c.var.site.locale);
  return html`<tr data-subscription="${row.id}"><td><a href="/account/subscriptions/${row.id}">${row.productName}</a></td><td>${String(s.priceWording)}</td><td>${dateText(c, s.nextBillingDate as number | null)}</td><td>${statusText(row.status)}</td></tr>`;
}

accountHistory.get('/orders/:number', async (c) => {
  const user = c.var.siteUser;
  if (!user) return signIn(c);
  const number = c.req.param('number');
  // Order numbers are whole numbers from 1001; anything else cannot be one of theirs.
  const found = /^\d{4,9}$/.test(number) ? await accountOrderByNumber(c.var.db, c.var.site.id, user.id, Number(number)) : undefined;
  if (!found) return notFound(c);
  const { order, lines } = found;
  const money = (n: number) => displayMoney(n, order.currency, c.var.site.locale);
  return accountPage(
    c,
    `Order #${order.orderNumber}`,
    html`<section class="account-detail account-order">
<h1>Order #${order.orderNumber}</h1>
<p class="order-meta" data-order-meta>${dateText(c, order.createdOn)} · ${statusText(order.status)}${order.testMode ? ' · test mode' : ''}</p>
<ul class="order-lines">${lines.map((l) => html`<li>${l.quantity} × ${l.productName}${l.sku ? ` (${l.sku})` : ''} — ${money(l.unitPriceCents * l.quantity)}</li>`)}</ul>
<dl class="order-totals">
<dt>Subtotal</dt><dd>${money(order.subtotalCents)}</dd>
${order.discountCents ? html`<dt>Discount</dt><dd>−${money(order.discountCents)}</dd>` : ''}
<dt>Shipping</dt><dd>${money(order.shippingTotalCents)}</dd>
<dt>Tax</dt><dd>${money(order.taxTotalCents)}</dd>
</dl>
<p class="order-total">Total: <strong data-order-total>${money(order.grandTotalCents)}</strong></p>
<p class="account-actions"><a class="button button-secondary" href="/account">Back to your account</a></p>
</section>`,
  );
});

accountHistory.get('/subscriptions/:id', async (c) => {
  const user = c.var.siteUser;
  if (!user) return signIn(c);
  const id = c.req.param('id');
  const row = /^[A-Za-z0-9_-]{1,64}$/.test(id) ? await accountSubscription(c.var.db, c.var.site.id, user.id, id) : undefined;
  if (!row) return notFound(c);
  const s = subscriptionJson(row, c.var.site.locale);
  return accountPage(
    c,
    row.productName,
    html`<section class="account-detail account-subscription">
<h1>${row.productName}</h1>
<p class="account-detail-lead" data-subscription-wording>${String(s.priceWording)}</p>
<ul class="account-facts">
<li>Status: ${statusText(row.status)}${row.lastFailure && row.status === 'past_due' ? html` — ${row.lastFailure}` : ''}</li>
<li class="subscription-next">Next payment: ${dateText(c, s.nextBillingDate as number | null)}</li>
<li>Payments so far: ${row.cyclesBilled}${row.numBillingCycles ? ` of ${row.numBillingCycles}` : ''}</li>
</ul>
${c.req.query('canceled') === '1' ? notice('Your subscription is canceled. There will be no further payments.', 'info') : ''}
<div class="account-actions">
${row.status === 'active' || row.status === 'past_due' || row.status === 'paused' ? actionButton(c, `/account/subscriptions/${row.id}/cancel`, 'Cancel subscription') : ''}
<a class="button button-secondary" href="/account">Back to your account</a>
</div>
</section>`,
  );
});

// The product says 'Cancel any time': one button, the shopper's own subscription only.
accountHistory.post('/subscriptions/:id/cancel', ...formPost, async (c) => {
  const user = c.var.siteUser;
  if (!user) return signIn(c);
  const id = c.req.param('id');
  const canceled = /^[A-Za-z0-9_-]{1,64}$/.test(id) && (await cancelSubscription(c.var.db, c.var.site.id, user.id, id, Date.now()));
  if (!canceled && !(await accountSubscription(c.var.db, c.var.site.id, user.id, id))) return notFound(c);
  return c.redirect(`/account/subscriptions/${id}${canceled ? '?canceled=1' : ''}`, 303);
});
