import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from './test-support.js';
import { setStock, variantOf } from './api/commerce/test-catalog.js';
import { addOne, placeOrder } from './api/commerce/test-checkout.js';
import { TestVisitor } from './api/commerce/test-visitor.js';
import { FakePostmark, POSTMARK_TEST_TOKEN } from './services/mail/test-postmark-server.js';

// The worker's Cron Trigger drains the outbox through the production sender
// (Postmark, here a local server speaking its API); orders never wait on mail.
let worker: RunningWorker;
const postmark = new FakePostmark();
beforeAll(async () => {
  await postmark.start();
  worker = await startWorker({ bindings: { MAIL_PROVIDER: 'postmark', MAIL_API_TOKEN: POSTMARK_TEST_TOKEN, MAIL_FROM: 'Atelier <shop@example.com>', MAIL_API_BASE: postmark.url } });
});
afterAll(async () => {
  await worker?.dispose();
  await postmark.stop();
});

const runCron = async () => {
  const result = await worker.scheduled('* * * * *');
  expect(result.outcome).toBe('ok');
};
const mailRow = (to: string) =>
  worker.db.prepare(`SELECT id, status, attempts FROM mail_outbox WHERE kind = 'order-confirmation' AND to_address = ?`).bind(to).first<{ id: string; status: string; attempts: number }>();

async function order(email: string, ip: string): Promise<number> {
  await setStock(worker.db, 'FK-INC-01', 20);
  const v = new TestVisitor(worker, ip);
  await v.visit('/api/commerce/shopping-cart');
  const incense = await variantOf(worker.db, 'FK-INC-01');
  await addOne(v, incense.itemId, 'FK-INC-01');
  return (await placeOrder(v, { key: randomUUID(), extra: { email } })).status;
}

describe('scheduled outbox drain with the Postmark sender', () => {
  it('sends the order confirmation on the next run and marks it sent', async () => {
    expect(await order('first@example.com', '198.51.100.61')).toBe(201);
    expect((await mailRow('first@example.com'))!.status).toBe('queued');
    await runCron();
    expect((await mailRow('first@example.com'))!.status).toBe('sent');
    const sent = postmark.received.filter((m) => m.body.To === 'first@example.com');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ From: 'Atelier <shop@example.com>', Tag: 'order-confirmation', Subject: expect.stringMatching(/#\d+/) });
    // A second run sends nothing again.
    await runCron();
    expect(postmark.received.filter((m) => m.body.To === 'first@example.com')).toHaveLength(1);
  });

  it('an order placed while the provider is down still succeeds; its mail is retried each run, then given up after 5', async () => {
    postmark.mode = 'down';
    expect(await order('retry@example.com', '198.51.100.62')).toBe(201);
    await runCron();
    expect(await mailRow('retry@example.com')).toMatchObject({ status: 'queued', attempts: 1 });
    postmark.mode = 'ok';
    await runCron();
    expect(await mailRow('retry@example.com')).toMatchObject({ status: 'sent', attempts: 2 });

    postmark.mode = 'down';
    expect(await order('never@example.com', '198.51.100.63')).toBe(201);
    for (let run = 0; run < 5; run += 1) await runCron();
    expect(await mailRow('never@example.com')).toMatchObject({ status: 'failed', attempts: 5 });
    await runCron();
    expect(postmark.received.filter((m) => m.body.To === 'never@example.com')).toHaveLength(5);
    postmark.mode = 'ok';
  });

  it('a recipient the provider refuses for good is failed at once, not retried', async () => {
    postmark.mode = 'inactive';
    expect(await order('inactive@example.com', '198.51.100.64')).toBe(201);
    await runCron();
    await runCron();
    expect(await mailRow('inactive@example.com')).toMatchObject({ status: 'failed', attempts: 1 });
    postmark.mode = 'ok';
  });
});

describe('the site\'s sender name and reply-to (commerce preferences `email`)', () => {
  it('sends with the sender name on the deployment\'s address and the reply-to the owner set', async () => {
    const site = (await worker.db.prepare('SELECT id FROM websites WHERE is_default = 1').first<{ id: string }>())!.id;
    await worker.db
      .prepare("INSERT INTO commerce_preferences (website_id, namespace, value, updated_on) VALUES (?, 'email', ?, 0) ON CONFLICT DO UPDATE SET value = excluded.value")
      .bind(site, JSON.stringify({ senderName: 'Fern & Kiln Studio', replyTo: 'hello@fernandkiln.test' }))
      .run();
    expect(await order('named@example.com', '198.51.100.65')).toBe(201);
    await runCron();
    const sent = postmark.received.filter((m) => m.body.To === 'named@example.com');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ From: '"Fern & Kiln Studio" <shop@example.com>', ReplyTo: 'hello@fernandkiln.test' });
    await worker.db.prepare("DELETE FROM commerce_preferences WHERE website_id = ? AND namespace = 'email'").bind(site).run();
  });
});
