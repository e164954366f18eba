import type Stripe from 'stripe';
import { SUBSCRIPTION_STATE } from '../../../domain/platform/trial.js';
import { ApiError } from '../../errors.js';
import { rawD1 } from '../cart/raw.js';
import { query, type Db } from '../db.js';
import type { WebhookOutcome } from '../payments/stripe-webhooks.js';
import { forgetSite } from '../site-versions.js';
import { planForPrice, type PriceTable } from './prices.js';

/** The `payment_events.provider` of plan-billing events (the orders' are `stripe`). */
const PROVIDER = 'stripe_billing';

/** SPEC §3 state a Stripe subscription status stands for; other statuses (trialing, incomplete, paused) change nothing. */
const STATUS_STATES: Readonly<Record<string, number>> = {
  active: SUBSCRIPTION_STATE.paid,
  past_due: SUBSCRIPTION_STATE.pastDue,
  canceled: SUBSCRIPTION_STATE.expired,
  unpaid: SUBSCRIPTION_STATE.expired,
  incomplete_expired: SUBSCRIPTION_STATE.expired,
};

/** The subscription id of an invoice: `parent.subscription_details` (API 2025+) or the older top-level `subscription`. */
function invoiceSubscription(invoice: Stripe.Invoice): string | undefined {
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  const ref = invoice.parent?.subscription_details?.subscription ?? legacy;
  return typeof ref === 'string' ? ref : ref?.id;
}

/** What an event changes: the subscription it is about, the SPEC §3 state, and the plan (when a paying subscription names a known price). */
interface BillingChange {
  ref: string;
  state: number;
  plan: string | null;
}

/** The plan of a subscription's first item's price (docs/api/billing.md "Prices"); null when unknown. */
function subscriptionPlan(subscription: Stripe.Subscription, prices: PriceTable): string | null {
  const price = subscription.items?.data?.[0]?.price as { id: string; product?: string | { id: string } | null } | undefined;
  return planForPrice(prices, price) ?? null;
}

/** The site change an event makes; undefined for events billing ignores. */
function billingChange(event: Stripe.Event, prices: PriceTable): BillingChange | undefined {
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated': {
      const state = STATUS_STATES[event.data.object.status];
      if (state === undefined) return undefined;
      // The plan follows the price only while the subscription pays (active or past due); an ended one keeps the site's plan.
      const plan = state === SUBSCRIPTION_STATE.expired ? null : subscriptionPlan(event.data.object, prices);
      return { ref: event.data.object.id, state, plan };
    }
    case 'customer.subscription.deleted':
      return { ref: event.data.object.id, state: SUBSCRIPTION_STATE.expired, plan: null };
    case 'invoice.payment_failed':
    case 'invoice.paid': {
      const ref = invoiceSubscription(event.data.object);
      return ref ? { ref, state: event.type === 'invoice.paid' ? SUBSCRIPTION_STATE.paid : SUBSCRIPTION_STATE.pastDue, plan: null } : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * Applies a verified billing event (docs/api/billing.md "Webhook") to the site whose
 * `billing_reference` is the event's subscription, on the shard that is its home (the one
 * source of truth of its subscription, docs/platform.md "Directory freshness"; a directory
 * copy on shard 0 of a site living elsewhere is left alone). Once per event id: the id is claimed
 * first by one INSERT in the directory (a replay finds it and changes nothing; a failure
 * afterwards releases it, so Stripe's retry applies it). Each UPDATE moves the site only if
 * the event is not older than the last one applied (`billing_event_on`, compared in the
 * statement itself), and moves its content version so cached pages follow.
 */
export async function applyBillingEvent(shards: Db[], event: Stripe.Event, now: number, prices: PriceTable = new Map()): Promise<WebhookOutcome> {
  const change = billingChange(event, prices);
  if (!change) return { received: true, ignored: true };
  const directory = rawD1(shards[0]!);
  const claim = await query(() =>
    directory
      .prepare(
        `INSERT INTO payment_events (provider, event_id, website_id, type, payment_ref, received_on) VALUES (?1, ?2, NULL, ?3, ?4, ?5)
           ON CONFLICT DO NOTHING RETURNING event_id`,
      )
      .bind(PROVIDER, event.id, event.type, change.ref, now)
      .first(),
  );
  if (!claim) return { received: true, duplicate: true };
  try {
    if (await beingMoved(shards, change.ref)) {
      throw new ApiError(503, 'site_read_only', 'The site of this subscription is being moved between databases. Try again in a minute.', { headers: { 'Retry-After': '30' } });
    }
    const updated = await updateSites(shards, change, event.created, now);
    if (updated.length === 0) return { received: true, ignored: true };
    await query(() =>
      directory.prepare(`UPDATE payment_events SET website_id = ?3 WHERE provider = ?1 AND event_id = ?2`).bind(PROVIDER, event.id, updated[0]).run(),
    );
    return { received: true, updated: updated.length };
  } catch (err) {
    await query(() => directory.prepare(`DELETE FROM payment_events WHERE provider = ?1 AND event_id = ?2`).bind(PROVIDER, event.id).run());
    throw err;
  }
}

/**
 * Whether a site of the subscription is being moved between shards (directory `read_only` or
 * `moving_to`): its rows are being copied, so the event waits for Stripe's retry (503) rather
 * than land on a copy about to be dropped. A move starting between this read and the UPDATE
 * is not caught (a window of one round trip).
 */
async function beingMoved(shards: Db[], ref: string): Promise<boolean> {
  const ids: string[] = [];
  for (const shard of shards) {
    const rows = await query(() => rawD1(shard).prepare(`SELECT id FROM websites WHERE billing_reference = ?1`).bind(ref).all<{ id: string }>());
    ids.push(...rows.results.map((r) => r.id));
  }
  if (ids.length === 0) return false;
  const directory = rawD1(shards[0]!);
  const marks = ids.map((_, i) => `?${i + 1}`).join(', ');
  const moving = await query(() =>
    directory.prepare(`SELECT 1 AS moving FROM websites WHERE id IN (${marks}) AND (read_only = 1 OR moving_to IS NOT NULL) LIMIT 1`).bind(...ids).first(),
  );
  return moving !== null;
}

/**
 * The conditional UPDATE of a site's home row, only by an event at least as recent as the
 * last applied one: the state, the plan when the event names one (?5), the trial end cleared
 * once the site is paid (a paying site is no longer on trial), the event time and a new
 * content version. On shard 0 only rows whose home it is (`shard = 0`): the directory's
 * copies of sites living on other shards are not the site's state.
 */
const SET_STATE = `UPDATE websites SET subscription_state = ?2, plan = COALESCE(?5, plan),
    trial_ends_on = CASE WHEN ?2 = ${SUBSCRIPTION_STATE.paid} THEN NULL ELSE trial_ends_on END,
    billing_event_on = ?3, content_version = content_version + 1, updated_on = ?4
  WHERE billing_reference = ?1 AND identifier <> 'platform' AND (billing_event_on IS NULL OR billing_event_on <= ?3)`;

/** Updates the matching home rows on every shard; answers the site ids changed. */
async function updateSites(shards: Db[], change: BillingChange, created: number, now: number): Promise<string[]> {
  const changed = new Set<string>();
  for (const [n, shard] of shards.entries()) {
    const rows = await query(() =>
      rawD1(shard)
        .prepare(`${SET_STATE}${n === 0 ? ' AND shard = 0' : ''} RETURNING id`)
        .bind(change.ref, change.state, created, now, change.plan)
        .all<{ id: string }>(),
    );
    for (const { id } of rows.results) changed.add(id);
  }
  for (const id of changed) forgetSite(id);
  return [...changed];
}
