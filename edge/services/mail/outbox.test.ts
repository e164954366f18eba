import type { D1Database } from '@cloudflare/workers-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBindings, type Bindings } from '../../../scripts/bindings-bridge.js';
import { applyMigrations } from '../../../schema/testing.js';
import { openDb, type Db } from '../db.js';
import { listOutbox, queueMail } from './outbox.js';
import { CAMPAIGN_CLAIM_LEASE_MS, drainCampaignMail, drainOutbox, MailRefusedError, OUTBOX_CLAIM_LEASE_MS, outboxOnlySender, type MailSender } from './sender.js';

let local: Bindings;
let d1: D1Database;
let db: Db;
const SITE = 'site-mail';

beforeAll(async () => {
  local = await startBindings({ d1: ['DB'] });
  d1 = local.d1('DB');
  await applyMigrations(d1);
  await d1
    .prepare(
      `INSERT INTO websites (id, identifier, primary_host, title, site_settings, store_settings, localized_strings, created_on, updated_on)
       VALUES (?, 'mail', 'mail.example', 'Mail', '{}', '{}', '{}', 0, 0)`,
    )
    .bind(SITE)
    .run();
  db = openDb(d1);
});
afterAll(async () => local?.dispose());

describe('queueMail', () => {
  it('writes one queued outbox row per mail, listed newest first', async () => {
    await queueMail(db, { websiteId: SITE, to: 'a@x.test', subject: 'First', text: 'one', kind: 'verify-email' }, 1000);
    const id = await queueMail(db, { websiteId: SITE, to: 'b@x.test', subject: 'Second', text: 'two', html: '<p>two</p>', kind: 'invitation' }, 2000);
    const rows = await listOutbox(db, SITE);
    expect(rows.map((r) => r.subject)).toEqual(['Second', 'First']);
    expect(rows[0]).toMatchObject({ id, toAddress: 'b@x.test', htmlBody: '<p>two</p>', status: 'queued', attempts: 0, kind: 'invitation' });
    expect((await listOutbox(db, SITE, { to: 'a@x.test' })).map((r) => r.subject)).toEqual(['First']);
  });
});

describe('drainOutbox', () => {
  it('leaves mail in the outbox with the local sender', async () => {
    expect(await drainOutbox(db, outboxOnlySender, 3000)).toEqual({ sent: 0, failed: 0 });
    expect((await listOutbox(db, SITE)).every((r) => r.status === 'queued')).toBe(true);
  });

  it('sends each mail exactly once when two drains run concurrently', async () => {
    for (let i = 0; i < 10; i++) await queueMail(db, { websiteId: SITE, to: `c${i}@x.test`, subject: `Bulk ${i}`, text: 'x', kind: 'test' }, 4000 + i);
    const delivered: string[] = [];
    const sender: MailSender = { name: 'recording', send: async (mail) => void delivered.push(mail.id) };
    const [a, b] = await Promise.all([drainOutbox(db, sender, 5000, 50), drainOutbox(db, sender, 5000, 50)]);
    expect(a.sent + b.sent).toBe(12);
    expect(new Set(delivered).size).toBe(delivered.length);
    expect(delivered).toHaveLength(12);
    expect((await listOutbox(db, SITE)).every((r) => r.status === 'sent' && r.sentOn === 5000)).toBe(true);
  });

  it('holds a mail with a later send time (a review request) until that time, then sends it once', async () => {
    await d1
      .prepare(`INSERT INTO mail_outbox (id, website_id, kind, to_address, subject, text_body, created_on, send_after) VALUES ('later', ?1, 'review-request', 'later@x.test', 'How was it?', 'x', 5500, 9000)`)
      .bind(SITE)
      .run();
    const delivered: string[] = [];
    const sender: MailSender = { name: 'recording', send: async (mail) => void delivered.push(mail.id) };
    expect(await drainOutbox(db, sender, 8999, 50)).toEqual({ sent: 0, failed: 0 });
    expect((await listOutbox(db, SITE, { to: 'later@x.test' }))[0]).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await drainOutbox(db, sender, 9000, 50)).toEqual({ sent: 1, failed: 0 });
    expect(await drainOutbox(db, sender, 9500, 50)).toEqual({ sent: 0, failed: 0 });
    expect(delivered).toEqual(['later']);
  });

  it('puts a refused mail back in the queue, and gives up after five attempts', async () => {
    const id = await queueMail(db, { websiteId: SITE, to: 'bounce@x.test', subject: 'Bounce', text: 'x', kind: 'test' }, 6000);
    const refusing: MailSender = { name: 'refusing', send: async () => { throw new Error('provider said no'); } };
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(await drainOutbox(db, refusing, 7000)).toEqual({ sent: 0, failed: 1 });
      const row = (await listOutbox(db, SITE, { to: 'bounce@x.test' }))[0]!;
      expect(row).toMatchObject({ id, attempts: attempt, status: attempt < 5 ? 'queued' : 'failed' });
    }
  });

  it('marks the address bounced on the site\'s lists when the provider refuses the recipient for good, not for other refusals', async () => {
    await d1.batch([
      d1.prepare("INSERT INTO mailing_lists (id, website_id, name, created_on) VALUES ('bl-1', ?1, 'News', 0), ('bl-2', ?1, 'Offers', 0)").bind(SITE),
      d1.prepare(
        `INSERT INTO mailing_list_subscribers (id, website_id, list_id, email, status, confirm_token_hash, created_on) VALUES
           ('bs-1', ?1, 'bl-1', 'gone@x.test', 'confirmed', 'h1', 0), ('bs-2', ?1, 'bl-2', 'gone@x.test', 'unsubscribed', 'h2', 0),
           ('bs-3', ?1, 'bl-1', 'kept@x.test', 'confirmed', 'h3', 0)`,
      ).bind(SITE),
    ]);
    const statuses = async () =>
      Object.fromEntries((await d1.prepare("SELECT id, status FROM mailing_list_subscribers WHERE id LIKE 'bs-%'").all<{ id: string; status: string }>()).results.map((r) => [r.id, r.status]));
    const refuse = (bounced: boolean): MailSender => ({ name: 'refusing', send: async () => { throw new MailRefusedError('no', bounced); } });
    await queueMail(db, { websiteId: SITE, to: 'kept@x.test', subject: 'Bad sender', text: 'x', kind: 'test' }, 8000);
    expect(await drainOutbox(db, refuse(false), 8100)).toEqual({ sent: 0, failed: 1 });
    await queueMail(db, { websiteId: SITE, to: 'gone@X.test', subject: 'Campaign', text: 'x', kind: 'campaign' }, 8200);
    // Campaign mail is the batched drain's (drainOutbox leaves it), with the same bounce handling.
    expect(await drainOutbox(db, refuse(true), 8300)).toEqual({ sent: 0, failed: 0 });
    expect(await drainCampaignMail(db, refuse(true), 8300)).toEqual({ sent: 0, failed: 1, batches: 1 });
    expect((await listOutbox(db, SITE, { to: 'gone@X.test' }))[0]!.status).toBe('failed');
    expect(await statuses()).toEqual({ 'bs-1': 'bounced', 'bs-2': 'unsubscribed', 'bs-3': 'confirmed' });
  });
});

describe('drainOutbox: a run that dies', () => {
  const LEASE = OUTBOX_CLAIM_LEASE_MS;
  const row = async (id: string) =>
    d1.prepare('SELECT status, attempts, claimed_on AS claimedOn, sent_on AS sentOn FROM mail_outbox WHERE id = ?1').bind(id).first<{ status: string; attempts: number; claimedOn: number | null; sentOn: number | null }>();
  const insert = (id: string, createdOn: number, claim: { status?: string; claimedOn?: number | null; attempts?: number } = {}) =>
    d1.prepare(`INSERT INTO mail_outbox (id, website_id, kind, to_address, subject, text_body, created_on, status, claimed_on, attempts) VALUES (?1, ?2, 'order-confirmation', ?3, 'Your order', 'x', ?4, ?5, ?6, ?7)`)
      .bind(id, SITE, `${id}@x.test`, createdOn, claim.status ?? 'queued', claim.claimedOn ?? null, claim.attempts ?? 0).run();
  /** Leaves no transactional mail of earlier tests claimable, so each test counts only its own. */
  const settleOthers = () => d1.prepare("UPDATE mail_outbox SET status = 'failed' WHERE status IN ('queued', 'sending') AND kind <> 'campaign'").run();

  it('a claimed mail whose run died stays sending until the lease ends, then the next run sends it once; the dead run\'s late write changes nothing', async () => {
    await settleOthers();
    await insert('tx-dies', 60_000);
    // Run A claims the mail and hangs in the provider call (the isolate is killed there): its claim is the state it leaves.
    let failA!: (err: Error) => void;
    const hanging: MailSender = { name: 'hanging', send: () => new Promise<void>((_, reject) => { failA = reject; }) };
    const runA = drainOutbox(db, hanging, 61_000, 20);
    await expect.poll(async () => (await row('tx-dies'))?.status, { timeout: 15_000 }).toBe('sending');
    expect(await row('tx-dies')).toMatchObject({ attempts: 1, claimedOn: 61_000 });

    const delivered: string[] = [];
    const recording: MailSender = { name: 'recording', send: async (mail) => void delivered.push(mail.id) };
    // Within the lease no run takes it.
    expect(await drainOutbox(db, recording, 61_000 + 60_000, 20)).toEqual({ sent: 0, failed: 0 });
    expect(await drainOutbox(db, recording, 61_000 + LEASE - 1, 20)).toEqual({ sent: 0, failed: 0 });
    expect(await row('tx-dies')).toMatchObject({ status: 'sending', attempts: 1, claimedOn: 61_000 });
    // From the lease's end the next run retakes and sends it; a later run finds nothing.
    expect(await drainOutbox(db, recording, 61_000 + LEASE, 20)).toEqual({ sent: 1, failed: 0 });
    expect(await drainOutbox(db, recording, 61_000 + LEASE + 60_000, 20)).toEqual({ sent: 0, failed: 0 });
    expect(delivered).toEqual(['tx-dies']);
    expect(await row('tx-dies')).toMatchObject({ status: 'sent', attempts: 2, claimedOn: 61_000 + LEASE, sentOn: 61_000 + LEASE });

    // Run A wakes up to a failed call: its write is only for rows still carrying its claim, so the sent mail stays sent.
    failA(new Error('connection reset'));
    expect(await runA).toEqual({ sent: 0, failed: 1 });
    expect(await row('tx-dies')).toMatchObject({ status: 'sent', attempts: 2, claimedOn: 61_000 + LEASE });
  });

  it('an old sending row with no claim time (claimed before the column existed) is retaken and sent once', async () => {
    await settleOthers();
    await insert('tx-old', 70_000, { status: 'sending', claimedOn: null, attempts: 1 });
    expect(await row('tx-old')).toMatchObject({ status: 'sending', claimedOn: null });
    const delivered: string[] = [];
    const recording: MailSender = { name: 'recording', send: async (mail) => void delivered.push(mail.id) };
    expect(await drainOutbox(db, recording, 71_000, 20)).toEqual({ sent: 1, failed: 0 });
    expect(await drainOutbox(db, recording, 72_000, 20)).toEqual({ sent: 0, failed: 0 });
    expect(delivered).toEqual(['tx-old']);
    expect(await row('tx-old')).toMatchObject({ status: 'sent', attempts: 2, claimedOn: 71_000, sentOn: 71_000 });
  });

  it('two overlapping runs past the lease never send one mail twice (dead claims and queued mail alike)', async () => {
    await settleOthers();
    for (let i = 0; i < 6; i++) await insert(`tx-dead-${i}`, 80_000 + i, { status: 'sending', claimedOn: 80_000, attempts: 1 });
    for (let i = 0; i < 6; i++) await insert(`tx-new-${i}`, 80_100 + i);
    const delivered: string[] = [];
    const sender: MailSender = {
      name: 'recording',
      send: async (mail) => {
        // Yield so the two runs interleave their claims.
        await new Promise((resolve) => setTimeout(resolve, 1));
        delivered.push(mail.id);
      },
    };
    const [a, b] = await Promise.all([drainOutbox(db, sender, 80_000 + LEASE, 50), drainOutbox(db, sender, 80_000 + LEASE + 1, 50)]);
    expect(a.sent + b.sent).toBe(12);
    expect(delivered).toHaveLength(12);
    expect(new Set(delivered).size).toBe(12);
    const rows = await d1.prepare("SELECT status, attempts, count(*) AS n FROM mail_outbox WHERE id LIKE 'tx-dead-%' OR id LIKE 'tx-new-%' GROUP BY status, attempts ORDER BY attempts").all();
    expect(rows.results).toEqual([{ status: 'sent', attempts: 1, n: 6 }, { status: 'sent', attempts: 2, n: 6 }]);
  });

  it('a mail retaken after its last attempt\'s run died is failed, not sent again', async () => {
    await settleOthers();
    await insert('tx-last', 90_000, { status: 'sending', claimedOn: 90_000, attempts: 5 });
    const delivered: string[] = [];
    const recording: MailSender = { name: 'recording', send: async (mail) => void delivered.push(mail.id) };
    expect(await drainOutbox(db, recording, 90_000 + LEASE, 20)).toEqual({ sent: 0, failed: 1 });
    expect(delivered).toEqual([]);
    expect(await row('tx-last')).toMatchObject({ status: 'failed', attempts: 6 });
  });

  it('past half the lease a run claims no more: the rest stay queued, untried, for the next run', async () => {
    await settleOthers();
    for (let i = 0; i < 3; i++) await insert(`tx-slow-${i}`, 100_000 + i);
    const delivered: string[] = [];
    const recording: MailSender = { name: 'recording', send: async (mail) => void delivered.push(mail.id) };
    let reads = 0;
    const elapsed = () => (reads++ === 0 ? 0 : LEASE / 2 + 1);
    expect(await drainOutbox(db, recording, 101_000, 20, undefined, elapsed)).toEqual({ sent: 1, failed: 0 });
    const rows = (await d1.prepare("SELECT status, attempts FROM mail_outbox WHERE id LIKE 'tx-slow-%' ORDER BY id").all<{ status: string; attempts: number }>()).results;
    expect(rows.map((r) => `${r.status}/${r.attempts}`)).toEqual(['sent/1', 'queued/0', 'queued/0']);
  });
});

describe('drainCampaignMail', () => {
  it('two drains at once claim disjoint rows: each of 600 campaign mails is sent exactly once, in batch calls', async () => {
    const statements = Array.from({ length: 600 }, (_, i) =>
      d1.prepare(`INSERT INTO mail_outbox (id, website_id, kind, to_address, subject, text_body, created_on) VALUES (?1, ?2, 'campaign', ?3, 'Letter', 'x', ?4)`)
        .bind(`camp-${i}`, SITE, `r${i}@x.test`, 10_000 + i));
    for (let i = 0; i < statements.length; i += 100) await d1.batch(statements.slice(i, i + 100));
    const delivered: string[] = [];
    const calls: number[] = [];
    const batching: MailSender = {
      name: 'batching',
      batchLimit: 100,
      send: async () => { throw new Error('not used: the sender sends batches'); },
      sendBatch: async (mails) => {
        calls.push(mails.length);
        // Yield between calls so the two drains interleave.
        await new Promise((resolve) => setTimeout(resolve, 1));
        for (const m of mails) delivered.push(m.id);
        return mails.map(() => null);
      },
    };
    const [a, b] = await Promise.all([drainCampaignMail(db, batching, 20_000), drainCampaignMail(db, batching, 20_000)]);
    expect(a.sent + b.sent).toBe(600);
    expect(delivered).toHaveLength(600);
    expect(new Set(delivered).size).toBe(600);
    expect(calls.every((n) => n <= 100)).toBe(true);
    const rows = await d1.prepare("SELECT status, count(*) AS n FROM mail_outbox WHERE id LIKE 'camp-%' GROUP BY status").all();
    expect(rows.results).toEqual([{ status: 'sent', n: 600 }]);
    // Nothing left: a third drain claims nothing.
    expect(await drainCampaignMail(db, batching, 20_001)).toEqual({ sent: 0, failed: 0, batches: 0 });
  });

  it('a batch with some refusals: accepted ones sent, a temporary failure back in the queue, a bounce failed at once', async () => {
    for (const [id, to] of [['mix-ok', 'ok@x.test'], ['mix-retry', 'retry@x.test'], ['mix-gone', 'gone2@x.test']]) {
      await d1.prepare(`INSERT INTO mail_outbox (id, website_id, kind, to_address, subject, text_body, created_on) VALUES (?1, ?2, 'campaign', ?3, 'Mixed', 'x', 30000)`).bind(id, SITE, to).run();
    }
    const sender: MailSender = {
      name: 'mixed',
      send: async () => undefined,
      sendBatch: async (mails) => mails.map((m) => (m.id === 'mix-retry' ? new Error('try later') : m.id === 'mix-gone' ? new MailRefusedError('inactive', true) : null)),
    };
    expect(await drainCampaignMail(db, sender, 31_000)).toEqual({ sent: 1, failed: 2, batches: 1 });
    const status = Object.fromEntries((await d1.prepare("SELECT id, status, attempts FROM mail_outbox WHERE id LIKE 'mix-%'").all<{ id: string; status: string; attempts: number }>()).results.map((r) => [r.id, `${r.status}/${r.attempts}`]));
    expect(status).toEqual({ 'mix-ok': 'sent/1', 'mix-retry': 'queued/1', 'mix-gone': 'failed/1' });
  });

  it('marks each provider call sent as soon as it answers: a run dying on its next call leaves only the unsent claimed', async () => {
    await d1.prepare(`INSERT INTO websites (id, identifier, primary_host, title, site_settings, store_settings, localized_strings, created_on, updated_on)
       VALUES ('site-mail-2', 'mail2', 'mail2.example', 'Mail 2', '{}', '{}', '{}', 0, 0)`).run();
    const rows = [...Array.from({ length: 3 }, (_, i) => [`die-a${i}`, SITE]), ...Array.from({ length: 2 }, (_, i) => [`die-b${i}`, 'site-mail-2'])];
    for (const [id, site] of rows) {
      await d1.prepare(`INSERT INTO mail_outbox (id, website_id, kind, to_address, subject, text_body, created_on) VALUES (?1, ?2, 'campaign', ?3, 'Dies', 'x', 40000)`).bind(id, site, `${id}@x.test`).run();
    }
    const sender: MailSender = { name: 'batching', batchLimit: 2, send: async () => undefined, sendBatch: async (mails) => mails.map(() => null) };
    // The run dies when it gets to the second site (after the first site's two calls).
    const dying = async (websiteId: string) => {
      if (websiteId !== SITE) throw new Error('the worker died');
      return undefined;
    };
    await expect(drainCampaignMail(db, sender, 41_000, dying)).rejects.toThrow('the worker died');
    const status = async () => Object.fromEntries((await d1.prepare("SELECT id, status FROM mail_outbox WHERE id LIKE 'die-%'").all<{ id: string; status: string }>()).results.map((r) => [r.id, r.status]));
    expect(await status()).toEqual({ 'die-a0': 'sent', 'die-a1': 'sent', 'die-a2': 'sent', 'die-b0': 'sending', 'die-b1': 'sending' });
    // Within the lease nobody takes them; from its end the next run sends them.
    expect(await drainCampaignMail(db, sender, 41_000 + CAMPAIGN_CLAIM_LEASE_MS - 1)).toEqual({ sent: 0, failed: 0, batches: 0 });
    expect(await drainCampaignMail(db, sender, 41_000 + CAMPAIGN_CLAIM_LEASE_MS)).toEqual({ sent: 2, failed: 0, batches: 1 });
    expect(Object.values(await status())).toEqual(['sent', 'sent', 'sent', 'sent', 'sent']);
  });

  it('past half the lease a run calls the provider no more: the claim\'s unsent mails go back to the queue, untried', async () => {
    for (let i = 0; i < 4; i++) {
      await d1.prepare(`INSERT INTO mail_outbox (id, website_id, kind, to_address, subject, text_body, created_on) VALUES (?1, ?2, 'campaign', ?3, 'Slow', 'x', 50000)`).bind(`slow-${i}`, SITE, `slow${i}@x.test`).run();
    }
    const sender: MailSender = { name: 'batching', batchLimit: 2, send: async () => undefined, sendBatch: async (mails) => mails.map(() => null) };
    // A stopwatch that reads past the window after the first provider call.
    let reads = 0;
    const elapsed = () => (reads++ === 0 ? 0 : CAMPAIGN_CLAIM_LEASE_MS / 2 + 1);
    expect(await drainCampaignMail(db, sender, 51_000, undefined, undefined, elapsed)).toEqual({ sent: 2, failed: 0, batches: 1 });
    const rows = (await d1.prepare("SELECT id, status, attempts FROM mail_outbox WHERE id LIKE 'slow-%' ORDER BY id").all<{ id: string; status: string; attempts: number }>()).results;
    expect(rows.map((r) => `${r.status}/${r.attempts}`)).toEqual(['sent/1', 'sent/1', 'queued/0', 'queued/0']);
  });
});
