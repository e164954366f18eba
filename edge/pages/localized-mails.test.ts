/**
 * Issue 29 (lang23): the last English mails of a French shopper on the real worker. The
 * newsletter confirmation mail's words follow the sign-up page's language, whether the sign-up
 * came from a newsletter form, the promo popup or the restock form (its links under /fr too);
 * a digital order placed on /fr mails its download links under /fr, named in French; the owner's
 * subscription-cancel notice and the failed sign-ins notice are in the shopper's language. English
 * sign-ups, orders and accounts keep their mails word for word.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteUser, type RunningWorker, type SignedIn } from '../test-support.js';
import { latestMail, newsletterFormSignUp, startFrenchSite } from '../api/multilingual/test-french.js';
import { TestVisitor } from '../api/commerce/test-visitor.js';
import { variantOf } from '../api/commerce/test-catalog.js';
import { placeGiftOrder } from '../api/commerce/test-gift-cards.js';
import { RESTOCK_PATH, soldOutMoonJar } from '../api/restock/test-restock.js';
import { CLUB_SKU, subscribe } from '../api/commerce/test-subscription.js';

let worker: RunningWorker;
let owner: SignedIn;
let list: { id: string; name: string };
let site: string;

beforeAll(async () => {
  ({ worker, owner } = await startFrenchSite());
  list = (await worker.db.prepare('SELECT l.id, l.name FROM mailing_lists l JOIN websites w ON w.id = l.website_id WHERE w.is_default = 1 ORDER BY l.created_on LIMIT 1').first<{ id: string; name: string }>())!;
  site = (await worker.db.prepare('SELECT title FROM websites WHERE is_default = 1').first<{ title: string }>())!.title;
}, 120_000);
afterAll(() => worker?.dispose());

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\&]/g, '\\$&');
const confirmation = (to: string) => latestMail(worker, to, 'newsletter-confirmation');

async function ownerCall(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await worker.fetch(path, { method, headers: { ...owner.headers, 'Content-Type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as Record<string, any> };
}

/** The French confirmation mail: its words, and both links under /fr. */
function expectFrench(mail: { subject: string; text: string } | null): void {
  expect(mail!.subject).toMatch(/^Confirmez votre abonnement à \S/);
  const name = escape(mail!.subject.slice('Confirmez votre abonnement à '.length));
  expect(mail!.text).toMatch(new RegExp(`^Merci de confirmer que vous souhaitez recevoir ${name} de ${escape(site)}\\u00a0:\\nhttp://localhost/fr/newsletter/confirm\\?token=\\S+\\n\\n`));
  expect(mail!.text).toMatch(/\n\nVous ne l'avez pas demandé\u00a0\? Ignorez ce message, ou désabonnez-vous\u00a0: http:\/\/localhost\/fr\/newsletter\/unsubscribe\?s=\S+$/);
}

/** The English mail of before, word for word, its links without a prefix. */
function expectEnglish(mail: { subject: string; text: string } | null): void {
  expect(mail!.subject).toMatch(/^Confirm your subscription to \S/);
  const name = escape(mail!.subject.slice('Confirm your subscription to '.length));
  expect(mail!.text).toMatch(new RegExp(`^Please confirm that you want ${name} from ${escape(site)}:\\nhttp://localhost/newsletter/confirm\\?token=\\S+\\n\\nDid not ask for this\\? Ignore this mail, or unsubscribe: http://localhost/newsletter/unsubscribe\\?s=\\S+$`));
}

describe('the newsletter confirmation mail', () => {
  it("is in French for a sign-up through a French page's newsletter form, in English for an English page's", async () => {
    await newsletterFormSignUp(worker, 'lectrice@example.fr', '/fr/');
    expectFrench(await confirmation('lectrice@example.fr'));
    await newsletterFormSignUp(worker, 'reader.two@example.com', '/');
    expectEnglish(await confirmation('reader.two@example.com'));
  });

  it('follows the language the promo popup sends (else the language cookie), with its links under /fr', async () => {
    const current = (await ownerCall('GET', '/api/owner/popup')).json.revision as number;
    const design = {
      enabled: true, imageUrl: '', imageAlt: '', heading: 'Ten percent off', text: 'Join us.',
      action: { kind: 'newsletter', listId: list.id, buttonLabel: 'Join' }, trigger: { kind: 'delay', seconds: 5 }, pages: { mode: 'all' }, frequency: { mode: 'once' },
    };
    const saved = await ownerCall('PUT', '/api/owner/popup', { design }, { 'If-Match': `"${current}"` });
    expect(saved.status).toBe(200);
    expect((await ownerCall('POST', '/api/owner/popup/publish', undefined, { 'If-Match': `"${saved.json.revision}"` })).status).toBe(200);

    const named = new TestVisitor(worker, '198.51.100.181');
    await named.visit('/fr/');
    expect((await named.send('POST', '/api/popup/subscribe', { email: 'popup.fr@example.fr', language: 'fr' })).status).toBe(200);
    expectFrench(await confirmation('popup.fr@example.fr'));
    // An island of before (no language): the cookie of the French page it was on.
    const cookie = new TestVisitor(worker, '198.51.100.182');
    await cookie.visit('/fr/');
    expect((await cookie.send('POST', '/api/popup/subscribe', { email: 'popup.cookie@example.fr' })).status).toBe(200);
    expectFrench(await confirmation('popup.cookie@example.fr'));
    // The English page's island sends its own tag, which is the primary: English.
    const english = new TestVisitor(worker, '198.51.100.183');
    await english.visit('/');
    expect((await english.send('POST', '/api/popup/subscribe', { email: 'popup.en@example.com', language: 'en-US' })).status).toBe(200);
    expectEnglish(await confirmation('popup.en@example.com'));
  });

  it("is in French for a restock sign-up on the French product page that joins the list; its notice's link is under /fr", async () => {
    const { moonJar } = await soldOutMoonJar(worker);
    const fr = new TestVisitor(worker, '198.51.100.184');
    await fr.visit('/fr/shop/moon-jar');
    expect((await fr.send('POST', RESTOCK_PATH, { ...moonJar, email: 'restock.fr@example.fr', language: 'fr', isJoinMailingList: true })).status).toBe(200);
    expectFrench(await confirmation('restock.fr@example.fr'));
    const en = new TestVisitor(worker, '198.51.100.185');
    await en.visit('/shop/moon-jar');
    expect((await en.send('POST', RESTOCK_PATH, { ...moonJar, email: 'restock.en@example.com', language: 'en-US', isJoinMailingList: true })).status).toBe(200);
    expectEnglish(await confirmation('restock.en@example.com'));

    await worker.db.prepare('UPDATE variants SET qty_in_stock = 5 WHERE id = ?').bind(moonJar.variantId).run();
    expect((await ownerCall('POST', `${RESTOCK_PATH}/send`, moonJar)).json.sent).toBe(2);
    const notice = await latestMail(worker, 'restock.fr@example.fr', 'restock-notice');
    expect(notice!.subject).toBe('Moon Jar est de nouveau en stock');
    expect(notice!.text).toContain('\nhttp://localhost/fr/shop/moon-jar\n');
    expect((await latestMail(worker, 'restock.en@example.com', 'restock-notice'))!.text).toContain('\nhttp://localhost/shop/moon-jar\n');
  });
});

describe('a digital order placed on /fr', () => {
  const GUIDE = 'FK-DIG-GLAZE-GUIDE';
  const FRENCH_TITLE = 'Guide des émaux cône 6';

  async function buyGuide(email: string, prefix: string, ip: string) {
    const v = new TestVisitor(worker, ip);
    await v.visit(`${prefix}/`);
    const guide = await variantOf(worker.db, GUIDE);
    expect((await v.send('POST', '/api/commerce/shopping-cart/entries', { itemId: guide.itemId, sku: null, quantity: 1, additionalFields: null })).status).toBe(200);
    const res = await placeGiftOrder(v, { address: null, extra: { email, ...(prefix ? { language: prefix.slice(1) } : {}) } });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const grant = (await worker.db.prepare('SELECT id FROM download_grants WHERE order_id = ?').bind(res.json.order.id).first<{ id: string }>())!;
    const mail = await worker.db
      .prepare("SELECT subject, text_body AS text, html_body AS html FROM mail_outbox WHERE kind = 'order-confirmation' AND to_address = ?")
      .bind(email)
      .first<{ subject: string; text: string; html: string }>();
    return { confirmation: res.json.confirmationUrl as string, grant, mail: mail! };
  }

  it('mails its download link under /fr with the French title; the link downloads, the page links under /fr too', async () => {
    const guide = await variantOf(worker.db, GUIDE);
    const saved = await ownerCall('PUT', '/api/multilingual/translations', { kind: 'product', entityId: guide.itemId, fieldKey: 'title', language: 'fr', text: FRENCH_TITLE });
    expect(saved.status).toBe(200);
    const { confirmation: page, grant, mail } = await buyGuide('guide.fr@example.fr', '/fr', '198.51.100.186');
    expect(mail.subject).toMatch(/\u00a0: commande n°\u00a0\d+ confirmée$/);
    expect(mail.text).toContain('Vos téléchargements\u00a0:');
    const line = new RegExp(`\\n${FRENCH_TITLE}\\u00a0: http://localhost(/fr/downloads/${grant.id}\\?expires=\\d+&sig=[A-Za-z0-9_-]{43})\\n`).exec(mail.text);
    expect(line, mail.text).not.toBeNull();
    expect(mail.text).not.toContain('http://localhost/downloads/');
    expect(mail.html).toContain(`<a href="http://localhost/fr/downloads/${grant.id}?expires=`);
    const link = line![1]!;
    const file = await worker.fetch(link);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    await file.arrayBuffer();
    // A link altered by hand is refused in French under the prefix.
    const forged = await worker.fetch(link.replace(/sig=./, (s) => (s.endsWith('A') ? 'sig=B' : 'sig=A')));
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain('Lien non valide');
    // The French confirmation page links the download under /fr as well.
    expect(page.startsWith('/fr/order-confirmed?')).toBe(true);
    const html = await (await worker.fetch(page)).text();
    expect(html).toMatch(new RegExp(`href="/fr/downloads/${grant.id}\\?expires=`));
  });

  it('keeps an English order’s download link and words as before', async () => {
    const { confirmation: page, grant, mail } = await buyGuide('guide.en@example.com', '', '198.51.100.187');
    expect(mail.subject).toMatch(/: order #\d+ confirmed$/);
    expect(mail.text).toMatch(new RegExp(`\\nYour downloads:\\nCone 6 Glaze Recipe Guide: http://localhost/downloads/${grant.id}\\?expires=\\d+&sig=[A-Za-z0-9_-]{43}\\n`));
    expect(await (await worker.fetch(page)).text()).toMatch(new RegExp(`href="/downloads/${grant.id}\\?expires=`));
  });
});

describe('other mails a French shopper gets', () => {
  it("the owner's cancel notice of a subscription bought on /fr is in French, once however many clicks; an English one word for word", async () => {
    const club = await variantOf(worker.db, CLUB_SKU);
    expect((await ownerCall('PUT', '/api/multilingual/translations', { kind: 'product', entityId: club.itemId, fieldKey: 'title', language: 'fr', text: 'Club de l’argile' })).status).toBe(200);
    const bought = async (email: string, prefix: string, ip: string) => {
      const v = new TestVisitor(worker, ip);
      await v.visit(`${prefix}/`);
      const res = await subscribe(v, worker.db, { email, ...(prefix ? { extra: { language: 'fr' } } : {}) });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      return (await worker.db.prepare('SELECT id, product_name AS name FROM subscriptions WHERE first_order_id = ?').bind(res.json.order.id).first<{ id: string; name: string }>())!;
    };
    const cancel = (id: string) => ownerCall('POST', `/api/commerce/owner/subscriptions/${id}/cancel`, {});
    const fr = await bought('abonnee@example.fr', '/fr', '198.51.100.188');
    const answers = await Promise.all([cancel(fr.id), cancel(fr.id), cancel(fr.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const mails = await worker.db.prepare("SELECT subject, text_body AS text FROM mail_outbox WHERE kind = 'subscription-canceled' AND to_address = ?").bind('abonnee@example.fr').all<{ subject: string; text: string }>();
    expect(mails.results).toEqual([
      { subject: `${site}\u00a0: votre abonnement à Club de l’argile est résilié`, text: 'La boutique a résilié votre abonnement à Club de l’argile. Aucun autre paiement ne sera prélevé.' },
    ]);

    const en = await bought('subscriber.en@example.com', '', '198.51.100.189');
    expect((await cancel(en.id)).status).toBe(200);
    const english = await latestMail(worker, 'subscriber.en@example.com', 'subscription-canceled');
    expect(english).toMatchObject({ subject: `${site}: your subscription to ${en.name} is canceled`, text: `The store canceled your subscription to ${en.name}. There will be no further payments.` });
  });
});

describe('the notice of failed sign-ins', () => {
  const CRUMB = 'lang23-crumb-0123456789abcdef';
  // From a new address each time, as a guesser rotating addresses: the account-wide budgets are what trip.
  const burst = async (email: string, network: string) => {
    for (let i = 0; i < 25; i++) {
      const r = await worker.fetch('/api/site-users/account/session', {
        method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: `crumb=${CRUMB}`, 'X-CSRF-Token': CRUMB, 'CF-Connecting-IP': `${network}.${i + 1}` }, body: JSON.stringify({ email, password: `guess-${i}`, rememberMe: false }),
      });
      expect([401, 429]).toContain(r.status);
    }
  };

  it("goes in the account's language with its links under /fr; an account without one gets the English notice word for word", async () => {
    await createSiteUser(worker, { email: 'compte.fr@example.fr', password: 'Compte-pass-2026' });
    await worker.db.prepare("UPDATE site_users SET language = 'fr' WHERE email = 'compte.fr@example.fr'").run();
    await burst('compte.fr@example.fr', '203.0.113');
    const french = await worker.db.prepare("SELECT subject, text_body AS text FROM mail_outbox WHERE kind = 'sign-in-failures' AND to_address = ?").bind('compte.fr@example.fr').all<{ subject: string; text: string }>();
    expect(french.results).toEqual([{
      subject: `Échecs de connexion à votre compte sur ${site}`,
      text: [
        `Quelqu'un a essayé de mauvais mots de passe pour votre compte sur ${site} (compte.fr@example.fr).`,
        "Si c'était vous, il n'y a rien à faire. Sinon, votre compte reste sûr tant que votre mot de passe est solide et connu de vous seul\u00a0; vous pouvez en choisir un nouveau ici\u00a0: http://localhost/fr/account/reset",
        'Vous pouvez toujours vous connecter depuis un navigateur que vous avez déjà utilisé.',
        `${site}\nhttp://localhost/fr/`,
      ].join('\n\n'),
    }]);

    await createSiteUser(worker, { email: 'account.en@example.com', password: 'Account-pass-2026' });
    await burst('account.en@example.com', '192.0.2');
    expect(await latestMail(worker, 'account.en@example.com', 'sign-in-failures')).toMatchObject({
      subject: `Failed sign-ins to your account at ${site}`,
      text:
        `Someone has been trying wrong passwords for your account at ${site} (account.en@example.com).\n\n` +
        'If it was you, there is nothing to do. If not, your account is still safe while your password is strong and only yours; ' +
        'you can choose a new one here: http://localhost/account/reset\n\n' +
        `You can still sign in from a browser you used before.\n\n${site}\nhttp://localhost/`,
    });
  });
});
