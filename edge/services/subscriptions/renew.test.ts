import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubPlans, CARD_DECLINES_LATER, shopper, subscribe } from '../../api/commerce/test-subscription.js';
import { setStock } from '../../api/commerce/test-catalog.js';
import { demoOwner, signIn, startWorker, type RunningWorker } from '../../test-support.js';
import { billingDate } from './billing-dates.js';
import { openDb } from '../db.js';
import { paymentProviderFor } from '../payments/index.js';
import { MAX_FAILED_ATTEMPTS, RETRY_DELAY_MS, renewDueSubscriptions } from './renew.js';

// The Cron Trigger renews due subscriptions through the worker's scheduled handler.
let worker: RunningWorker;
let plans: string[];
let ip = 10;
beforeAll(async () => {
  worker = await startWorker();
  plans = await clubPlans(worker.db);
}, 60_000);
afterAll(() => worker?.dispose());

type Row = Record<string, any>;
const DAY = 24 * 60 * 60 * 1000;
const MONTH = { value: 1, unit: 'MONTH' } as const;

async function newSubscription(o: { card?: string; planId?: string } = {}): Promise<Row> {
  const v = await shopper(worker, `198.51.100.${ip++}`);
  const res = await subscribe(v, worker.db, o);
  expect(res.status).toBe(201);
  return (await worker.db.prepare('SELECT * FROM subscriptions WHERE first_order_id = ?').bind(res.json.order.id).first<Row>())!;
}
const reload = async (id: string) => (await worker.db.prepare('SELECT * FROM subscriptions WHERE id = ?').bind(id).first<Row>())!;
const renewalOrders = async (id: string) =>
  (await worker.db
    .prepare(`SELECT o.order_number, o.grand_total_cents, o.status, a.cycle, p.amount_cents FROM account_orders a JOIN orders o ON o.id = a.order_id
              JOIN payments p ON p.order_id = o.id WHERE a.subscription_id = ? AND a.cycle > 1 ORDER BY a.cycle`)
    .bind(id)
    .all<Row>()).results;
/** Runs the worker's scheduled handler as the Cron Trigger would at `at`. */
async function cron(at: number, name = '7 * * * *') {
  const result = await worker.scheduled(name, at);
  expect(result.outcome).toBe('ok');
}
/** Only this subscription is due at `at`: the others' dates move out of the way. */
async function onlyDue(id: string) {
  await worker.db.prepare("UPDATE subscriptions SET next_billing_at = next_billing_at + 100000 * 86400000 WHERE id <> ? AND status IN ('active', 'past_due')").bind(id).run();
}

describe('subscription renewals (scheduled handler)', () => {
  it('charges a due renewal once, records it as an order, advances the date from the anchor and mails a receipt', async () => {
    const sub = await newSubscription();
    await onlyDue(sub.id);
    const due = sub.next_billing_at as number;
    await cron(due - 1);
    expect(await renewalOrders(sub.id)).toEqual([]);
    await cron(due + 1000);
    const after = await reload(sub.id);
    expect(after).toMatchObject({ cycles_billed: 2, status: 'active', failed_attempts: 0 });
    expect(after.next_billing_at).toBe(billingDate(sub.anchor_on, MONTH, 2));
    expect(await renewalOrders(sub.id)).toEqual([expect.objectContaining({ cycle: 2, grand_total_cents: 6500, amount_cents: 6500, status: 'paid' })]);
    // Running again at the same time finds nothing due.
    await cron(due + 2000);
    expect(await renewalOrders(sub.id)).toHaveLength(1);
    const mail = await worker.db.prepare("SELECT subject, text_body AS text, order_id FROM mail_outbox WHERE kind = 'subscription-renewed' ORDER BY created_on DESC").first<Row>();
    expect(mail!.subject).toContain('Monthly Clay Club');
    // The mail names the renewal order (fix5: the owner's order detail lists it).
    const named = await worker.db.prepare('SELECT order_number FROM orders WHERE id = ?').bind(mail!.order_id).first<Row>();
    expect(named?.order_number).toBe((await renewalOrders(sub.id))[0]!.order_number);
    expect(mail!.text).toContain('$65.00 every month');
    const link = /\/order-status\?order=[^&\s]+&token=[A-Za-z0-9_-]{32}/.exec(mail!.text)![0];
    const status = await worker.fetch(link);
    expect(status.status).toBe(200);
    expect(await status.text()).toContain('Monthly Clay Club');
    expect(worker.logs.some((l) => /subscription renewals: 1 renewed/.test(l.message))).toBe(true);
  });

  it('never charges one cycle twice when cron runs overlap (8 at once)', async () => {
    const sub = await newSubscription();
    await onlyDue(sub.id);
    const at = (sub.next_billing_at as number) + 1000;
    const runs = await Promise.all(Array.from({ length: 8 }, () => worker.scheduled('7 * * * *', at)));
    expect(runs.every((r) => r.outcome === 'ok')).toBe(true);
    expect(await renewalOrders(sub.id)).toHaveLength(1);
    // Every charge leaves a payments row (a charge whose order could not be written is kept as refunded).
    const payments = await worker.db.prepare('SELECT status FROM payments WHERE provider_ref LIKE ?').bind(`test_renewal_${sub.id}_2_%`).all<Row>();
    expect(payments.results).toEqual([{ status: 'captured' }]);
    expect((await reload(sub.id)).cycles_billed).toBe(2);
  });

  it('charges once when 8 renewal runs interleave on D1 (fails without the conditional claim)', async () => {
    // The overlapping scheduled() calls above did not interleave in Miniflare, so this drives
    // the service from here: every D1 call is a round trip, the 8 runs read the same due row
    // and race to claim it. With the claim's conditions removed, 8 charges happen.
    const sub = await newSubscription();
    await onlyDue(sub.id);
    const db = openDb(worker.db as never);
    let charges = 0;
    const provider = paymentProviderFor('test')!;
    const counting = { ...provider, chargeSaved: (r: Parameters<NonNullable<typeof provider.chargeSaved>>[0]) => ((charges += 1), provider.chargeSaved!(r)) };
    const deps = { providerFor: () => counting, siteOf: async () => ({ title: 'Test', origin: 'http://localhost' }) };
    const at = (sub.next_billing_at as number) + 1000;
    const tallies = await Promise.all(Array.from({ length: 8 }, () => renewDueSubscriptions(db, deps, at)));
    expect(charges).toBe(1);
    expect(tallies.reduce((n, t) => n + t.renewed, 0)).toBe(1);
    // A run that read the row before the winner advanced it lost the claim (skipped); one that
    // started after found nothing due. How many did which depends on timing; none charged.
    expect(tallies.reduce((n, t) => n + t.skipped, 0)).toBeLessThanOrEqual(7);
    expect(tallies.reduce((n, t) => n + t.declined + t.failed, 0)).toBe(0);
    expect(await renewalOrders(sub.id)).toHaveLength(1);
    expect((await reload(sub.id)).cycles_billed).toBe(2);
  });

  it('a cancel that lands while a renewal is being charged stays canceled when the charge is declined', async () => {
    const sub = await newSubscription({ card: CARD_DECLINES_LATER });
    await onlyDue(sub.id);
    const provider = paymentProviderFor('test')!;
    const cancelling = {
      ...provider,
      async chargeSaved(r: Parameters<NonNullable<typeof provider.chargeSaved>>[0]) {
        await worker.db.prepare("UPDATE subscriptions SET status = 'canceled', next_billing_at = NULL WHERE id = ?").bind(sub.id).run();
        return provider.chargeSaved!(r);
      },
    };
    const deps = { providerFor: () => cancelling, siteOf: async () => undefined };
    const tally = await renewDueSubscriptions(openDb(worker.db as never), deps, (sub.next_billing_at as number) + 1000);
    expect(tally.declined).toBe(1);
    expect(await reload(sub.id)).toMatchObject({ status: 'canceled', next_billing_at: null, cycles_billed: 1 });
  });

  it('a D1 failure while recording a renewal refunds the charge, puts stock and the cycle back, and the next run renews', async () => {
    const sub = await newSubscription();
    await onlyDue(sub.id);
    await worker.db.prepare("UPDATE variants SET unlimited = 0, qty_in_stock = 5 WHERE sku = 'FK-CLUB-MONTH'").run();
    const at = (sub.next_billing_at as number) + 1000;
    try {
      await worker.db.prepare(`CREATE TRIGGER inject_renewal_failure BEFORE INSERT ON account_orders BEGIN SELECT RAISE(ABORT, 'injected failure'); END`).run();
      try {
        await cron(at);
      } finally {
        await worker.db.prepare('DROP TRIGGER inject_renewal_failure').run();
      }
      expect(await reload(sub.id)).toMatchObject({ cycles_billed: 1, next_billing_at: sub.next_billing_at, status: 'active' });
      expect(await renewalOrders(sub.id)).toEqual([]);
      const refunds = await worker.db.prepare("SELECT status, order_id FROM payments WHERE provider_ref LIKE ?").bind(`test_renewal_${sub.id}_2_%`).all<Row>();
      expect(refunds.results).toEqual([{ status: 'refunded', order_id: null }]);
      expect((await worker.db.prepare("SELECT qty_in_stock AS n FROM variants WHERE sku = 'FK-CLUB-MONTH'").first<Row>())!.n).toBe(5);
      expect(worker.logs.some((l) => /subscription renewals: 0 renewed, 0 declined, 0 skipped, 1 failed/.test(l.message))).toBe(true);
      await cron(at + 1000);
      expect(await renewalOrders(sub.id)).toHaveLength(1);
      expect((await worker.db.prepare("SELECT qty_in_stock AS n FROM variants WHERE sku = 'FK-CLUB-MONTH'").first<Row>())!.n).toBe(4);
    } finally {
      await worker.db.prepare("UPDATE variants SET unlimited = 1, qty_in_stock = 0 WHERE sku = 'FK-CLUB-MONTH'").run();
    }
  });

  it('ends after numBillingCycles: six payments in all, the first order included', async () => {
    const sub = await newSubscription({ planId: plans[1] });
    await onlyDue(sub.id);
    for (let n = 1; n <= 6; n++) await cron(billingDate(sub.anchor_on, MONTH, n) + 1000);
    const after = await reload(sub.id);
    expect(after).toMatchObject({ cycles_billed: 6, status: 'ended', next_billing_at: null });
    expect((await renewalOrders(sub.id)).map((o) => o.cycle)).toEqual([2, 3, 4, 5, 6]);
  });

  it('marks past due on a decline, retries after the delay, and cancels after the third decline in a row', async () => {
    const sub = await newSubscription({ card: CARD_DECLINES_LATER });
    await onlyDue(sub.id);
    let at = (sub.next_billing_at as number) + 1000;
    await cron(at);
    let row = await reload(sub.id);
    expect(row).toMatchObject({ status: 'past_due', cycles_billed: 1, failed_attempts: 1, last_failure: 'Your card was declined.' });
    expect(row.next_billing_at).toBe(at + RETRY_DELAY_MS);
    const mail = await worker.db.prepare("SELECT text_body AS text FROM mail_outbox WHERE kind = 'subscription-declined' ORDER BY created_on DESC").first<Row>();
    expect(mail!.text).toContain('Your card was declined.');
    for (let n = 2; n <= MAX_FAILED_ATTEMPTS; n++) {
      at = (row.next_billing_at as number) + 1000;
      await cron(at);
      row = await reload(sub.id);
    }
    expect(row).toMatchObject({ status: 'canceled', failed_attempts: MAX_FAILED_ATTEMPTS, next_billing_at: null, cycles_billed: 1 });
    expect(await renewalOrders(sub.id)).toEqual([]);
    await cron(at + 365 * DAY);
    expect(await renewalOrders(sub.id)).toEqual([]);
  });

  it('a past-due subscription that pays on retry is active again on its anchored schedule', async () => {
    const sub = await newSubscription();
    await onlyDue(sub.id);
    // Make the saved method decline once, then restore it.
    await worker.db.prepare("UPDATE subscriptions SET payment_ref = 'pm_test_0341_x' WHERE id = ?").bind(sub.id).run();
    const first = (sub.next_billing_at as number) + 1000;
    await cron(first);
    expect((await reload(sub.id)).status).toBe('past_due');
    await worker.db.prepare('UPDATE subscriptions SET payment_ref = ? WHERE id = ?').bind(sub.payment_ref, sub.id).run();
    await cron(first + RETRY_DELAY_MS + 1000);
    const row = await reload(sub.id);
    expect(row).toMatchObject({ status: 'active', cycles_billed: 2, failed_attempts: 0, last_failure: null });
    expect(row.next_billing_at).toBe(billingDate(sub.anchor_on, MONTH, 2));
  });

  it('takes stock like any order: a limited variant goes down by the quantity, none left means past due with the SPEC text', async () => {
    const sub = await newSubscription();
    await onlyDue(sub.id);
    await worker.db.prepare("UPDATE variants SET unlimited = 0, qty_in_stock = 1 WHERE sku = 'FK-CLUB-MONTH'").run();
    try {
      await cron((sub.next_billing_at as number) + 1000);
      expect((await reload(sub.id)).cycles_billed).toBe(2);
      const stock = await worker.db.prepare("SELECT qty_in_stock AS n FROM variants WHERE sku = 'FK-CLUB-MONTH'").first<Row>();
      expect(stock!.n).toBe(0);
      await cron(billingDate(sub.anchor_on, MONTH, 2) + 1000);
      const row = await reload(sub.id);
      expect(row).toMatchObject({ status: 'past_due', cycles_billed: 2, last_failure: 'Sorry, we do not have enough of that item available.' });
      expect((await worker.db.prepare("SELECT qty_in_stock AS n FROM variants WHERE sku = 'FK-CLUB-MONTH'").first<Row>())!.n).toBe(0);
    } finally {
      await setStock(worker.db, 'FK-CLUB-MONTH', 0);
      await worker.db.prepare("UPDATE variants SET unlimited = 1 WHERE sku = 'FK-CLUB-MONTH'").run();
    }
  });
});

describe('the renewal mail in the first order’s language (issue 29)', () => {
  it("a subscription first ordered in French gets its receipt in French, with a /fr link; English as before", async () => {
    const owner = await signIn(worker, (await demoOwner()).email, (await demoOwner()).password);
    const put = await worker.fetch('/api/multilingual/languages', {
      method: 'PUT', headers: { ...owner.headers, 'Content-Type': 'application/json' }, body: JSON.stringify({ languages: ['en-US', 'fr'] }),
    });
    expect(put.status).toBe(200);
    const sub = await newSubscription();
    await worker.db.prepare("UPDATE orders SET language = 'fr' WHERE id = ?").bind(sub.first_order_id).run();
    await onlyDue(sub.id);
    const at = (sub.next_billing_at as number) + 1000;
    await cron(at);
    // The run's own mail (other tests' shoppers share the address; their runs are at other times).
    const mail = await worker.db.prepare("SELECT subject, text_body AS text FROM mail_outbox WHERE kind = 'subscription-renewed' AND created_on = ?").bind(at).first<Row>();
    expect(mail!.subject).toMatch(/\u00a0: votre abonnement à .+ est renouvelé$/);
    expect(mail!.text).toMatch(/^Merci\u00a0: nous avons débité 65,00\u00a0\$US pour 1 × /);
    expect(mail!.text).toMatch(/\nProchain paiement\u00a0: \d{1,2} \S+ \d{4}\.\n/);
    expect(mail!.text).toMatch(/Suivi de la commande\u00a0: https?:\/\/[^/]+\/fr\/order-status\?order=/);
    expect(mail!.text).not.toMatch(/Thank you|Next payment/);
  });
});
