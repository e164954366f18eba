import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.js';
import { mailLanguage } from '../../services/multilingual/mail-language.js';
import { publishedLanguages, readLanguages } from '../../services/multilingual/settings.js';
import { ApiError } from '../../errors.js';
import { requirePermission } from '../../middleware/roles/index.js';
import { orderJson } from '../../services/orders/index.js';
import { ownerOrderDetail } from '../../services/owner-commerce/order-detail.js';
import { dayStartIn, listOwnerOrders, ORDER_PAYMENT_STATES, ORDER_SORTS, parseOrderCursor } from '../../services/owner-commerce/orders.js';
import { csvDownload } from '../../services/csv.js';
import { ordersCsv } from '../../services/owner-commerce/orders-csv.js';
import {
  adjustGiftCardBalance, disableGiftCard, giftCardAdjustments, giftCardBalance, issueGiftCardAsOwner, listOwnerGiftCards, parseGiftCardCursor,
} from '../../services/owner-commerce/gift-cards.js';
import { moveNextBilling, pauseSubscription, resumeSubscription, type ScheduleOutcome } from '../../services/owner-commerce/subscription-schedule.js';
import {
  cancelSubscriptionAsOwner, listOwnerSubscriptions, parseSubscriptionCursor, SUBSCRIPTION_STATES,
} from '../../services/owner-commerce/subscriptions.js';
import { subscriptionJson } from '../../services/subscriptions/index.js';
import { jsonBody, queryParams } from '../validate.js';
import { orderTimeline, orderState, refundableCents } from '../../services/order-ops/index.js';
import { fulfilmentJson, ownerOrderActions, refundJson } from './owner-order-actions.js';

/**
 * /api/commerce/owner: the owner's orders, gift cards and subscriptions as JSON (the same
 * queries as the /config/ screens), each route behind its row of the permission table.
 * Gift cards never carry their code, only its last four characters.
 */
export const ownerCommerce = new Hono<AppEnv>({ strict: false });

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const notFound = (what: string) => new ApiError(404, 'not_found', `No such ${what} on this site.`);

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const day = z.string().regex(DAY, 'Please enter a date as YYYY-MM-DD.');

/** The list's filters and sort, shared by the JSON pages and the CSV export. */
const orderFilters = z.object({
  q: z.string().max(200).optional(),
  status: z.enum(ORDER_PAYMENT_STATES).optional(),
  // Orders or donations only (issue 30).
  kind: z.enum(['order', 'donation']).optional(),
  // Days of the site's calendar (its time zone), both included.
  from: day.optional(),
  to: day.optional(),
  sort: z.enum(ORDER_SORTS).optional().default('-number'),
});
const datesInOrder = (p: { from?: string; to?: string }) => p.from === undefined || p.to === undefined || p.from <= p.to;
const DATES_MESSAGE = { message: 'The start date must be on or before the end date.', path: ['to'] };

/** The instants of the from/to days in the site's time zone: [from's start, the day after to's start). */
function createdRange(timeZone: string, from?: string, to?: string) {
  const after = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return { createdFrom: from === undefined ? undefined : dayStartIn(from, timeZone), createdBefore: to === undefined ? undefined : dayStartIn(after(to), timeZone) };
}

ownerCommerce.get(
  '/orders',
  requirePermission('orders'),
  queryParams(
    orderFilters
      .extend({
        before: z.coerce.number().int().min(1).max(999_999_999).optional(),
        after: z.string().max(40).optional(),
        limit: z.coerce.number().int().min(1).max(200).optional().default(50),
      })
      .refine(datesInOrder, DATES_MESSAGE)
      .refine((p) => p.after === undefined || parseOrderCursor(p.sort, p.after) !== undefined, { message: 'That page link is not valid.', path: ['after'] }),
  ),
  async (c) => {
    const { q, status, kind, from, to, before, sort, after, limit } = c.req.valid('query');
    const cursor = after === undefined ? undefined : parseOrderCursor(sort, after);
    const range = createdRange(c.var.site.timeZone, from, to);
    const page = await listOwnerOrders(c.var.db, c.var.site.id, { search: q, status, kind, ...range, before, sort, after: cursor, pageSize: limit });
    return c.json({ orders: page.rows, nextBefore: page.nextBefore ?? null, next: page.next ?? null });
  },
);

/**
 * Every order the list's filters match, in its sort, as CSV streamed page by page
 * (services/csv.ts: a UTF-8 BOM, RFC 4180 quoting, formula-looking text prefixed with an apostrophe).
 */
ownerCommerce.get('/orders.csv', requirePermission('orders'), queryParams(orderFilters.refine(datesInOrder, DATES_MESSAGE)), (c) => {
  const { q, status, kind, from, to, sort } = c.req.valid('query');
  const lines = ordersCsv(c.var.db, c.var.site.id, { search: q, status, kind, ...createdRange(c.var.site.timeZone, from, to), sort });
  return csvDownload(lines, `orders-${new Date().toISOString().slice(0, 10)}.csv`);
});

ownerCommerce.get('/orders/:number', requirePermission('orders'), async (c) => {
  const number = c.req.param('number');
  const d = /^\d{4,9}$/.test(number) ? await ownerOrderDetail(c.var.db, c.var.site.id, Number(number)) : undefined;
  if (!d) throw notFound('order');
  const [ops, timeline] = await Promise.all([
    orderState(c.var.db, c.var.site.id, d.order.orderNumber),
    orderTimeline(c.var.db, c.var.site.id, d.order, d.payments, d.mails),
  ]);
  return c.json({
    order: orderJson(d),
    billingAddress: d.order.billingAddress,
    payments: d.payments.map((p) => ({ provider: p.provider, ref: p.providerRef, amount: p.amountCents, currency: p.currency, status: p.status, created: p.createdOn })),
    giftCardsUsed: d.giftCardsUsed,
    giftCardsIssued: d.giftCardsIssued,
    downloads: d.downloads.map((g) => ({ productName: g.productName, downloads: g.downloads, maxDownloads: g.maxDownloads, expiresOn: g.expiresOn })),
    subscriptionId: d.subscription?.id ?? null,
    mails: d.mails,
    // What the owner's actions work with (owner-order-actions.ts): refunds, fulfilments, the timeline.
    refundable: ops ? refundableCents(ops) : 0,
    refunds: ops?.refunds.map(refundJson) ?? [],
    fulfilments: ops?.fulfilments.map(fulfilmentJson) ?? [],
    timeline,
  });
});

// Fulfil, mark picked up, cancel, refund, notes.
ownerCommerce.route('/orders', ownerOrderActions);

ownerCommerce.get(
  '/gift-cards',
  requirePermission('giftCards'),
  queryParams(z.object({ after: z.string().refine((s) => parseGiftCardCursor(s) !== undefined, 'That page link is not valid.').optional() })),
  async (c) => {
    const [page, languages] = await Promise.all([listOwnerGiftCards(c.var.db, c.var.site.id, { after: c.req.valid('query').after }), recipientLanguages(c)]);
    return c.json({ giftCards: page.cards, next: page.next ?? null, languages });
  },
);

ownerCommerce.post('/gift-cards/:id/disable', requirePermission('giftCards'), async (c) => {
  const id = c.req.param('id');
  const outcome = ID.test(id) ? await disableGiftCard(c.var.db, c.var.site.id, id, Date.now()) : 'missing';
  if (outcome === 'missing') throw notFound('gift card');
  // Disabling twice is not an error: the card is disabled either way.
  return c.json({ id, disabled: true, changed: outcome === 'disabled' });
});

const RECIPIENT_LANGUAGE_UNKNOWN = 'Choose one of the languages the site publishes.';

/** The languages a card's mail may go in: the ones the site publishes, the primary first (issue 29). */
async function recipientLanguages(c: Context<AppEnv>): Promise<string[]> {
  return publishedLanguages((await readLanguages(c.var.db, c.var.site.id, c.var.site.locale)).languages);
}

/** The most one card issued by hand may hold (minor units): 10,000.00 in a two-decimal currency. */
const MAX_ISSUE_CENTS = 1_000_000;
const issueBody = z.strictObject({
  amountCents: z
    .number({ error: 'Enter an amount.' })
    .int({ error: 'Enter an amount in whole cents.' })
    .min(1, { error: 'Enter an amount above zero.' })
    .max(MAX_ISSUE_CENTS, { error: 'A gift card holds at most 10,000.00.' }),
  email: z.email({ error: 'Enter a valid email address.' }).max(256, { error: 'Enter a valid email address.' }).transform((e) => e.toLowerCase()),
  note: z.string().trim().max(500, { error: 'The note is at most 500 characters.' }).optional(),
  /** The recipient's language, one the site publishes (issue 29); absent or the primary: the primary's mail. */
  language: z.string().max(35).optional(),
});

// The owner issues a card without an order; its code goes only to the recipient by mail.
ownerCommerce.post('/gift-cards', requirePermission('giftCards'), jsonBody(issueBody), async (c) => {
  const site = c.var.site;
  const { language: wanted, ...input } = c.req.valid('json');
  if (wanted !== undefined && !(await recipientLanguages(c)).includes(wanted)) {
    throw new ApiError(422, 'invalid_request', RECIPIENT_LANGUAGE_UNKNOWN, { fields: { language: RECIPIENT_LANGUAGE_UNKNOWN } });
  }
  const language = await mailLanguage(c.var.db, site, wanted);
  const card = await issueGiftCardAsOwner(c.var.db, { id: site.id, title: site.title, currency: site.currency }, { ...input, language }, Date.now());
  return c.json({ giftCard: card }, 201);
});

// A balance check by code: POST, so the code never sits in a URL or a log line.
ownerCommerce.post(
  '/gift-cards/balance',
  requirePermission('giftCards'),
  jsonBody(z.strictObject({ code: z.string({ error: 'Enter a gift card code.' }).trim().min(1, { error: 'Enter a gift card code.' }).max(40, { error: 'This gift card code is not valid.' }) })),
  async (c) => {
    const card = await giftCardBalance(c.var.db, c.var.site.id, c.req.valid('json').code);
    if (!card) throw new ApiError(404, 'not_found', 'This gift card code is not valid.', { fields: { code: 'This gift card code is not valid.' } });
    return c.json({ giftCard: card });
  },
);

ownerCommerce.get(
  '/subscriptions',
  requirePermission('subscriptions'),
  queryParams(z.object({ status: z.enum(SUBSCRIPTION_STATES).optional(), after: z.string().refine((s) => parseSubscriptionCursor(s) !== undefined, 'That page link is not valid.').optional() })),
  async (c) => {
    const { status, after } = c.req.valid('query');
    const page = await listOwnerSubscriptions(c.var.db, c.var.site.id, { status, after });
    const locale = c.var.site.locale;
    return c.json({ subscriptions: page.rows.map((r) => ({ ...subscriptionJson(r, locale), email: r.email, firstOrderNumber: r.firstOrderNumber })), next: page.next ?? null });
  },
);

ownerCommerce.post('/subscriptions/:id/cancel', requirePermission('subscriptions'), async (c) => {
  const id = c.req.param('id');
  const outcome = ID.test(id) ? await cancelSubscriptionAsOwner(c.var.db, c.var.site, id, Date.now()) : 'missing';
  if (outcome === 'missing') throw notFound('subscription');
  if (outcome === 'not-billable') throw new ApiError(409, 'not_billable', 'That subscription was already canceled or ended.');
  return c.json({ id, status: 'canceled' });
});

const adjustBody = z.strictObject({
  deltaCents: z
    .number({ error: 'Enter an amount.' })
    .int({ error: 'Enter an amount in whole minor units.' })
    .refine((n) => n !== 0, { error: 'Enter an amount other than zero.' })
    .refine((n) => Math.abs(n) <= MAX_ISSUE_CENTS, { error: 'An adjustment is at most 10,000.00.' }),
  reason: z.string({ error: 'Enter a reason.' }).trim().min(1, { error: 'Enter a reason.' }).max(500, { error: 'The reason is at most 500 characters.' }),
});

// The owner adds to or takes from a card's balance, with a reason kept in its history.
ownerCommerce.post('/gift-cards/:id/adjust', requirePermission('giftCards'), jsonBody(adjustBody), async (c) => {
  const id = c.req.param('id');
  if (!ID.test(id)) throw notFound('gift card');
  const outcome = await adjustGiftCardBalance(c.var.db, c.var.site.id, id, { ...c.req.valid('json'), byEmail: c.var.siteUser!.email }, Date.now());
  if (!outcome.ok) {
    if (outcome.reason === 'missing') throw notFound('gift card');
    const message = outcome.reason === 'below-zero' ? 'That would take the balance below zero.' : 'A gift card holds at most 10,000.00.';
    throw new ApiError(409, 'balance_out_of_range', message, { fields: { deltaCents: message } });
  }
  return c.json({ id, balanceCents: outcome.balanceCents, adjustment: outcome.adjustment });
});

ownerCommerce.get('/gift-cards/:id/adjustments', requirePermission('giftCards'), async (c) => {
  const id = c.req.param('id');
  const rows = ID.test(id) ? await giftCardAdjustments(c.var.db, c.var.site.id, id) : undefined;
  if (!rows) throw notFound('gift card');
  return c.json({ adjustments: rows });
});

function scheduleAnswer(id: string, outcome: ScheduleOutcome) {
  if (outcome.ok) return { id, status: outcome.status, nextBillingDate: outcome.nextBillingAt };
  if (outcome.reason === 'missing') throw notFound('subscription');
  if (outcome.reason === 'raced') throw new ApiError(409, 'conflict', 'The subscription changed meanwhile. Reload and try again.');
  if (outcome.reason === 'not-paused') throw new ApiError(409, 'not_paused', 'Only a paused subscription can be resumed.');
  throw new ApiError(409, 'not_billable', 'That subscription was already canceled or ended.');
}

ownerCommerce.post('/subscriptions/:id/pause', requirePermission('subscriptions'), async (c) => {
  const id = c.req.param('id');
  if (!ID.test(id)) throw notFound('subscription');
  return c.json(scheduleAnswer(id, await pauseSubscription(c.var.db, c.var.site.id, id, Date.now())));
});

ownerCommerce.post('/subscriptions/:id/resume', requirePermission('subscriptions'), async (c) => {
  const id = c.req.param('id');
  if (!ID.test(id)) throw notFound('subscription');
  return c.json(scheduleAnswer(id, await resumeSubscription(c.var.db, c.var.site.id, id, Date.now())));
});

/** The next billing day (YYYY-MM-DD in the site's time zone); the charge runs at the day's start there. */
const NEXT_DATE_MESSAGE = 'Choose a date after today.';
ownerCommerce.put(
  '/subscriptions/:id/next-billing',
  requirePermission('subscriptions'),
  jsonBody(z.strictObject({ date: day })),
  async (c) => {
    const id = c.req.param('id');
    if (!ID.test(id)) throw notFound('subscription');
    const date = c.req.valid('json').date;
    const at = dayStartIn(date, c.var.site.timeZone);
    const now = Date.now();
    // A future date, and not absurdly far (five years).
    if (!(at > now)) throw new ApiError(400, 'invalid_request', NEXT_DATE_MESSAGE, { fields: { date: NEXT_DATE_MESSAGE } });
    if (at > now + 5 * 366 * 86_400_000) throw new ApiError(400, 'invalid_request', 'Choose a date within five years.', { fields: { date: 'Choose a date within five years.' } });
    return c.json(scheduleAnswer(id, await moveNextBilling(c.var.db, c.var.site.id, id, at, now)));
  },
);
