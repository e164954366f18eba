import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOwner, signIn, startWorker, type RunningWorker, type SignedIn } from '../../test-support.js';
import { addSubscribers, call } from '../../api/campaigns/test-campaigns.js';
import { openDb } from '../db.js';
import { runCampaignSends } from './send.js';

/**
 * The 5,000-subscriber send with crashes: the worker runs with CAMPAIGN_TEST_STOP_AFTER_BATCHES,
 * so every Cron Trigger run dies after 7 committed batches of 100, with the 8th batch's mails
 * built and nothing of it written, exactly as a worker killed mid-send. The next runs resume;
 * two runs overlap once. Every confirmed subscriber gets the mail exactly once.
 */
let worker: RunningWorker;
let admin: SignedIn;
const CONFIRMED = 5000;
beforeAll(async () => {
  worker = await startWorker({ bindings: { CAMPAIGN_TEST_STOP_AFTER_BATCHES: '7' } });
  const owner = await demoOwner();
  admin = await signIn(worker, owner.email, owner.password);
}, 60_000);
afterAll(() => worker?.dispose());

const outboxCount = async () =>
  (await worker.db.prepare("SELECT count(*) AS n FROM mail_outbox WHERE kind = 'campaign'").first<{ n: number }>())!.n;

describe('campaign sending after crashes', () => {
  it('reaches every confirmed subscriber of 5,000 exactly once, skipping pending and unsubscribed ones', async () => {
    const listId = (await call(worker, admin, 'POST', '/api/owner/mailing-lists', { name: 'Big list' })).json.list.id as string;
    // 6,000 addresses: every 12th pending, every 12th (offset) unsubscribed, the other 5,000 confirmed.
    const status = (i: number) => (i % 12 === 3 ? 'pending' : i % 12 === 7 ? 'unsubscribed' : 'confirmed');
    await addSubscribers(worker, listId, 6000, (i) => `reader${i}@example.com`, status);
    const c = (await call(worker, admin, 'POST', '/api/owner/campaigns', { subject: 'The big letter', listId })).json.campaign;
    expect((await call(worker, admin, 'POST', `/api/owner/campaigns/${c.id}/send`, undefined, { 'If-Match': '"1"' })).json.campaign.state).toBe('sending');

    // The first run copies the whole audience, commits 7 batches, then dies mid-send.
    expect((await worker.scheduled('* * * * *')).outcome).not.toBe('ok');
    expect(worker.logs.some((l) => l.message.includes('stopped before committing a batch'))).toBe(true);
    expect(await outboxCount()).toBe(700);
    const recipients = await worker.db.prepare("SELECT state, count(*) AS n FROM campaign_recipients WHERE campaign_id = ? GROUP BY state ORDER BY state").bind(c.id).all();
    expect(recipients.results).toEqual([{ state: 'pending', n: 4300 }, { state: 'queued', n: 700 }]);
    expect((await call(worker, admin, 'GET', `/api/owner/campaigns/${c.id}`)).json.campaign).toMatchObject({ state: 'sending', counts: { recipients: 5000, sent: 700 } });

    // Two runs at once (through the bindings bridge, so each reads the same pending rows before
    // either commits): a batch's mails are inserted only while their rows are still pending.
    const db = openDb(worker.db);
    const racing = await Promise.allSettled([1, 2].map(() => runCampaignSends(db, { secret: 'race', stopAfterBatches: 3 }, Date.now())));
    expect(racing.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    const afterOverlap = await outboxCount();
    expect(afterOverlap).toBeGreaterThan(700);
    expect(afterOverlap).toBeLessThanOrEqual(700 + 2 * 300);

    // Resume until done; every run but the last dies after its 7 batches.
    for (let run = 0; run < 12; run++) {
      const state = (await call(worker, admin, 'GET', `/api/owner/campaigns/${c.id}`)).json.campaign.state;
      if (state === 'sent') break;
      await worker.scheduled('* * * * *');
    }
    const done = (await call(worker, admin, 'GET', `/api/owner/campaigns/${c.id}`)).json.campaign;
    expect(done).toMatchObject({ state: 'sent', counts: { recipients: CONFIRMED, sent: CONFIRMED } });

    // Outbox rows per address: each confirmed subscriber exactly once, nobody else.
    const perAddress = await worker.db
      .prepare("SELECT to_address AS email, count(*) AS n FROM mail_outbox WHERE kind = 'campaign' GROUP BY to_address")
      .all<{ email: string; n: number }>();
    expect(perAddress.results.filter((r) => r.n !== 1)).toEqual([]);
    const expected = Array.from({ length: 6000 }, (_, i) => i).filter((i) => status(i) === 'confirmed').map((i) => `reader${i}@example.com`).sort();
    expect(expected).toHaveLength(CONFIRMED);
    expect(perAddress.results.map((r) => r.email).sort()).toEqual(expected);
    expect(await outboxCount()).toBe(CONFIRMED);
    // Each recipient row points at its own mail.
    const linked = await worker.db
      .prepare("SELECT count(*) AS n FROM campaign_recipients r JOIN mail_outbox m ON m.id = r.mail_id AND m.to_address = r.email WHERE r.campaign_id = ? AND r.state = 'queued'")
      .bind(c.id)
      .first<{ n: number }>();
    expect(linked!.n).toBe(CONFIRMED);
  }, 240_000);
});
