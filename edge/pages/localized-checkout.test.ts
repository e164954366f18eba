import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteUser, signIn, type RunningWorker, type SignedIn } from '../test-support.js';
import { cookieHeader, latestMail, startFrenchSite } from '../api/multilingual/test-french.js';
import { setStock, variantOf } from '../api/commerce/test-catalog.js';
import { TestVisitor } from '../api/commerce/test-visitor.js';
import { addOne, placeOrder } from '../api/commerce/test-checkout.js';
import { RESTOCK_PATH, soldOutMoonJar } from '../api/restock/test-restock.js';

/**
 * Issue 29 second slice on the real worker: a French shopper's cart, checkout and order
 * confirmation pages, the order recording the language, and its confirmation mail (an
 * outbox row) in French with French money; an English order stays English.
 */
let worker: RunningWorker;
let owner: SignedIn;

beforeAll(async () => {
  ({ worker, owner } = await startFrenchSite());
  await setStock(worker.db, 'FK-MUG-08-OAT', 100);
}, 120_000);
afterAll(() => worker?.dispose());

async function shopper(ip: string): Promise<TestVisitor> {
  const v = new TestVisitor(worker, ip);
  await v.visit('/fr/');
  const variant = await variantOf(worker.db, 'FK-MUG-08-OAT');
  expect((await addOne(v, variant.itemId, 'FK-MUG-08-OAT', 2)).status).toBe(200);
  return v;
}

const html = async (v: TestVisitor, path: string) => {
  const res = await worker.fetch(path, { headers: { Cookie: cookieHeader(v.jar) } });
  return { status: res.status, language: res.headers.get('content-language'), html: await res.text() };
};

const mailOf = (orderId: string) =>
  worker.db
    .prepare(`SELECT m.subject, m.text_body AS text, m.html_body AS html FROM mail_outbox m JOIN orders o ON o.email = m.to_address WHERE o.id = ? AND m.kind = 'order-confirmation' ORDER BY m.created_on DESC LIMIT 1`)
    .bind(orderId)
    .first<{ subject: string; text: string; html: string }>();

const mailTo = (to: string, kind: string) => latestMail(worker, to, kind);

describe('a French shopper', () => {
  it('sees the cart and checkout in French, with French money and links under /fr/', async () => {
    const v = await shopper('198.51.100.61');
    const cart = await html(v, '/fr/cart');
    expect(cart.status).toBe(200);
    expect(cart.language).toBe('fr');
    expect(cart.html).toContain('<h1>Votre panier</h1>');
    expect(cart.html).toContain('Sous-total (2 articles)');
    expect(cart.html).toContain('La livraison et les taxes sont calculées au paiement.');
    expect(cart.html).toContain('<a class="button" href="/fr/checkout">Paiement</a>');
    expect(cart.html).toMatch(/72,00[\s\u00a0\u202f]\$/);
    expect(cart.html).not.toContain('Your cart');
    // The island gets the same words, and the checkout link under the prefix.
    const props = /data-prop-texts="([^"]*)"/.exec(cart.html)![1]!.replaceAll('&quot;', '"').replaceAll('&#34;', '"');
    expect(JSON.parse(props)).toMatchObject({ cartTitle: 'Votre panier', checkoutUrl: '/fr/checkout', homeUrl: '/fr/' });

    const checkout = await html(v, '/fr/checkout');
    expect(checkout.status).toBe(200);
    expect(checkout.html).toContain('<h1>Paiement</h1>');
    expect(checkout.html).toContain('Récapitulatif de la commande');
    expect(checkout.html).not.toContain('Order summary');

    // The English pages of the same visitor stay English.
    const en = await html(v, '/cart');
    expect(en.html).toContain('<h1>Your cart</h1>');
    expect(en.html).toContain('Subtotal (2 items)');
  });

  it('places an order: the language is recorded, the confirmation page and mail are French', async () => {
    const v = await shopper('198.51.100.62');
    const placed = await placeOrder(v, { extra: { email: 'amelie@example.fr', language: 'fr' } });
    expect(placed.status).toBe(201);
    expect(placed.json.order.language).toBe('fr');
    expect(placed.json.confirmationUrl).toMatch(/^\/fr\/order-confirmed\?order=/);
    const number = placed.json.order.orderNumber as number;

    const page = await html(v, placed.json.confirmationUrl);
    expect(page.status).toBe(200);
    expect(page.language).toBe('fr');
    expect(page.html).toContain(`<h1>Merci\u00a0! La commande n°\u00a0${number} est confirmée.</h1>`);
    expect(page.html).toContain('Une confirmation a été envoyée à amelie@example.fr.');
    expect(page.html).toContain('<dt class="order-totals-subtotal">Sous-total</dt>');
    expect(page.html).toMatch(/72,00[\s\u00a0\u202f]\$/);

    const row = await worker.db.prepare('SELECT language FROM orders WHERE id = ?').bind(placed.json.order.id).first<{ language: string | null }>();
    expect(row!.language).toBe('fr');
    const mail = await mailOf(placed.json.order.id);
    expect(mail!.subject).toBe(`Fern & Kiln\u00a0: commande n°\u00a0${number} confirmée`);
    expect(mail!.text).toContain(`Merci pour votre commande n°\u00a0${number}.`);
    // The product's French name, money in the fr format ('72,00 $US'), the status link under /fr/.
    expect(mail!.text).toMatch(/^2 × Tasse en grès moucheté \(FK-MUG-08-OAT\) — 72,00[\s\u00a0\u202f]\$US$/m);
    expect(mail!.text).toMatch(/^Sous-total\u00a0: 72,00[\s\u00a0\u202f]\$US$/m);
    expect(mail!.text).toMatch(/^Total\u00a0: 72,00[\s\u00a0\u202f]\$US$/m);
    expect(mail!.text).toMatch(/^Suivi de commande\u00a0: http:\/\/localhost\/fr\/order-status\?order=/m);
    expect(mail!.html).toContain('Voir le suivi de votre commande');
    expect(mail!.text).not.toMatch(/Thank you|Subtotal/);
    // The order-status page's words in French too (lang15); the English page as before.
    const link = /http:\/\/localhost(\/fr\/order-status\?order=[^\s]+)/m.exec(mail!.text)![1]!;
    const status = await html(v, link);
    expect(status.html).toMatch(/<p class="order-state">Statut\u00a0: \S+<\/p>/);
    expect(status.html).toMatch(/<p class="order-total">Total\u00a0: <strong>72,00/);
    const english = await html(v, link.replace(/^\/fr/, ''));
    expect(english.html).toMatch(/<p class="order-state">Status: \S+<\/p>/);
    expect(english.html).toContain('<p class="order-total">Total: <strong>$72.00</strong></p>');
  });

  it("the shipping mail of a French order is French (the order's language; store texts)", async () => {
    const v = await shopper('198.51.100.65');
    const placed = await placeOrder(v, { extra: { email: 'basile@example.fr', language: 'fr' } });
    expect(placed.status).toBe(201);
    const number = placed.json.order.orderNumber as number;
    const res = await worker.fetch(`/api/commerce/owner/orders/${number}/fulfilments`, {
      method: 'POST',
      headers: { ...owner.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ carrier: 'La Poste', trackingNumber: '6A123' }),
    });
    expect(res.status, await res.text()).toBe(201);
    const mail = await worker.db
      .prepare("SELECT subject, text_body AS text FROM mail_outbox WHERE to_address = 'basile@example.fr' AND kind = 'order-shipped'")
      .first<{ subject: string; text: string }>();
    expect(mail!.subject).toBe(`Fern & Kiln\u00a0: la commande n°\u00a0${number} a été expédiée`);
    expect(mail!.text).toContain(`Bonne nouvelle\u00a0: des articles de votre commande n°\u00a0${number} sont en route.`);
    expect(mail!.text).toContain('Transporteur\u00a0: La Poste\nNuméro de suivi\u00a0: 6A123');
    // The product by its French title (the order line keeps the English name).
    expect(mail!.text).toContain('2 × Tasse en grès moucheté (FK-MUG-08-OAT)');
    // Its review request (sent later) is French too, naming the product in French.
    const asked = await mailTo('basile@example.fr', 'review-request');
    expect(asked!.subject).toBe(`Fern & Kiln\u00a0: que pensez-vous de votre commande n°\u00a0${number}\u00a0?`);
    expect(asked!.text).toContain(`Merci pour votre commande n°\u00a0${number}. Que pensez-vous de vos achats\u00a0?`);
    expect(asked!.text).toMatch(/^Tasse en grès moucheté\u00a0: http:\/\/localhost\/fr\/reviews\/request\?token=/m);
  });

  it("a French order's refund mail names the amount in French money and the product in French", async () => {
    const v = await shopper('198.51.100.66');
    const placed = await placeOrder(v, { extra: { email: 'chloe@example.fr', language: 'fr' } });
    expect(placed.status).toBe(201);
    const number = placed.json.order.orderNumber as number;
    const line = placed.json.order.items[0].lineId as string;
    const res = await worker.fetch(`/api/commerce/owner/orders/${number}/refunds`, {
      method: 'POST',
      headers: { ...owner.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ lines: [{ lineId: line, quantity: 1 }], requestId: `refund-${number}` }),
    });
    expect(res.status, await res.text()).toBe(201);
    const mail = await mailTo('chloe@example.fr', 'order-refunded');
    expect(mail!.subject).toBe(`Fern & Kiln\u00a0: remboursement de la commande n°\u00a0${number}`);
    expect(mail!.text).toMatch(new RegExp(`^Nous avons remboursé 36,00[\\s\u00a0\u202f]\\$US pour votre commande n°\u00a0${number}\\.$`, 'm'));
    expect(mail!.text).toContain('1 × Tasse en grès moucheté (FK-MUG-08-OAT)');
    expect(mail!.text).not.toMatch(/USD|Speckled/);
  });

  it('a gift card bought in French is mailed in French: texts, the card by its French title, French money', async () => {
    const gift = await variantOf(worker.db, 'FK-GC-050');
    const saved = await worker.fetch('/api/multilingual/translations', {
      method: 'PUT',
      headers: { ...owner.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ kind: 'product', entityId: gift.itemId, fieldKey: 'title', language: 'fr', text: 'Carte cadeau Fern & Kiln', status: 'done' }),
    });
    expect(saved.status, await saved.text()).toBe(200);
    const v = new TestVisitor(worker, '198.51.100.67');
    await v.visit('/fr/');
    const fields = JSON.stringify({ recipient: 'Zoé', message: 'Bon anniversaire' });
    expect((await v.send('POST', '/api/commerce/shopping-cart/entries', { itemId: gift.itemId, sku: 'FK-GC-050', quantity: 1, additionalFields: fields })).status).toBe(200);
    const placed = await placeOrder(v, { address: undefined, extra: { email: 'denis@example.fr', language: 'fr' } });
    expect(placed.status, JSON.stringify(placed.json)).toBe(201);
    const number = placed.json.order.orderNumber as number;
    const mail = await mailTo('denis@example.fr', 'gift-card');
    expect(mail!.subject).toBe(`Fern & Kiln\u00a0: votre carte cadeau (commande n°\u00a0${number})`);
    expect(mail!.text).toContain(`Voici la carte cadeau de la commande n°\u00a0${number}.`);
    expect(mail!.text).toMatch(/^Carte cadeau Fern & Kiln\u00a0: [A-HJ-NP-Z2-9]{4}(?:-[A-HJ-NP-Z2-9]{4}){3} — 50,00[\s\u00a0\u202f]\$US$/m);
  });

  it("the cart API answers in the visitor's language (the language cookie): titles, option names and values, with fallback", async () => {
    const v = await shopper('198.51.100.68');
    expect(v.cookie('atelier-language')).toBe('fr');
    const fr = await v.send('GET', '/api/commerce/shopping-cart');
    expect(fr.status).toBe(200);
    const entry = fr.json.shoppingCart.entries[0];
    expect(entry.title).toBe('Tasse en grès moucheté');
    // Glaze and its value are translated; Size is too, its value '8 oz' is not (the primary's word stays).
    expect(entry.chosenVariant.optionValues).toEqual([{ optionName: 'Taille', value: '8 oz' }, { optionName: 'Émail', value: "Flocon d'avoine" }]);
    expect(entry.chosenVariant.attributes).toEqual({ Taille: '8 oz', Émail: "Flocon d'avoine" });
    expect(entry.chosenVariant.sku).toBe('FK-MUG-08-OAT');
    // A write answers in French too (the cart island re-renders from it).
    const changed = await v.send('PUT', `/api/commerce/shopping-cart/entries/${entry.id as string}`, { quantity: 3 });
    expect(changed.json.shoppingCart.entries[0].title).toBe('Tasse en grès moucheté');
    // The French cart page shows the same words.
    const page = await html(v, '/fr/cart');
    expect(page.html).toContain('Tasse en grès moucheté');
    expect(page.html).not.toContain('Speckled Stoneware Mug');
    // Back on an English page: the cookie says the primary, the API answers in English.
    await v.visit('/');
    expect(v.cookie('atelier-language')).toBe('en-US');
    const en = await v.send('GET', '/api/commerce/shopping-cart');
    expect(en.json.shoppingCart.entries[0].title).toBe('Speckled Stoneware Mug');
    expect(en.json.shoppingCart.entries[0].chosenVariant.optionValues).toEqual([{ optionName: 'Size', value: '8 oz' }, { optionName: 'Glaze', value: 'Oatmeal' }]);
  });

  it('an order from an English page, or naming a language the site does not publish, stays English', async () => {
    for (const [ip, language] of [['198.51.100.63', 'en-US'], ['198.51.100.64', 'de']] as const) {
      const v = await shopper(ip);
      const placed = await placeOrder(v, { extra: { email: `en-${ip}@example.com`, language } });
      expect(placed.status).toBe(201);
      expect(placed.json.order.language).toBeUndefined();
      expect(placed.json.confirmationUrl).toMatch(/^\/order-confirmed\?order=/);
      const mail = await mailOf(placed.json.order.id);
      expect(mail!.subject).toMatch(/^Fern & Kiln: order #\d+ confirmed$/);
      expect(mail!.text).toMatch(/Total: \d+\.\d\d USD/);
    }
  });
});

describe('mails not tied to an order go in the recipient language', () => {
  it("a restock notice in the language the shopper signed up under (the page's cookie when the form names none); English for an English sign-up", async () => {
    const { moonJar } = await soldOutMoonJar(worker);
    const fr = new TestVisitor(worker, '198.51.100.70');
    await fr.visit('/fr/shop/moon-jar');
    expect((await fr.send('POST', RESTOCK_PATH, { ...moonJar, email: 'elise@example.fr' })).status).toBe(200);
    const en = new TestVisitor(worker, '198.51.100.71');
    await en.visit('/shop/moon-jar');
    expect((await en.send('POST', RESTOCK_PATH, { ...moonJar, email: 'ed@example.com' })).status).toBe(200);
    const row = await worker.db.prepare("SELECT language FROM restock_signups WHERE email = 'elise@example.fr'").first<{ language: string }>();
    expect(row!.language).toBe('fr');
    await worker.db.prepare('UPDATE variants SET qty_in_stock = 5 WHERE id = ?').bind(moonJar.variantId).run();
    const sent = await worker.fetch(`${RESTOCK_PATH}/send`, { method: 'POST', headers: { ...owner.headers, 'Content-Type': 'application/json' }, body: JSON.stringify(moonJar) });
    expect((await sent.json()).sent).toBe(2);
    // The Moon Jar has no French title: its stored one (fallback), the link under /fr.
    const french = await mailTo('elise@example.fr', 'restock-notice');
    expect(french!.subject).toBe('Moon Jar est de nouveau en stock');
    expect(french!.text).toMatch(/^Bonne nouvelle\u00a0: Moon Jar est de nouveau en stock\.\nhttp:\/\/localhost\/fr\/shop\/moon-jar\n/);
    expect(french!.text).toContain('nous ne vous écrirons plus à ce sujet.');
    const english = await mailTo('ed@example.com', 'restock-notice');
    expect(english!.subject).toBe('Moon Jar is back in stock');
    expect(english!.text).toMatch(/^Good news: Moon Jar is back in stock\.\nhttp:\/\/localhost\/shop\/moon-jar\n/);
  });

  it("a password reset in the account's locale, else the language of the page it was asked from", async () => {
    // No account language: asked from a French page.
    await createSiteUser(worker, { email: 'fanny@example.fr', password: 'Fanny-pass-2026' });
    const v = new TestVisitor(worker, '198.51.100.72');
    await v.visit('/fr/');
    expect((await v.send('POST', '/api/site-users/account/password-reset', { email: 'fanny@example.fr' })).status).toBe(202);
    await expect.poll(async () => (await mailTo('fanny@example.fr', 'password-reset'))?.subject).toBe('Réinitialisez votre mot de passe pour Fern & Kiln');
    const mail = await mailTo('fanny@example.fr', 'password-reset');
    expect(mail!.text).toMatch(/^Choisissez un nouveau mot de passe ici\u00a0:\n\nhttp:\/\/localhost\/fr\/account\/reset\/confirm\?token=[\w-]+\n\nLe lien est valable une heure\./);
    // The account's language (SPEC §7 POST /api/site-users/account/locale) wins over an English page.
    await createSiteUser(worker, { email: 'gael@example.fr', password: 'Gael-pass-2026' });
    const gael = await signIn(worker, 'gael@example.fr', 'Gael-pass-2026');
    const set = await worker.fetch('/api/site-users/account/locale', { method: 'POST', headers: { ...gael.headers, 'Content-Type': 'application/json' }, body: JSON.stringify({ language: 'fr' }) });
    expect(set.status).toBe(200);
    const w = new TestVisitor(worker, '198.51.100.73');
    await w.visit('/account/reset');
    expect((await w.send('POST', '/api/site-users/account/password-reset', { email: 'gael@example.fr' })).status).toBe(202);
    await expect.poll(async () => (await mailTo('gael@example.fr', 'password-reset'))?.subject).toBe('Réinitialisez votre mot de passe pour Fern & Kiln');
    // Neither: English.
    await createSiteUser(worker, { email: 'hank@example.com', password: 'Hank-pass-2026' });
    const x = new TestVisitor(worker, '198.51.100.74');
    await x.visit('/account/reset');
    expect((await x.send('POST', '/api/site-users/account/password-reset', { email: 'hank@example.com' })).status).toBe(202);
    await expect.poll(async () => (await mailTo('hank@example.com', 'password-reset'))?.subject).toBe('Reset your password for Fern & Kiln');
  });
});
