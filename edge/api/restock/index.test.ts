import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spendBudget, startWorker, type RunningWorker } from '../../test-support.js';
import { RESTOCK_MESSAGES as R } from '../../../domain/messages/form-messages.js';
import { queuedMails } from '../forms/test-mail-log.js';
import { TestVisitor } from '../forms/test-visitor.js';
import { RESTOCK_PATH as PATH, signupsOf, soldOutMoonJar, type SoldOutVariant } from './test-restock.js';

let worker: RunningWorker;
let moonJar: SoldOutVariant;
beforeAll(async () => {
  worker = await startWorker();
  ({ moonJar } = await soldOutMoonJar(worker));
});
afterAll(() => worker?.dispose());

const signups = (email: string) => signupsOf(worker, email);

describe('POST /api/site-users/account/notifications/restock', () => {
  it('signs a visitor up for a sold-out variant, once however often they ask', async () => {
    const v = await TestVisitor.arrive(worker, '/shop/moon-jar');
    const body = { ...moonJar, language: 'en-US', email: 'collector@example.com' };
    const all = await Promise.all([1, 2, 3].map(() => v.req('POST', PATH, body)));
    expect(all.map((r) => r.status)).toEqual([200, 200, 200]);
    // The Moon Jar's own success text (docs/api/languages.md: the restock API answers it).
    expect(all[0]!.json).toEqual({ success: true, message: "You're on the list!" });
    const rows = await signups('collector@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ product_id: moonJar.productId, variant_id: moonJar.variantId, language: 'en-US', sent_on: null });
  });

  it("answers SPEC §5 texts for a blank or malformed email, and 404 for a variant that isn't there", async () => {
    const v = await TestVisitor.arrive(worker, '/shop/moon-jar');
    const blank = await v.req('POST', PATH, { ...moonJar, email: '  ' });
    expect(blank).toMatchObject({ status: 400, json: { message: R.emailBlank, fields: { email: R.emailBlank } } });
    for (const email of ['ada@', 'ada@example', 'ada@example.toolong', 'a b@example.com']) {
      expect((await v.req('POST', PATH, { ...moonJar, email })).json.message).toBe(R.emailInvalid);
    }
    expect((await v.req('POST', PATH, { ...moonJar, variantId: 'nope', email: 'a@example.com' })).status).toBe(404);
    expect((await v.req('POST', PATH, { ...moonJar, email: 'a@example.com' }, { 'x-csrf-token': 'x'.repeat(22) })).status).toBe(401);
  });

  it('adds the shopper to the mailing list (double opt-in) when they tick the box', async () => {
    const v = await TestVisitor.arrive(worker, '/shop/moon-jar');
    expect((await v.req('POST', PATH, { ...moonJar, email: 'joiner@example.com', isJoinMailingList: true })).status).toBe(200);
    const sub = await worker.db.prepare("SELECT status FROM mailing_list_subscribers WHERE email = 'joiner@example.com'").first<{ status: string }>();
    expect(sub?.status).toBe('pending');
    expect((await queuedMails(worker)).some((m) => m.to === 'joiner@example.com' && m.kind === 'newsletter-confirmation')).toBe(true);
  });

  it('mails a list confirmation once per address within the cool-down, from any number of visitors (issue 33, finding 2)', async () => {
    for (let i = 0; i < 2; i++) {
      const v = await TestVisitor.arrive(worker, '/shop/moon-jar');
      expect((await v.req('POST', PATH, { ...moonJar, email: 'bombed-restock@example.com', isJoinMailingList: true })).status).toBe(200);
    }
    expect((await queuedMails(worker)).filter((m) => m.to === 'bombed-restock@example.com' && m.kind === 'newsletter-confirmation')).toHaveLength(1);
    // An unsubscribed address is not set back to pending.
    await worker.db.prepare("UPDATE mailing_list_subscribers SET status = 'unsubscribed', confirm_mailed_on = 0 WHERE email = 'bombed-restock@example.com'").run();
    const v = await TestVisitor.arrive(worker, '/shop/moon-jar');
    expect((await v.req('POST', PATH, { ...moonJar, email: 'bombed-restock@example.com', isJoinMailingList: true })).status).toBe(200);
    const sub = await worker.db.prepare("SELECT status FROM mailing_list_subscribers WHERE email = 'bombed-restock@example.com'").first<{ status: string }>();
    expect(sub?.status).toBe('unsubscribed');
  });

  it('answers 429 with the SPEC restock text past the visitor budget', async () => {
    const v = await TestVisitor.arrive(worker, '/shop/moon-jar');
    const { granted, refused } = await spendBudget(10, (i) => v.req('POST', PATH, { ...moonJar, email: `r${i}@example.com` }));
    expect(granted.length).toBeGreaterThanOrEqual(10);
    expect(granted.length).toBeLessThanOrEqual(20);
    expect(granted.every((res) => res.status === 200)).toBe(true);
    expect(refused).toMatchObject({ status: 429, json: { message: R.failed } });
  });
});
