import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningWorker } from '../../test-support.js';
import { startFrenchSite } from '../multilingual/test-french.js';
import { TestVisitor } from './test-visitor.js';

/**
 * Issue 29 (lang17): a monthly donation's renewal mails follow the first donation's language,
 * as product renewals do: the receipt each month (words, money, date, the receipt link under
 * /fr) and the declined mail with its reason. Donors who gave on the English page get the mails
 * of before, word for word. One Cron run at a fixed clock renews all four gifts.
 */
let worker: RunningWorker;
const RENEWAL_CRON = '7 * * * *';
const CARD = '4242424242424242';
const DECLINES_LATER = '4000000000000341';
// French money: a comma for decimals and the currency after the amount (spaces vary by ICU).
const FR_SPACE = '[\\s\\u00a0\\u202f]';
const DONORS = {
  fr: { prefix: '/fr', email: 'donatrice.mensuelle@example.fr', card: CARD, ip: '198.51.100.171' },
  frDeclined: { prefix: '/fr', email: 'carte.refusee@example.fr', card: DECLINES_LATER, ip: '198.51.100.172' },
  en: { prefix: '', email: 'monthly.english@example.com', card: CARD, ip: '198.51.100.173' },
  enDeclined: { prefix: '', email: 'declined.english@example.com', card: DECLINES_LATER, ip: '198.51.100.174' },
};
type Mail = { subject: string; text: string; html: string };
let at: number;
let title: string;

async function giveMonthly(d: (typeof DONORS)[keyof typeof DONORS]): Promise<{ id: string; next: number; language: string | null }> {
  const v = new TestVisitor(worker, d.ip);
  await v.visit(`${d.prefix}/donate`);
  const cookie = [...v.jar].map(([k, val]) => `${k}=${val}`).join('; ');
  const form = await (await worker.fetch(`${d.prefix}/donate?amount=1500&frequency=monthly`, { headers: { Cookie: cookie } })).text();
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(form)![1]!;
  const res = await worker.fetch(`${d.prefix}/donate`, {
    method: 'POST', redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie, 'CF-Connecting-IP': d.ip },
    body: new URLSearchParams({
      crumb: field('crumb'), idempotencyKey: field('idempotencyKey'), amount: '15', frequency: 'monthly', email: d.email, name: 'Donor',
      cardNumber: d.card, expMonth: '12', expYear: '2099', cvc: '123',
    }).toString(),
  });
  expect(res.status, await res.text()).toBe(303);
  return (await worker.db
    .prepare('SELECT s.id, s.next_billing_at AS next, o.language FROM subscriptions s JOIN orders o ON o.id = s.first_order_id WHERE s.email = ?')
    .bind(d.email)
    .first<{ id: string; next: number; language: string | null }>())!;
}

const mailTo = (email: string, kind: string) =>
  worker.db.prepare('SELECT subject, text_body AS text, html_body AS html FROM mail_outbox WHERE to_address = ? AND kind = ?').bind(email, kind).first<Mail>();

beforeAll(async () => {
  ({ worker } = await startFrenchSite());
  const subs = [];
  for (const d of Object.values(DONORS)) subs.push(await giveMonthly(d));
  expect(subs.map((s) => s.language)).toEqual(['fr', 'fr', null, null]);
  // A fixed clock a minute after the last of the four is due: one run renews (or declines) each once.
  at = Math.max(...subs.map((s) => s.next)) + 60_000;
  expect((await worker.scheduled(RENEWAL_CRON, at)).outcome).toBe('ok');
  title = (await worker.db.prepare("SELECT subject FROM mail_outbox WHERE to_address = ? AND kind = 'subscription-renewed'").bind(DONORS.en.email).first<{ subject: string }>())!.subject.replace(/: receipt for your monthly donation$/, '');
}, 180_000);
afterAll(() => worker?.dispose());

const frenchDate = '\\d{1,2}(er)? \\S+ \\d{4}';
const englishDate = (ms: number) => new Date(ms).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

describe("a monthly donation's renewal mails in the first donation's language (lang17)", () => {
  it('a French donor gets the monthly receipt in French, with French money and date and the receipt link under /fr', async () => {
    const mail = (await mailTo(DONORS.fr.email, 'subscription-renewed'))!;
    expect(mail.subject).toBe(`${title}\u00a0: reçu de votre don mensuel`);
    const lines = mail.text.split('\n\n');
    expect(lines[0]).toMatch(new RegExp(`^Merci pour votre don mensuel de 15,00${FR_SPACE}\\$US à `));
    expect(lines[1]).toMatch(new RegExp(`^Montant\u00a0: 15,00${FR_SPACE}\\$US$`));
    expect(lines[2]).toMatch(/^Votre reçu\u00a0: https?:\/\/[^/]+\/fr\/order-status\?order=[^&\s]+&token=/);
    expect(lines[3]).toMatch(new RegExp(`^Prochain don\u00a0: ${frenchDate}\\. Pour l'arrêter, utilisez le lien de votre premier reçu ou votre compte\\.$`));
    expect(mail.html).toMatch(/Votre reçu\u00a0: https?:\/\//);
    expect(mail.text).not.toMatch(/Thank you|Amount|receipt|Next donation/);
    // The /fr receipt link opens the order's status page in French.
    const link = /https?:\/\/[^/]+(\/fr\/order-status\?\S+)/.exec(mail.text)![1]!;
    const page = await worker.fetch(link);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-language')).toBe('fr');
  });

  it("a French donor's declined renewal says so in French, the card's decline reason too, and when it is tried again", async () => {
    const mail = (await mailTo(DONORS.frDeclined.email, 'subscription-declined'))!;
    expect(mail.subject).toBe(`${title}\u00a0: nous n'avons pas pu encaisser votre don mensuel`);
    const lines = mail.text.split('\n\n');
    expect(lines[0]).toMatch(new RegExp(`^Nous n'avons pas pu encaisser votre don mensuel de 15,00${FR_SPACE}\\$US\u00a0: Votre carte a été refusée\\.$`));
    expect(lines[1]).toMatch(new RegExp(`^Nous réessaierons le ${frenchDate}\\.$`));
    expect(mail.text).not.toMatch(/declined|We will try/);
  });

  it('donors who gave on the English page get the English mails of before, word for word', async () => {
    const renewed = (await mailTo(DONORS.en.email, 'subscription-renewed'))!;
    const sub = (await worker.db.prepare('SELECT next_billing_at AS next FROM subscriptions WHERE email = ?').bind(DONORS.en.email).first<{ next: number }>())!;
    const url = /https?:\/\/[^/]+\/order-status\?order=[^&\s]+&token=[A-Za-z0-9_-]+/.exec(renewed.text)![0];
    expect(renewed.subject).toBe(`${title}: receipt for your monthly donation`);
    expect(renewed.text).toBe(
      [`Thank you for your monthly donation of $15.00 to ${title}.`, 'Amount: $15.00', `Your receipt: ${url}`,
        `Next donation: ${englishDate(sub.next)}. To stop it, use the link in your first receipt or your account.`].join('\n\n'),
    );
    const declined = (await mailTo(DONORS.enDeclined.email, 'subscription-declined'))!;
    expect(declined.subject).toBe(`${title}: we could not take your monthly donation`);
    expect(declined.text).toBe(`We could not take your monthly donation of $15.00: Your card was declined.\n\nWe will try again on ${englishDate(at + 3 * 24 * 60 * 60 * 1000)}.`);
  });
});
