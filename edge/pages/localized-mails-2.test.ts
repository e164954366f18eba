/**
 * Issue 29 (lang26) on the real worker: the promo popup's own words and its sign-up API's
 * refusals in the page's language; campaign mails' footer and unsubscribe link in each
 * subscriber's language; the owner's gift-card mail in the recipient's language the owner
 * chose. English pages, subscribers and mails keep their words byte for byte.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningWorker, SignedIn } from '../test-support.js';
import { startFrenchSite } from '../api/multilingual/test-french.js';
import { TestVisitor } from '../api/commerce/test-visitor.js';

let worker: RunningWorker;
let owner: SignedIn;
let list: { id: string; name: string };

beforeAll(async () => {
  ({ worker, owner } = await startFrenchSite());
  list = (await worker.db.prepare('SELECT l.id, l.name FROM mailing_lists l JOIN websites w ON w.id = l.website_id WHERE w.is_default = 1 ORDER BY l.created_on LIMIT 1').first<{ id: string; name: string }>())!;
}, 120_000);
afterAll(() => worker?.dispose());

async function ownerCall(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await worker.fetch(path, { method, headers: { ...owner.headers, 'Content-Type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as Record<string, any> };
}

/** Publishes the promo popup with `action` (a newsletter sign-up to a list, or a link). */
async function publishPopup(action: Record<string, unknown>): Promise<void> {
  const current = (await ownerCall('GET', '/api/owner/popup')).json.revision as number;
  const design = {
    enabled: true, imageUrl: '', imageAlt: '', heading: 'Ten percent off', text: 'Join us.',
    action, trigger: { kind: 'delay', seconds: 5 }, pages: { mode: 'all' }, frequency: { mode: 'once' },
  };
  const saved = await ownerCall('PUT', '/api/owner/popup', { design }, { 'If-Match': `"${current}"` });
  expect(saved.status).toBe(200);
  expect((await ownerCall('POST', '/api/owner/popup/publish', undefined, { 'If-Match': `"${saved.json.revision}"` })).status).toBe(200);
}

describe('the promo popup', () => {
  beforeAll(() => publishPopup({ kind: 'newsletter', listId: list.id, buttonLabel: 'Join' }));

  it("gives its island the French page's words, and the English page none (the island's English)", async () => {
    const v = new TestVisitor(worker, '198.51.100.191');
    const fr = (await v.visit('/fr/?format=json')).json.promoPopup;
    expect(fr.texts).toEqual({
      emailAddress: 'Adresse e-mail',
      thanks: 'Merci\u00a0! Consultez votre boîte de réception pour confirmer votre inscription.',
      close: 'Fermer',
      somethingWrong: expect.any(String),
      sessionExpired: expect.any(String),
      cookiesDisabled: expect.any(String),
      rateLimited: 'Veuillez réessayer dans quelques secondes.',
      network: 'Veuillez vérifier votre connexion Internet.',
    });
    const en = (await v.visit('/?format=json')).json.promoPopup;
    expect(en.heading).toBe('Ten percent off');
    expect(en).not.toHaveProperty('texts');
  });

  it("answers its refusals in the body's language, English without one", async () => {
    const v = new TestVisitor(worker, '198.51.100.192');
    await v.visit('/fr/');
    const blank = await v.send('POST', '/api/popup/subscribe', { email: ' ', language: 'fr' });
    expect(blank.status).toBe(400);
    expect(blank.json).toMatchObject({ message: 'Saisissez votre adresse e-mail.', fields: { email: 'Saisissez votre adresse e-mail.' } });
    const invalid = await v.send('POST', '/api/popup/subscribe', { email: 'not-an-address', language: 'fr' });
    expect(invalid.json).toMatchObject({ message: 'Saisissez une adresse e-mail valide.', fields: { email: 'Saisissez une adresse e-mail valide.' } });
    const english = await v.send('POST', '/api/popup/subscribe', { email: 'not-an-address', language: 'en-US' });
    expect(english.json).toMatchObject({ message: 'Enter a valid email address.', fields: { email: 'Enter a valid email address.' } });
    const none = await v.send('POST', '/api/popup/subscribe', { email: '' });
    expect(none.json.message).toBe('Enter your email address.');
  });

  it('says there is no popup in French once the owner switches it to a link', async () => {
    await publishPopup({ kind: 'link', label: 'Shop', url: '/shop' });
    const v = new TestVisitor(worker, '198.51.100.193');
    await v.visit('/fr/');
    const fr = await v.send('POST', '/api/popup/subscribe', { email: 'someone@example.fr', language: 'fr' });
    expect(fr.status).toBe(404);
    expect(fr.json.message).toBe("Il n'y a aucune fenêtre à afficher.");
    expect((await v.send('POST', '/api/popup/subscribe', { email: 'someone@example.com' })).json.message).toBe('There is no popup to show.');
  });
});

describe('a campaign to a French and an English subscriber', () => {
  it("stores each sign-up's language and mails each its own footer and unsubscribe link; the batch still queues each mail once", async () => {
    const listId = (await ownerCall('POST', '/api/owner/mailing-lists', { name: 'Atelier letters' })).json.list.id as string;
    await publishPopup({ kind: 'newsletter', listId, buttonLabel: 'Join' });
    const fr = new TestVisitor(worker, '198.51.100.194');
    await fr.visit('/fr/');
    expect((await fr.send('POST', '/api/popup/subscribe', { email: 'abonnee@example.fr', language: 'fr' })).status).toBe(200);
    const en = new TestVisitor(worker, '198.51.100.195');
    await en.visit('/');
    expect((await en.send('POST', '/api/popup/subscribe', { email: 'reader@example.com', language: 'en-US' })).status).toBe(200);
    const stored = await worker.db.prepare('SELECT email, language FROM mailing_list_subscribers WHERE list_id = ? ORDER BY email').bind(listId).all();
    expect(stored.results).toEqual([{ email: 'abonnee@example.fr', language: 'fr' }, { email: 'reader@example.com', language: null }]);
    await worker.db.prepare("UPDATE mailing_list_subscribers SET status = 'confirmed', confirmed_on = 1 WHERE list_id = ?").bind(listId).run();
    // A confirmed subscriber signing up again from an English page keeps the language confirmed in.
    const again = new TestVisitor(worker, '198.51.100.196');
    await again.visit('/');
    expect((await again.send('POST', '/api/popup/subscribe', { email: 'abonnee@example.fr', language: 'en-US' })).status).toBe(200);
    expect((await worker.db.prepare('SELECT language FROM mailing_list_subscribers WHERE list_id = ? AND email = ?').bind(listId, 'abonnee@example.fr').first())!.language).toBe('fr');

    const campaign = (await ownerCall('POST', '/api/owner/campaigns', { subject: 'Spring kiln', listId })).json.campaign;
    expect((await ownerCall('POST', `/api/owner/campaigns/${campaign.id}/send`, undefined, { 'If-Match': '"1"' })).json.campaign.state).toBe('sending');
    // Two Cron runs at once: the batch inserts each mail only while its recipient is pending.
    await Promise.all([worker.scheduled('* * * * *'), worker.scheduled('* * * * *')]);
    const mails = await worker.db
      .prepare("SELECT to_address AS \"to\", text_body AS text, html_body AS html FROM mail_outbox WHERE kind = 'campaign' AND to_address IN ('abonnee@example.fr', 'reader@example.com') ORDER BY to_address")
      .all<{ to: string; text: string; html: string }>();
    expect(mails.results.map((m) => m.to)).toEqual(['abonnee@example.fr', 'reader@example.com']);
    const [french, english] = mails.results as unknown as [{ text: string; html: string }, { text: string; html: string }];
    const title = (await worker.db.prepare('SELECT title FROM websites WHERE is_default = 1').first<{ title: string }>())!.title;
    const escaped = title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

    expect(french.html.startsWith('<!doctype html><html lang="fr">')).toBe(true);
    expect(french.html).toContain(`>Vous recevez cet e-mail parce que vous êtes abonné(e) à ${escaped}. <a href="http://localhost/fr/newsletter/unsubscribe?s=`);
    expect(french.html).toMatch(/style="color:#7a6f66;">Se désabonner<\/a><\/p>/);
    expect(french.text).toMatch(/\n\nSe désabonner\u00a0: http:\/\/localhost\/fr\/newsletter\/unsubscribe\?s=\S+&sig=\S+\n$/);
    expect(english.html.startsWith('<!doctype html><html lang="en">')).toBe(true);
    expect(english.html).toContain(`>You get this mail because you subscribed to ${escaped}. <a href="http://localhost/newsletter/unsubscribe?s=`);
    expect(english.html).toMatch(/style="color:#7a6f66;">Unsubscribe<\/a><\/p>/);
    expect(english.text).toMatch(/\n\nUnsubscribe: http:\/\/localhost\/newsletter\/unsubscribe\?s=\S+&sig=\S+\n$/);

    // The French link opens the French unsubscribe page for that subscriber.
    const link = /(\/fr\/newsletter\/unsubscribe\?s=\S+)\n$/.exec(french.text)![1]!;
    const page = await worker.fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('abonnee@example.fr');
    const counts = (await ownerCall('GET', `/api/owner/campaigns/${campaign.id}`)).json.campaign.counts;
    expect(counts).toMatchObject({ recipients: 2, sent: 2 });
  });
});

describe("the owner's gift-card mail", () => {
  const API = '/api/commerce/owner/gift-cards';
  const mailTo = (to: string) =>
    worker.db.prepare("SELECT subject, text_body AS text FROM mail_outbox WHERE kind = 'gift-card' AND to_address = ?").bind(to).first<{ subject: string; text: string }>();

  it("goes in the recipient's language the owner chose; the primary (or none) word for word; a language the site does not publish is refused", async () => {
    const title = (await worker.db.prepare('SELECT title FROM websites WHERE is_default = 1').first<{ title: string }>())!.title;
    expect((await ownerCall('GET', API)).json.languages).toEqual(['en-US', 'fr']);

    expect((await ownerCall('POST', API, { amountCents: 2500, email: 'cadeau@example.fr', note: 'Bon anniversaire', language: 'fr' })).status).toBe(201);
    const french = (await mailTo('cadeau@example.fr'))!;
    expect(french.subject).toBe(`${title}\u00a0: une carte cadeau pour vous`);
    expect(french.text).toMatch(new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} vous offre une carte cadeau d'une valeur de 25,00\\s\\$US\\.\\n\\nBon anniversaire\\n\\nVotre code\\u00a0: \\S+\\n\\nSaisissez le code au paiement\\u00a0; le solde non dépensé reste sur la carte\\.$`));

    for (const [email, language] of [['gift.primary@example.com', 'en-US'], ['gift.none@example.com', undefined]] as const) {
      expect((await ownerCall('POST', API, { amountCents: 2500, email, ...(language ? { language } : {}) })).status).toBe(201);
      const english = (await mailTo(email))!;
      expect(english.subject).toBe(`${title}: a gift card for you`);
      expect(english.text).toMatch(new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} sent you a gift card worth 25\\.00 USD\\.\\n\\nYour code: \\S+\\n\\nEnter the code at checkout; what is not spent stays on the card\\.$`));
    }

    const refused = await ownerCall('POST', API, { amountCents: 2500, email: 'gift.de@example.com', language: 'de' });
    expect(refused.status).toBe(422);
    expect(refused.json.fields).toEqual({ language: 'Choose one of the languages the site publishes.' });
    expect(await mailTo('gift.de@example.com')).toBeNull();
  });
});
