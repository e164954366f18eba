import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../env.js';
import type { SiteUser } from '../../services/accounts/sessions.js';
import { displayMoney } from '../../../domain/money/money.js';
import { accountOrderByNumber, listAccountOrders } from '../../services/subscriptions/account-orders.js';
import { accountSubscription, accountSubscriptions, subscriptionJson, type SubscriptionRow } from '../../services/subscriptions/index.js';
import { signInForm } from '../config/sign-in.js';
import { cancelSubscription } from '../../services/subscriptions/cancel.js';
import { formPost } from './forms.js';
import { accountPage, actionButton, html, labelled, notice, type Markup } from './html.js';
import { fillText, type StoreTexts } from '../../../domain/languages/store-texts.js';
import { accountLocale, accountPath, accountTexts } from './account-texts.js';

/**
 * The shopper's order and subscription history (docs/accounts.md): sections of /account, and
 * detail pages for their own orders and subscriptions only. Anyone else's id or number
 * answers 404 like one that does not exist (never 403, which would confirm it exists);
 * a visitor who is not signed in gets the sign-in form (401).
 */
export const accountHistory = new Hono<AppEnv>({ strict: false });

const STATUS_TEXT = {
  paid: 'accountStatusPaid', refunded: 'accountStatusRefunded', active: 'accountStatusActive', past_due: 'accountStatusPastDue',
  paused: 'accountStatusPaused', ended: 'accountStatusEnded', canceled: 'accountStatusCanceled',
} as const;
const statusText = (s: string, t: StoreTexts) => (s in STATUS_TEXT ? t[STATUS_TEXT[s as keyof typeof STATUS_TEXT]] : s);

function dateText(c: Context<AppEnv>, ms: number | null): string {
  if (ms === null) return '—';
  const options = { dateStyle: 'medium', timeZone: c.var.site.timeZone } as const;
  try {
    return new Intl.DateTimeFormat(accountLocale(c), options).format(ms);
  } catch {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(ms);
  }
}

// Not signed in: the sign-in form right here (401), which leads to the account page.
const signIn = async (c: Context<AppEnv>) => {
  const t = await accountTexts(c);
  return accountPage(c, t.accountSignIn, html`${signInForm(c, '/account/sign-in', { info: t.accountSignInToSee, texts: t })}<p>${t.accountNewHere} <a href="/account/sign-up">${t.accountCreate}</a></p>`, 401);
};

const notFound = async (c: Context<AppEnv>) => {
  const t = await accountTexts(c);
  return accountPage(c, t.accountNotFound, html`<h1>${t.accountNotFound}</h1><p>${t.accountNotFoundText}</p><p><a href="/account">${t.accountBack}</a></p>`, 404);
};

/** The orders section of /account: number, date, total, status and a link, or the empty state. */
export async function ordersSection(c: Context<AppEnv>, user: SiteUser, t: StoreTexts): Promise<Markup> {
  const rows = await listAccountOrders(c.var.db, c.var.site.id, user.id);
  if (!rows.length) return html`<section class="orders" data-orders><h2>${t.accountOrders}</h2><p data-orders-empty>${t.accountNoOrders}</p></section>`;
  return html`<section class="orders" data-orders><h2>${t.accountOrders}</h2>
<table class="account-table"><thead><tr><th scope="col">${t.accountOrder}</th><th scope="col">${t.accountDate}</th><th scope="col">${t.total}</th><th scope="col">${t.accountStatus}</th></tr></thead><tbody>
${rows.map(
  (o) => html`<tr data-order="${o.orderNumber}"><td><a href="/account/orders/${o.orderNumber}">#${o.orderNumber}</a></td><td>${dateText(c, o.createdOn)}</td><td>${displayMoney(o.grandTotalCents, o.currency, accountLocale(c))}</td><td>${statusText(o.status, t)}</td></tr>`,
)}
</tbody></table></section>`;
}

/** The subscriptions section of /account: product, price wording, next billing date, status. */
export async function subscriptionsSection(c: Context<AppEnv>, user: SiteUser, t: StoreTexts): Promise<Markup> {
  const rows = await accountSubscriptions(c.var.db, c.var.site.id, user.id);
  if (!rows.length) return html`<section class="subscriptions" data-subscriptions><h2>${t.accountSubscriptions}</h2><p data-subscriptions-empty>${t.accountNoSubscriptions}</p></section>`;
  return html`<section class="subscriptions" data-subscriptions><h2>${t.accountSubscriptions}</h2>
<table class="account-table"><thead><tr><th scope="col">${t.accountProduct}</th><th scope="col">${t.accountPrice}</th><th scope="col">${t.accountNextPayment}</th><th scope="col">${t.accountStatus}</th></tr></thead><tbody>
${rows.map((row) => subscriptionRow(c, row, t))}
</tbody></table></section>`;
}

function subscriptionRow(c: Context<AppEnv>, row: SubscriptionRow, t: StoreTexts): Markup {
  const s = subscriptionJson(row, accountLocale(c), t);
  return html`<tr data-subscription="${row.id}"><td><a href="/account/subscriptions/${row.id}">${row.productName}</a></td><td>${String(s.priceWording)}</td><td>${dateText(c, s.nextBillingDate as number | null)}</td><td>${statusText(row.status, t)}</td></tr>`;
}

accountHistory.get('/orders/:number', async (c) => {
  const user = c.var.siteUser;
  if (!user) return signIn(c);
  const number = c.req.param('number');
  // Order numbers are whole numbers from 1001; anything else cannot be one of theirs.
  const found = /^\d{4,9}$/.test(number) ? await accountOrderByNumber(c.var.db, c.var.site.id, user.id, Number(number)) : undefined;
  if (!found) return notFound(c);
  const { order, lines } = found;
  const t = await accountTexts(c);
  const money = (n: number) => displayMoney(n, order.currency, accountLocale(c));
  const title = fillText(t.accountOrderNumber, { number: order.orderNumber });
  return accountPage(
    c,
    title,
    html`<section class="account-detail account-order">
<h1>${title}</h1>
<p class="order-meta" data-order-meta>${dateText(c, order.createdOn)} · ${statusText(order.status, t)}${order.testMode ? ` · ${t.accountTestMode}` : ''}</p>
<ul class="order-lines">${lines.map((l) => html`<li>${l.quantity} × ${l.productName}${l.sku ? ` (${l.sku})` : ''} — ${money(l.unitPriceCents * l.quantity)}</li>`)}</ul>
<dl class="order-totals">
<dt>${t.subtotal}</dt><dd>${money(order.subtotalCents)}</dd>
${order.discountCents ? html`<dt>${t.discount}</dt><dd>−${money(order.discountCents)}</dd>` : ''}
<dt>${t.shipping}</dt><dd>${money(order.shippingTotalCents)}</dd>
<dt>${t.tax}</dt><dd>${money(order.taxTotalCents)}</dd>
</dl>
<p class="order-total">${labelled(t, t.total, html`<strong data-order-total>${money(order.grandTotalCents)}</strong>`)}</p>
<p class="account-actions"><a class="button button-secondary" href="/account">${t.accountBack}</a></p>
</section>`,
  );
});

accountHistory.get('/subscriptions/:id', async (c) => {
  const user = c.var.siteUser;
  if (!user) return signIn(c);
  const id = c.req.param('id');
  const row = /^[A-Za-z0-9_-]{1,64}$/.test(id) ? await accountSubscription(c.var.db, c.var.site.id, user.id, id) : undefined;
  if (!row) return notFound(c);
  const t = await accountTexts(c);
  const s = subscriptionJson(row, accountLocale(c), t);
  return accountPage(
    c,
    row.productName,
    html`<section class="account-detail account-subscription">
<h1>${row.productName}</h1>
<p class="account-detail-lead" data-subscription-wording>${String(s.priceWording)}</p>
<ul class="account-facts">
<li>${labelled(t, t.accountStatus, statusText(row.status, t))}${row.lastFailure && row.status === 'past_due' ? html` — ${row.lastFailure}` : ''}</li>
<li class="subscription-next">${labelled(t, t.accountNextPayment, dateText(c, s.nextBillingDate as number | null))}</li>
<li>${labelled(t, t.accountPaymentsSoFar, row.numBillingCycles ? fillText(t.accountPaymentsOf, { done: row.cyclesBilled, total: row.numBillingCycles }) : row.cyclesBilled)}</li>
</ul>
${c.req.query('canceled') === '1' ? notice(t.accountCanceled, 'info') : ''}
<div class="account-actions">
${row.status === 'active' || row.status === 'past_due' || row.status === 'paused' ? actionButton(c, `/account/subscriptions/${row.id}/cancel`, t.accountCancelSubscription) : ''}
<a class="button button-secondary" href="/account">${t.accountBack}</a>
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
  return c.redirect(accountPath(c, `/account/subscriptions/${id}${canceled ? '?canceled=1' : ''}`), 303);
});
