import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { requirePermission } from '../../middleware/roles/index.js';
import { minorToDecimal } from '../../../domain/money/money.js';
import { ORDER_OPS_MESSAGES } from '../../../domain/messages/order-ops-messages.js';
import { addOrderNote, cancelOrder, fulfilOrder, orderState, refundOrder, type FulfilmentRow, type RefundOutcome, type RefundRow } from '../../services/order-ops/index.js';
import { siteRefundProviders } from '../../services/payments/index.js';
import { newRowId } from '../../services/cart/tokens.js';
import { jsonBody } from '../validate.js';

/**
 * The owner's actions on one order, under /api/commerce/owner/orders/{number} (permission
 * 'orders', crumb-checked like every API write): fulfil, mark picked up, cancel, refund and
 * notes. Refunds need an Idempotency-Key header (or `requestId` in the body): a retried or
 * doubled request refunds once. docs/api/orders.md.
 */
export const ownerOrderActions = new Hono<AppEnv>({ strict: false });

const M = ORDER_OPS_MESSAGES;
const KEY = /^[A-Za-z0-9_.:-]{8,100}$/;

const lineQuantities = z
  .array(
    z.strictObject({
      lineId: z.string({ error: M.lineUnknown }).min(1, { error: M.lineUnknown }).max(64, { error: M.lineUnknown }),
      quantity: z.number({ error: M.quantityWhole }).int({ error: M.quantityWhole }).min(1, { error: M.quantityWhole }).max(9999, { error: M.quantityWhole }),
    }),
  )
  .min(1, { error: M.pickLines })
  .max(200);

const text = (max: number, message: string) => z.string().trim().max(max, { error: message });
const requestId = z.string().regex(KEY, { error: M.badKey }).optional();

const fulfilBody = z.strictObject({
  lines: lineQuantities.optional(),
  carrier: text(100, M.carrierLong).optional(),
  trackingNumber: text(100, M.trackingLong).optional(),
  notify: z.boolean().optional(),
  requestId,
});
const pickupBody = z.strictObject({ lines: lineQuantities.optional(), notify: z.boolean().optional(), requestId });
const cancelBody = z.strictObject({ reason: text(500, M.reasonLong).optional(), notify: z.boolean().optional() });
const refundBody = z
  .strictObject({
    amountCents: z.number({ error: M.amountWhole }).int({ error: M.amountWhole }).min(1, { error: M.amountPositive }).max(1_000_000_000, { error: M.amountWhole }).optional(),
    lines: lineQuantities.optional(),
    reason: text(500, M.reasonLong).optional(),
    requestId,
  })
  .refine((b) => (b.amountCents === undefined) !== (b.lines === undefined), { error: M.amountOrLines, path: ['amountCents'] });
const noteBody = z.strictObject({ body: z.string({ error: M.noteEmpty }).trim().min(1, { error: M.noteEmpty }).max(2000, { error: M.noteLong }) });

const notFound = () => new ApiError(404, 'not_found', 'No such order on this site.');

async function stateOf(c: Context<AppEnv>) {
  const number = c.req.param('number') ?? '';
  const s = /^\d{4,9}$/.test(number) ? await orderState(c.var.db, c.var.site.id, Number(number)) : undefined;
  if (!s) throw notFound();
  return s;
}

/** The request's key: the Idempotency-Key header, else the body's requestId. */
function requestKey(c: Context<AppEnv>, bodyId: string | undefined): string | undefined {
  const header = c.req.header('Idempotency-Key')?.trim();
  if (header !== undefined && !KEY.test(header)) throw new ApiError(400, 'invalid_request', M.badKey, { fields: { requestId: M.badKey } });
  return header ?? bodyId;
}

export const fulfilmentJson = (f: FulfilmentRow) => ({
  id: f.id, kind: f.kind, carrier: f.carrier, trackingNumber: f.trackingNumber, lines: f.lines, createdBy: f.createdBy, created: f.createdOn,
});
export const refundJson = (r: RefundRow) => ({
  id: r.id, amount: r.amountCents, toPaymentMethod: r.providerCents, toGiftCard: r.giftCardCents, lines: r.lines, reason: r.reason, status: r.status,
  createdBy: r.createdBy, created: r.createdOn,
});

const site = (c: Context<AppEnv>) => ({ id: c.var.site.id, title: c.var.site.title });
const actor = (c: Context<AppEnv>) => c.var.siteUser!.email;

async function fulfil(c: Context<AppEnv>, kind: 'shipped' | 'picked_up', body: { lines?: { lineId: string; quantity: number }[]; carrier?: string; trackingNumber?: string; notify?: boolean; requestId?: string }) {
  const s = await stateOf(c);
  if (s.order.status === 'cancelled') throw new ApiError(409, 'order_cancelled', M.cancelled);
  const out = await fulfilOrder(c.var.db, site(c), s, {
    kind, lines: body.lines, carrier: body.carrier || undefined, trackingNumber: body.trackingNumber || undefined, notify: body.notify ?? true,
    requestKey: requestKey(c, body.requestId) ?? `gen:${newRowId()}`, actor: actor(c), now: Date.now(),
    reviewSecret: c.env.REVIEW_LINK_SECRET, origin: new URL(c.req.url).origin,
  });
  switch (out.kind) {
    case 'done':
      return c.json({ fulfilment: fulfilmentJson(out.fulfilment), replay: out.replay }, out.replay ? 200 : 201);
    case 'nothing_left':
      throw new ApiError(409, 'nothing_to_fulfil', M.nothingLeft);
    case 'bad_line':
      throw new ApiError(422, 'invalid_request', M.lineUnknown, { fields: { lines: M.lineUnknown } });
    case 'too_many':
      throw new ApiError(409, 'too_many_units', M.tooMany, { fields: { lines: M.tooMany } });
    case 'key_reused':
      throw new ApiError(422, 'idempotency_key_reused', M.keyReused);
  }
}

ownerOrderActions.post('/:number/fulfilments', requirePermission('orders'), jsonBody(fulfilBody), (c) => fulfil(c, 'shipped', c.req.valid('json')));
ownerOrderActions.post('/:number/pickup', requirePermission('orders'), jsonBody(pickupBody), (c) => fulfil(c, 'picked_up', c.req.valid('json')));

function refundAnswer(c: Context<AppEnv>, out: RefundOutcome, currency: string) {
  switch (out.kind) {
    case 'done':
      return c.json({ refund: refundJson(out.refund), replay: out.replay }, out.replay ? 200 : 201);
    case 'too_much': {
      const message = out.refundableCents > 0 ? M.refundTooMuch(`${minorToDecimal(out.refundableCents, currency)} ${currency}`) : M.nothingToRefund;
      throw new ApiError(422, 'refund_too_large', message, { fields: { amountCents: message }, extra: { refundable: out.refundableCents } });
    }
    case 'bad_line':
      throw new ApiError(422, 'invalid_request', M.lineUnknown, { fields: { lines: M.lineUnknown } });
    case 'line_refunded': {
      const message = M.lineRefunded(out.unitsLeft);
      throw new ApiError(409, 'line_already_refunded', message, { fields: { lines: message }, extra: { lineId: out.lineId, unitsLeft: out.unitsLeft } });
    }
    case 'key_reused':
      throw new ApiError(422, 'idempotency_key_reused', M.keyReused);
    case 'in_progress':
      throw new ApiError(409, 'refund_in_progress', M.inProgress);
    case 'failed':
      throw new ApiError(503, 'refund_failed', M.providerRefused, { extra: { refund: refundJson(out.refund) } });
    case 'pending':
      return c.json({ refund: refundJson(out.refund), replay: false, message: M.cancelledRefundPending }, 202);
  }
}

ownerOrderActions.post('/:number/refunds', requirePermission('orders'), jsonBody(refundBody), async (c) => {
  const body = c.req.valid('json');
  const key = requestKey(c, body.requestId);
  if (!key) throw new ApiError(400, 'invalid_request', M.keyMissing, { fields: { requestId: M.keyMissing } });
  const s = await stateOf(c);
  const out = await refundOrder(
    c.var.db, site(c), s, { amountCents: body.amountCents, lines: body.lines, reason: body.reason || undefined, requestKey: `refund:${key}`, actor: actor(c), now: Date.now() },
    await siteRefundProviders(c.var.db, c.env, c.var.site),
  );
  return refundAnswer(c, out, s.order.currency);
});

ownerOrderActions.post('/:number/cancel', requirePermission('orders'), jsonBody(cancelBody), async (c) => {
  const body = c.req.valid('json');
  const s = await stateOf(c);
  const providers = await siteRefundProviders(c.var.db, c.env, c.var.site);
  const out = await cancelOrder(c.var.db, site(c), s, { reason: body.reason || undefined, actor: actor(c), now: Date.now(), notify: body.notify ?? true }, providers);
  const refundOf = (r: RefundOutcome | undefined) => (r?.kind === 'done' || r?.kind === 'failed' || r?.kind === 'pending' ? refundJson(r.refund) : null);
  const messageOf = (r: RefundOutcome | undefined) => (r?.kind === 'failed' ? { message: M.cancelledRefundFailed } : r?.kind === 'pending' ? { message: M.cancelledRefundPending } : {});
  switch (out.kind) {
    case 'already_cancelled':
      // A second click or a retry: the order is cancelled either way, nothing runs twice (a
      // refund its first request left pending is finished here once it is two minutes old).
      return c.json({ status: 'cancelled', changed: false, refund: refundOf(out.refund), ...messageOf(out.refund) });
    case 'all_fulfilled':
      throw new ApiError(409, 'all_fulfilled', M.allFulfilled);
    case 'changed':
      throw new ApiError(409, 'order_changed', M.changed);
    case 'cancelled':
      return c.json({ status: 'cancelled', changed: true, refund: refundOf(out.refund), ...(out.giftCards ? { giftCards: out.giftCards } : {}), ...messageOf(out.refund) });
  }
});

ownerOrderActions.post('/:number/notes', requirePermission('orders'), jsonBody(noteBody), async (c) => {
  const s = await stateOf(c);
  const note = await addOrderNote(c.var.db, c.var.site.id, s.order.id, c.req.valid('json').body, actor(c), Date.now());
  return c.json({ note: { id: note.id, body: note.body, by: note.actor, at: note.createdOn } }, 201);
});
