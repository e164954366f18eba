import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../test-support.js';
import { linkIn, queuedMails } from '../forms/test-mail-log.js';
import { ageKeys, TestVisitor } from '../forms/test-visitor.js';

let worker: RunningWorker;
let newsletter: { id: string; fields: { id: string }[] };
beforeAll(async () => {
  worker = await startWorker();
  newsletter = (await new TestVisitor(worker).req('GET', '/?format=json')).json.newsletterForm;
});
afterAll(() => worker?.dispose());

async function signUp(email: string): Promise<number> {
  const v = await TestVisitor.arrive(worker, '/');
  const key = (await v.req('POST', '/api/form/FormSubmissionKey', '')).json.key;
  await ageKeys(worker);
  const res = await v.req('POST', '/api/form/SaveFormSubmission', {
    key, formId: newsletter.id, form: JSON.stringify({ [newsletter.fields[0]!.id]: email }), pageTitle: 'Home', pagePath: '/',
  });
  return res.status;
}

const subscriber = async (email: string) =>
  (await worker.db.prepare('SELECT status FROM mailing_list_subscribers WHERE email = ?').bind(email).first<{ status: string }>())?.status;

describe('newsletter sign-up with double opt-in', () => {
  it('stores a pending subscriber, mails a confirmation link, and confirms through it', async () => {
    expect(await signUp('reader@example.com')).toBe(200);
    expect(await subscriber('reader@example.com')).toBe('pending');
    const mail = (await queuedMails(worker)).find((m) => m.to === 'reader@example.com' && m.kind === 'newsletter-confirmation')!;
    expect(mail.subject).toBe('Confirm your subscription to Kiln Notes');
    const page = await new TestVisitor(worker).req('GET', linkIn(mail, '/newsletter/confirm'));
    expect(page.status).toBe(200);
    expect(page.text).toContain("You're subscribed");
    expect(await subscriber('reader@example.com')).toBe('confirmed');
    // Following the link again is harmless; a made-up token is not.
    expect((await new TestVisitor(worker).req('GET', linkIn(mail, '/newsletter/confirm'))).status).toBe(200);
    const bad = await new TestVisitor(worker).req('GET', '/newsletter/confirm?token=made-up');
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('This link has expired');
  });

  it('signs up one address twice as one subscriber, and sends a confirmed one no new mail', async () => {
    const before = (await queuedMails(worker)).filter((m) => m.to === 'reader@example.com').length;
    expect(await signUp('reader@example.com')).toBe(200);
    expect((await queuedMails(worker)).filter((m) => m.to === 'reader@example.com').length).toBe(before);
    const { n } = (await worker.db.prepare("SELECT count(*) AS n FROM mailing_list_subscribers WHERE email = 'reader@example.com'").first<{ n: number }>())!;
    expect(n).toBe(1);
  });

  it('unsubscribes by the signed link on page type 300, and refuses a forged signature', async () => {
    expect(await signUp('leaver@example.com')).toBe(200);
    const mail = (await queuedMails(worker)).find((m) => m.to === 'leaver@example.com')!;
    const link = linkIn(mail, '/newsletter/unsubscribe');
    const page = await new TestVisitor(worker).req('GET', `${link}&format=json`);
    expect(page.json).toMatchObject({ pageType: 300, newsletter: { state: 'unsubscribe', listName: 'Kiln Notes' } });
    const params = new URL(link, 'http://x').searchParams;
    const forged = await new TestVisitor(worker).req('POST', '/api/newsletter/unsubscribe', `s=${params.get('s')}&sig=AAAA`, { 'content-type': 'application/x-www-form-urlencoded' });
    expect(forged.status).toBe(404);
    expect(await subscriber('leaver@example.com')).toBe('pending');
    const done = await new TestVisitor(worker).req('POST', '/api/newsletter/unsubscribe', params.toString(), { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' });
    expect(done.status).toBe(303);
    expect(await subscriber('leaver@example.com')).toBe('unsubscribed');
    expect((await new TestVisitor(worker).req('GET', done.headers.get('location')!)).text).toContain("You're unsubscribed");
  });
});
