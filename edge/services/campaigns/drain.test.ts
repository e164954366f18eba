import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOwner, signIn, startWorker, type RunningWorker, type SignedIn } from '../../test-support.js';
import { addSubscribers, call } from '../../api/campaigns/test-campaigns.js';
import { FakePostmark, POSTMARK_TEST_TOKEN } from '../mail/test-postmark-server.js';
import { openDb } from '../db.js';
import { CAMPAIGN_CLAIM_LEASE_MS, claimCampaignMail } from '../mail/sender.js';

/**
 * Campaign drain speed on the real worker with the Postmark sender (a local server speaking
 * its batch API): a 1,000-recipient campaign is fully handed to the provider within two Cron
 * runs (the audience queued in the first, the mail drained 1,000 a run in batch calls), where
 * the one-mail-at-a-time drain of 20 a run needed 50. Runs are counted, never timed. Two Cron
 * runs at once never send a recipient two mails.
 */
let worker: RunningWorker;
let admin: SignedIn;
const postmark = new FakePostmark();
beforeAll(async () => {
  await postmark.start();
  worker = await startWorker({ bindings: { MAIL_PROVIDER: 'postmark', MAIL_API_TOKEN: POSTMARK_TEST_TOKEN, MAIL_FROM: 'Atelier <shop@example.com>', MAIL_API_BASE: postmark.url } });
  const owner = await demoOwner();
  admin = await signIn(worker, owner.email, owner.password);
}, 60_000);
afterAll(async () => {
  await worker?.dispose();
  await postmark.stop();
});

/** A campaign to `count` confirmed subscribers of a new list, sending now. */
async function sendingCampaign(name: string, count: number): Promise<{ id: string; emails: string[] }> {
  const listId = (await call(worker, admin, 'POST', '/api/owner/mailing-lists', { name })).json.list.id as string;
  const emails = Array.from({ length: count }, (_, i) => `${name.toLowerCase().replace(/\W/g, '')}${i}@example.com`);
  await addSubscribers(worker, listId, count, (i) => emails[i]!);
  const c = (await call(worker, admin, 'POST', '/api/owner/campaigns', { subject: `${name} letter`, listId })).json.campaign;
  expect((await call(worker, admin, 'POST', `/api/owner/campaigns/${c.id}/send`, undefined, { 'If-Match': '"1"' })).json.campaign.state).toBe('sending');
  return { id: c.id as string, emails };
}

/** Campaign mail of `subject` by status, and the provider's received copies per address. */
async function progress(subject: string): Promise<{ sent: number; other: number; perAddress: Map<string, number> }> {
  const rows = await worker.db.prepare("SELECT status, count(*) AS n FROM mail_outbox WHERE kind = 'campaign' AND subject = ? GROUP BY status").bind(subject).all<{ status: string; n: number }>();
  const sent = rows.results.find((r) => r.status === 'sent')?.n ?? 0;
  const other = rows.results.filter((r) => r.status !== 'sent').reduce((n, r) => n + r.n, 0);
  const perAddress = new Map<string, number>();
  for (const m of postmark.received) if (m.body.Subject === subject) perAddress.set(String(m.body.To), (perAddress.get(String(m.body.To)) ?? 0) + 1);
  return { sent, other, perAddress };
}

describe('campaign drain', () => {
  it('hands a 1,000-recipient campaign to the provider within two Cron runs, in batch calls', async () => {
    const { id, emails } = await sendingCampaign('Thousand', 1000);
    const calls = postmark.batchCalls;
    let runs = 0;
    for (; runs < 60; ) {
      expect((await worker.scheduled('* * * * *')).outcome).toBe('ok');
      runs += 1;
      const p = await progress('Thousand letter');
      if (p.sent === 1000 && p.other === 0) break;
    }
    expect(runs).toBeLessThanOrEqual(2);
    const p = await progress('Thousand letter');
    expect([...p.perAddress.keys()].sort()).toEqual([...emails].sort());
    expect([...p.perAddress.values()].every((n) => n === 1)).toBe(true);
    // 250 a claim: at least four batch calls, far fewer than one call a mail.
    expect(postmark.batchCalls - calls).toBeGreaterThanOrEqual(4);
    expect(postmark.batchCalls - calls).toBeLessThanOrEqual(8);
    expect((await call(worker, admin, 'GET', `/api/owner/campaigns/${id}`)).json.campaign).toMatchObject({ state: 'sent', counts: { recipients: 1000, sent: 1000 } });
    expect(worker.logs.some((l) => /campaign mail: sent \d+, failed 0 in \d+ batches/.test(l.message))).toBe(true);
  }, 180_000);

  it('two Cron runs at once, again and again: every recipient gets exactly one mail', async () => {
    const { emails } = await sendingCampaign('Overlap', 1500);
    for (let round = 0; round < 6; round++) {
      const outcomes = await Promise.all([worker.scheduled('* * * * *'), worker.scheduled('* * * * *')]);
      expect(outcomes.map((o) => o.outcome)).toEqual(['ok', 'ok']);
      const p = await progress('Overlap letter');
      if (p.sent === 1500 && p.other === 0) break;
    }
    const p = await progress('Overlap letter');
    expect(p.sent).toBe(1500);
    expect(p.perAddress.size).toBe(1500);
    expect([...p.perAddress.entries()].filter(([, n]) => n !== 1)).toEqual([]);
    expect([...p.perAddress.keys()].sort()).toEqual([...emails].sort());
  }, 180_000);

  it('a run that dies after its claim: the claim waits out its lease, then the next run sends those mails exactly once', async () => {
    const { id, emails } = await sendingCampaign('Crashed', 300);
    // Fixed clocks from here on (the outbox rows are older than any of them).
    const t0 = Date.now() + 60_000;
    // The first run queues the audience (its drain, running beside the queueing, may send a few).
    await worker.scheduled('* * * * *', t0);
    const queued = await worker.db.prepare("SELECT count(*) AS n FROM mail_outbox WHERE kind = 'campaign' AND subject = 'Crashed letter' AND status = 'queued'").first<{ n: number }>();
    const before = await progress('Crashed letter');
    // A run claims a batch and dies before calling the provider: the same claim statement the drain makes.
    const crashAt = t0 + 60_000;
    const claimed = await claimCampaignMail(openDb(worker.db), crashAt);
    expect(claimed.length).toBeGreaterThan(0);
    expect(claimed.length).toBe(Math.min(250, queued!.n));
    const held = new Set(claimed.map((m) => m.toAddress));
    // Runs before the lease ends send the rest but leave the claimed mails alone.
    for (const at of [crashAt + 60_000, crashAt + CAMPAIGN_CLAIM_LEASE_MS - 1]) expect((await worker.scheduled('* * * * *', at)).outcome).toBe('ok');
    const during = await progress('Crashed letter');
    expect([...during.perAddress.keys()].filter((to) => held.has(to))).toEqual([]);
    expect(during.sent).toBe(300 - held.size);
    expect(during.sent).toBeGreaterThanOrEqual(before.sent);
    const stuck = await worker.db.prepare("SELECT count(*) AS n FROM mail_outbox WHERE subject = 'Crashed letter' AND status = 'sending' AND claimed_on = ?").bind(crashAt).first<{ n: number }>();
    expect(stuck!.n).toBe(held.size);
    // From the lease's end on, the next run takes the claim again and sends each of those once.
    expect((await worker.scheduled('* * * * *', crashAt + CAMPAIGN_CLAIM_LEASE_MS)).outcome).toBe('ok');
    expect((await worker.scheduled('* * * * *', crashAt + CAMPAIGN_CLAIM_LEASE_MS + 60_000)).outcome).toBe('ok');
    const after = await progress('Crashed letter');
    expect(after.sent).toBe(300);
    expect(after.other).toBe(0);
    expect([...after.perAddress.keys()].sort()).toEqual([...emails].sort());
    expect([...after.perAddress.entries()].filter(([, n]) => n !== 1)).toEqual([]);
    expect((await call(worker, admin, 'GET', `/api/owner/campaigns/${id}`)).json.campaign).toMatchObject({ state: 'sent', counts: { recipients: 300, sent: 300 } });
  }, 120_000);
});
