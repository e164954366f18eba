import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spendBudget, startWorker, testAddress, type RunningWorker } from '../../test-support.js';
import { linkIn, queuedMails } from '../forms/test-mail-log.js';
import { ageKeys, TestVisitor } from '../forms/test-visitor.js';

let worker: RunningWorker;
let newsletter: { id: string; fields: { id: string }[] };
beforeAll(async () => {
  worker = await startWorker();
  newsletter = (await new TestVisitor(worker).req('GET', '/?format=json')).json.newsletterForm;
});
afterAll(() => worker?.dispose());

async function signUp(email: string, ip = testAddress()): Promise<number> {
  const v = new TestVisitor(worker);
  await v.req('GET', '/', undefined, { 'CF-Connecting-IP': ip });
  const key = (await v.req('POST', '/api/form/FormSubmissionKey', '')).json.key;
  await ageKeys(worker);
  const res = await v.req('POST', '/api/form/SaveFormSubmission', {
    key, formId: newsletter.id, form: JSON.stringify({ [newsletter.fields[0]!.id]: email }), pageTitle: 'Home', pagePath: '/',
  }, { 'CF-Connecting-IP': ip });
  return res.status;
}

/** Presses the confirmation page's button: a form post of the link's token. */
const confirm = (token: string) =>
  new TestVisitor(worker).req('POST', '/newsletter/confirm', `token=${encodeURIComponent(token)}`, { 'content-type': 'application/x-www-form-urlencoded' });

const subscriber = async (email: string) =>
  (await worker.db.prepare('SELECT status FROM mailing_list_subscribers WHERE email = ?').bind(email).first<{ status: string }>())?.status;

describe('newsletter sign-up with double opt-in', () => {
  it('stores a pending subscriber, mails a confirmation link, and confirms through it', async () => {
    expect(await signUp('reader@example.com')).toBe(200);
    expect(await subscriber('reader@example.com')).toBe('pending');
    const mail = (await queuedMails(worker)).find((m) => m.to === 'reader@example.com' && m.kind === 'newsletter-confirmation')!;
    expect(mail.subject).toBe('Confirm your subscription to Kiln Notes');
    // Following the link (a mail scanner prefetching it) changes nothing: it shows a button.
    const link = linkIn(mail, '/newsletter/confirm');
    const page = await new TestVisitor(worker).req('GET', link);
    expect(page.status).toBe(200);
    expect(page.headers.get('Cache-Control')).toBe('no-store');
    expect(page.text).toContain('Confirm my subscription');
    expect(await subscriber('reader@example.com')).toBe('pending');
    const token = new URL(link, 'http://x').searchParams.get('token')!;
    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.headers.get('Cache-Control')).toBe('no-store');
    expect(confirmed.text).toContain("You're subscribed");
    expect(await subscriber('reader@example.com')).toBe('confirmed');
    // Pressing the button again is harmless; a made-up token is not.
    expect((await confirm(token)).status).toBe(200);
    expect((await confirm('made-up')).status).toBe(400);
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
    const shown = await new TestVisitor(worker).req('GET', done.headers.get('location')!);
    expect(shown.text).toContain("You're unsubscribed");
    expect(shown.headers.get('Cache-Control')).toBe('no-store');
  });
});

const confirmations = async (email: string) => (await queuedMails(worker)).filter((m) => m.to === email && m.kind === 'newsletter-confirmation');

describe('mail bombing (issue 33, finding 2)', () => {
  it('mails one confirmation per address and list within the cool-down, whatever crumb each sign-up brings', async () => {
    for (let i = 0; i < 3; i++) expect(await signUp('bombed@example.com')).toBe(200);
    expect(await confirmations('bombed@example.com')).toHaveLength(1);
    expect(await subscriber('bombed@example.com')).toBe('pending');
  });

  it('keeps an unsubscribed address suppressed until it confirms again through a newly mailed link', async () => {
    expect(await signUp('gone@example.com')).toBe(200);
    const [first] = await confirmations('gone@example.com');
    const params = new URL(linkIn(first!, '/newsletter/unsubscribe'), 'http://x').searchParams;
    expect((await new TestVisitor(worker).req('POST', '/api/newsletter/unsubscribe', params.toString(), { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(200);
    // A new sign-up within the cool-down: still unsubscribed, no mail.
    expect(await signUp('gone@example.com')).toBe(200);
    expect(await subscriber('gone@example.com')).toBe('unsubscribed');
    expect(await confirmations('gone@example.com')).toHaveLength(1);
    // The old confirmation link no longer subscribes anyone.
    expect((await confirm(new URL(linkIn(first!, '/newsletter/confirm'), 'http://x').searchParams.get('token')!)).status).toBe(400);
    expect(await subscriber('gone@example.com')).toBe('unsubscribed');
    // After the cool-down one new mail goes out; the address stays unsubscribed until its link is followed.
    await worker.db.prepare("UPDATE mailing_list_subscribers SET confirm_mailed_on = confirm_mailed_on - 86400000 WHERE email = 'gone@example.com'").run();
    expect(await signUp('gone@example.com')).toBe(200);
    expect(await subscriber('gone@example.com')).toBe('unsubscribed');
    const again = await confirmations('gone@example.com');
    expect(again).toHaveLength(2);
    expect((await confirm(new URL(linkIn(again[1]!, '/newsletter/confirm'), 'http://x').searchParams.get('token')!)).status).toBe(200);
    expect(await subscriber('gone@example.com')).toBe('confirmed');
  });

  it('budgets sign-ups per recipient address, whatever the client address', async () => {
    const { granted, refused } = await spendBudget(3, async () => ({ status: await signUp('target@example.com') }));
    expect(granted.length).toBeGreaterThanOrEqual(3);
    expect(granted.length).toBeLessThanOrEqual(6);
    expect(refused?.status).toBe(429);
    expect(refused && (await confirmations('target@example.com'))).toHaveLength(1);
  });

  it('budgets list sign-ups per client address, whatever the crumb and recipient', async () => {
    const ip = testAddress();
    const { granted, refused } = await spendBudget(30, async (i) => ({ status: await signUp(`many-${i}@example.com`, ip) }));
    expect(granted.length).toBeGreaterThanOrEqual(30);
    expect(granted.length).toBeLessThanOrEqual(60);
    expect(refused?.status).toBe(429);
    expect(await signUp('elsewhere@example.com')).toBe(200);
  });
});
