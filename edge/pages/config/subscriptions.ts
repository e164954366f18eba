import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.js';
import {
  cancelSubscriptionAsOwner, listOwnerSubscriptions, parseSubscriptionCursor, SUBSCRIPTION_STATES, type OwnerSubscriptionPage,
} from '../../services/owner-commerce/subscriptions.js';
import { subscriptionWording } from '../../services/subscriptions/index.js';
import { planOf } from '../../services/subscriptions/subscription-json.js';
import { formFields, formPost } from '../account/forms.js';
import { actionButton, html, notice, type Markup } from '../account/html.js';
import { ownerDateTime, ownerMoney, stateText } from './format.js';
import { permitted, refusePost, screen } from './screen.js';

/**
 * /config/subscriptions (permission `subscriptions`): shoppers' subscriptions with their
 * state, SPEC §9 billing wording, next billing date and cycles; the owner can cancel one.
 */
export const subscriptionScreens = new Hono<AppEnv>({ strict: false });

const NOTICES: Record<string, [string, 'info' | 'error']> = {
  canceled: ['Subscription canceled. The shopper will not be charged again.', 'info'],
  'not-billable': ['That subscription was already canceled or ended.', 'info'],
  missing: ['No such subscription on this site.', 'error'],
};

const listQuery = z.object({
  status: z.enum(['', ...SUBSCRIPTION_STATES], { message: 'Choose a state from the list.' }).optional(),
  after: z.string().refine((s) => parseSubscriptionCursor(s) !== undefined, 'That page link is not valid.').optional(),
  notice: z.string().optional(),
});

type Row = OwnerSubscriptionPage['rows'][number];

function row(c: Context<AppEnv>, s: Row): Markup {
  const billable = s.status === 'active' || s.status === 'past_due';
  return html`<tr data-subscription="${s.id}"><td>${s.email}</td><td>${s.productName}${s.quantity > 1 ? ` × ${s.quantity}` : ''}</td>
<td data-wording>${ownerMoney(c, s.renewalTotalCents, s.currency)} ${subscriptionWording(planOf(s))}</td>
<td data-next-billing>${billable ? ownerDateTime(c, s.nextBillingAt, false) : '—'}</td>
<td data-cycles>${s.cyclesBilled} / ${s.numBillingCycles === 0 ? '∞' : s.numBillingCycles}</td>
<td><a href="/config/orders/${s.firstOrderNumber}">#${s.firstOrderNumber}</a></td>
<td data-state="${s.status}">${stateText(s.status)}${s.status === 'past_due' && s.lastFailure ? html` (${s.lastFailure})` : ''}</td>
<td>${billable ? actionButton(c, '/config/subscriptions/cancel', 'Cancel', { subscriptionId: s.id }) : ''}</td></tr>`;
}

subscriptionScreens.get('/subscriptions', (c) => {
  const parsed = listQuery.safeParse(c.req.query());
  if (!parsed.success) {
    const message = parsed.error.issues[0]!.message;
    return screen(c, '/config/subscriptions', 'subscriptions', 'Subscriptions', () => html`<h1>Subscriptions</h1>${notice(message)}<p><a href="/config/subscriptions">All subscriptions</a></p>`, 400);
  }
  const { status = '', after } = parsed.data;
  return screen(c, '/config/subscriptions', 'subscriptions', 'Subscriptions', async () => {
    const page = await listOwnerSubscriptions(c.var.db, c.var.site.id, { status: status || undefined, after });
    const [message, kind] = NOTICES[parsed.data.notice ?? ''] ?? [];
    const next = page.next && `/config/subscriptions?${new URLSearchParams({ ...(status ? { status } : {}), after: page.next })}`;
    return html`<h1>Subscriptions</h1>
${notice(message, kind)}
<form method="get" action="/config/subscriptions" class="owner-filter"><label>State <select name="status"><option value="">All states</option>${SUBSCRIPTION_STATES.map(
      (s) => html`<option value="${s}"${s === status ? html` selected` : ''}>${stateText(s)}</option>`,
    )}</select></label> <button class="button" type="submit">Show</button></form>
${
  page.rows.length === 0
    ? html`<p data-subscriptions-empty>${status || after ? 'No subscriptions match.' : 'No subscriptions yet. They appear here when a shopper subscribes to a product.'}</p>`
    : html`<table class="owner-table subscriptions"><thead><tr><th scope="col">Email</th><th scope="col">Product</th><th scope="col">Price</th><th scope="col">Next billing</th><th scope="col">Cycles</th><th scope="col">First order</th><th scope="col">State</th><th scope="col"></th></tr></thead><tbody>
${page.rows.map((s) => row(c, s))}
</tbody></table>`
}
${next ? html`<p><a href="${next}" rel="next">Older subscriptions</a></p>` : ''}`;
  });
});

subscriptionScreens.post('/subscriptions/cancel', ...formPost, async (c) => {
  if (!permitted(c, 'subscriptions')) return refusePost(c);
  const parsed = z.object({ subscriptionId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }).safeParse(await formFields(c));
  const outcome = parsed.success ? await cancelSubscriptionAsOwner(c.var.db, c.var.site, parsed.data.subscriptionId, Date.now()) : 'missing';
  return c.redirect(`/config/subscriptions?notice=${outcome}`, 303);
});
