import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOwner, jsonOrUndefined, signIn, startWorker, type RunningWorker, type SignedIn } from '../test-support.js';
import { TestVisitor } from '../api/forms/test-visitor.js';
import { RESTOCK_MESSAGES as R, RESTOCK_WORDING } from '../../domain/messages/restock-messages.js';
import { RESTOCK_PATH } from '../api/restock/test-restock.js';

/**
 * Issue 29, an owner's own product wording in the page's language on the real worker: the add
 * button's own text (`customAddButtonText`) and the restock form's own words
 * (`restockNotificationMessages`) are product texts of the translations API, its export and
 * import, and show under /fr on product pages, cards and blocks and in the restock API's
 * answers; English where not translated, and English pages unchanged.
 */
let worker: RunningWorker;
let owner: SignedIn;

interface Text { kind: string; entityId: string; fieldKey: string; source: string; text: string | null; status: string; outdated: boolean }

const TUMBLER_FR = 'Nous vous écrirons dès que le Rouge de fer sera de retour.';
const idOf = async (urlId: string) => (await worker.db.prepare('SELECT id FROM items WHERE url_id = ?').bind(urlId).first<{ id: string }>())!.id;
const html = async (path: string) => (await new TestVisitor(worker).req('GET', path)).text;

async function call(method: string, path: string, body?: unknown) {
  const res = await worker.fetch(`/api/multilingual${path}`, {
    method,
    headers: { ...owner.headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: jsonOrUndefined(await res.text()) };
}

async function productTexts(entityId: string): Promise<Text[]> {
  const { texts } = (await call('GET', '/translations?language=fr')).json as { texts: Text[] };
  return texts.filter((t) => t.kind === 'product' && t.entityId === entityId);
}

/** The sold-out variant of a product (the first with no stock). */
async function soldOut(urlId: string) {
  const productId = await idOf(urlId);
  const row = await worker.db.prepare('SELECT id FROM variants WHERE product_id = ? AND qty_in_stock <= 0 AND unlimited = 0 ORDER BY position LIMIT 1').bind(productId).first<{ id: string }>();
  return { productId, variantId: row!.id };
}

beforeAll(async () => {
  worker = await startWorker({ bindings: { PAGE_CACHE_SITE_TTL_MS: '0', PAGE_CACHE: 'off' } });
  const demo = await demoOwner();
  owner = await signIn(worker, demo.email, demo.password);
}, 120_000);
afterAll(() => worker?.dispose());

describe("the add button's own text", () => {
  it('is a product text: done for the demo workshop, missing for the private session, absent where the product uses the default', async () => {
    const workshop = await productTexts(await idOf('intro-wheel-workshop'));
    expect(workshop.find((t) => t.fieldKey === 'customAddButtonText')).toMatchObject({ source: 'Book a seat', text: 'Réserver une place', status: 'done', outdated: false });
    const session = await productTexts(await idOf('private-studio-session'));
    expect(session.find((t) => t.fieldKey === 'customAddButtonText')).toMatchObject({ source: 'Book now', text: null, status: 'missing' });
    const mug = await productTexts(await idOf('speckled-stoneware-mug'));
    expect(mug.some((t) => t.fieldKey === 'customAddButtonText')).toBe(false);
  });

  it('labels the /fr product page, its island props and the collection cards; English pages as before', async () => {
    const fr = await html('/fr/shop/intro-wheel-workshop');
    expect(fr).toContain('<div class="sqs-add-to-cart-button-inner">Réserver une place</div>');
    expect(fr).toContain('&quot;customAddButtonText&quot;:&quot;Réserver une place&quot;');
    expect(fr).not.toContain('Book a seat');
    const en = await html('/shop/intro-wheel-workshop');
    expect(en).toContain('<div class="sqs-add-to-cart-button-inner">Book a seat</div>');
    expect(en).not.toContain('Réserver une place');
    const shop = await html('/fr/shop');
    expect(shop).toContain('Réserver une place');
    expect(shop).not.toContain('Book a seat');
    // Not translated: the owner's English words.
    expect(shop).toContain('Book now');
    expect(await html('/shop')).toContain('Book a seat');
    // The home page's featured products block.
    expect(await html('/fr/')).toContain('<div class="sqs-add-to-cart-button-inner">Réserver une place</div>');
    expect(await html('/')).toContain('<div class="sqs-add-to-cart-button-inner">Book a seat</div>');
  });

  it('a PUT marks it outdated when the owner changes the English text; export lists it and import saves it', async () => {
    const session = await idOf('private-studio-session');
    const put = await call('PUT', '/translations', { kind: 'product', entityId: session, fieldKey: 'customAddButtonText', language: 'fr', text: 'Réserver maintenant' });
    expect(put.status).toBe(200);
    expect(await html('/fr/shop/private-studio-session')).toContain('<div class="sqs-add-to-cart-button-inner">Réserver maintenant</div>');
    expect(await html('/shop/private-studio-session')).toContain('<div class="sqs-add-to-cart-button-inner">Book now</div>');

    const exported = await worker.fetch('/api/multilingual/translations/export?language=fr&format=json', { headers: owner.headers });
    const file = (await exported.json()) as { texts: { kind: string; entityId: string; fieldKey: string; source: string; text: string | null; status: string }[] };
    const unit = file.texts.find((t) => t.entityId === session && t.fieldKey === 'customAddButtonText');
    expect(unit).toMatchObject({ source: 'Book now', text: 'Réserver maintenant', status: 'done' });
    const xliff = await (await worker.fetch('/api/multilingual/translations/export?language=fr', { headers: owner.headers })).text();
    expect(xliff).toContain(`name="product/${session}/customAddButtonText"`);

    unit!.text = 'Réservez votre séance';
    const imported = await call('POST', '/translations/import', { content: JSON.stringify({ ...file, texts: [unit] }) });
    expect(imported.status, JSON.stringify(imported.json)).toBe(200);
    expect(imported.json.imported).toBe(1);
    expect(await html('/fr/shop/private-studio-session')).toContain('<div class="sqs-add-to-cart-button-inner">Réservez votre séance</div>');

    await worker.db.prepare("UPDATE products SET custom_add_button_text = 'Book a session' WHERE item_id = ?").bind(session).run();
    expect((await productTexts(session)).find((t) => t.fieldKey === 'customAddButtonText')).toMatchObject({ source: 'Book a session', text: 'Réservez votre séance', outdated: true });
  });
});

describe("the restock form's own words", () => {
  it('are product texts (only those the owner set apart from the default wording)', async () => {
    const tumbler = (await productTexts(await idOf('everyday-tumbler'))).filter((t) => t.fieldKey.startsWith('restock:'));
    expect(tumbler).toEqual([expect.objectContaining({ fieldKey: 'restock:successText', source: "We'll let you know when Iron Red is back.", text: TUMBLER_FR, status: 'done' })]);
    const moonJar = (await productTexts(await idOf('moon-jar'))).filter((t) => t.fieldKey.startsWith('restock:'));
    expect(moonJar).toEqual([expect.objectContaining({ fieldKey: 'restock:successText', source: "You're on the list!", status: 'missing' })]);
  });

  it('the /fr page gives the form its translated own words, else the English ones; the default wording stays the system French', async () => {
    const moonJar = await idOf('moon-jar');
    await worker.db.prepare(`UPDATE merchandising SET restock_notification_messages = json_set(restock_notification_messages, '$.CTAText', 'Hear first when the next jar is out of the kiln') WHERE product_id = ?`).bind(moonJar).run();
    const cta = (text: string) => `<span class="product-restock-cta">${text}</span>`;
    // Not translated yet: the owner's English words on the French page too.
    expect(await html('/fr/shop/moon-jar')).toContain(cta('Hear first when the next jar is out of the kiln'));
    expect((await call('PUT', '/translations', { kind: 'product', entityId: moonJar, fieldKey: 'restock:CTAText', language: 'fr', text: 'Soyez prévenu à la sortie du prochain four' })).status).toBe(200);
    const fr = await html('/fr/shop/moon-jar');
    expect(fr).toContain(cta('Soyez prévenu à la sortie du prochain four'));
    expect(fr).toContain('placeholder="Adresse e-mail"');
    // The product form's island gets the product's success text, English where it has no French.
    expect(fr).toContain(`&quot;successText&quot;:&quot;You're on the list!&quot;`);
    const en = await html('/shop/moon-jar');
    expect(en).toContain(cta('Hear first when the next jar is out of the kiln'));
    expect(en).toContain(`placeholder="${RESTOCK_WORDING.placeholderText}"`);
    expect(await html('/fr/shop/everyday-tumbler')).toContain(`&quot;successText&quot;:&quot;${TUMBLER_FR}&quot;`);
  });

  it("the restock API's success answers with the product's text in the sign-up's language, English where not translated", async () => {
    const tumbler = await soldOut('everyday-tumbler');
    const moonJar = await soldOut('moon-jar');
    const v = await TestVisitor.arrive(worker, '/fr/shop/everyday-tumbler');
    expect(await v.req('POST', RESTOCK_PATH, { ...tumbler, language: 'fr', email: 'zoe@example.fr' })).toMatchObject({ status: 200, json: { success: true, message: TUMBLER_FR } });
    // The cookie of the /fr page names the language when the body does not.
    expect(await v.req('POST', RESTOCK_PATH, { ...moonJar, email: 'zoe@example.fr' })).toMatchObject({ status: 200, json: { message: "You're on the list!" } });
    const en = await TestVisitor.arrive(worker, '/shop/everyday-tumbler');
    expect(await en.req('POST', RESTOCK_PATH, { ...tumbler, email: 'sam@example.com' })).toMatchObject({ status: 200, json: { message: "We'll let you know when Iron Red is back." } });
    // A product without its own text: the site's (the demo sets one), else the system's in the language.
    await worker.db.prepare(`UPDATE merchandising SET restock_notification_messages = '{}' WHERE product_id = ?`).bind(tumbler.productId).run();
    const site = (await worker.db.prepare(`SELECT json_extract(store_settings, '$.restockSuccessText') AS text FROM websites LIMIT 1`).first<{ text: string }>())!.text;
    expect(await en.req('POST', RESTOCK_PATH, { ...tumbler, email: 'sam@example.com' })).toMatchObject({ status: 200, json: { message: site } });
    await worker.db.prepare(`UPDATE websites SET store_settings = json_remove(store_settings, '$.restockSuccessText')`).run();
    expect(await en.req('POST', RESTOCK_PATH, { ...tumbler, email: 'sam@example.com' })).toMatchObject({ status: 200, json: { message: R.signedUp } });
    expect(await v.req('POST', RESTOCK_PATH, { ...tumbler, language: 'fr', email: 'zoe@example.fr' })).toMatchObject({ status: 200, json: { message: 'Inscription confirmée\u00a0!' } });
  });
});
