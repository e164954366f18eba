import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spendBudget, type RunningWorker, type SignedIn } from '../test-support.js';
import { startFrenchSite } from '../api/multilingual/test-french.js';
import { TestVisitor } from '../api/forms/test-visitor.js';
import { TestVisitor as Shopper } from '../api/commerce/test-visitor.js';
import { FORM_MESSAGES as M } from '../../domain/messages/form-messages.js';
import { RESTOCK_MESSAGES as R, RESTOCK_WORDING } from '../../domain/messages/restock-messages.js';
import { CART_MESSAGES } from '../../domain/messages/cart-messages.js';
import { RESTOCK_PATH, soldOutMoonJar, type SoldOutVariant } from '../api/restock/test-restock.js';

/**
 * Issue 29, the last English words around forms on the real worker: the key API's 429, the
 * no-JS 404 page, the additional-fields dialog's words and the cart API's answers check, the
 * bot check's texts and the honeypot label, the restock form and its API, each in French
 * under /fr (seeded in fixtures/demo/translations.json `systemTexts`) and unchanged in English.
 */
let worker: RunningWorker;
let owner: SignedIn;
let moonJar: SoldOutVariant;

const FR = {
  status429: "Impossible d'envoyer le formulaire\u00a0: trop d'envois. Veuillez réessayer plus tard.",
  status404: "Ce formulaire n'a pas encore été configuré.",
  required: 'Obligatoire',
  invalidFields: 'Un ou plusieurs champs ne sont pas valides, veuillez vérifier votre saisie.',
  emailBlank: "L'adresse e-mail ne peut pas être vide",
  emailInvalid: "L'adresse e-mail n'est pas valide",
};
const attr = (value: unknown) => JSON.stringify(value).replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

beforeAll(async () => {
  ({ worker, owner } = await startFrenchSite({ PAGE_CACHE: 'off', CAPTCHA_PROVIDER: 'local' }));
  await worker.db.prepare("UPDATE websites SET captcha_site_key = 'lang-site-key'").run();
  ({ moonJar } = await soldOutMoonJar(worker));
}, 120_000);
afterAll(() => worker?.dispose());

describe('form API refusals in the visitor language', () => {
  it('FormSubmissionKey past its budget answers 429 in French for a visitor of /fr, in English otherwise', async () => {
    const fr = await TestVisitor.arrive(worker, '/fr/contact');
    const { refused } = await spendBudget(40, () => fr.req('POST', '/api/form/FormSubmissionKey', ''));
    expect(refused?.status).toBe(429);
    expect(refused?.json.message).toBe(FR.status429);
    const en = await TestVisitor.arrive(worker, '/contact');
    const english = await spendBudget(40, () => en.req('POST', '/api/form/FormSubmissionKey', ''));
    expect(english.refused?.status).toBe(429);
    expect(english.refused?.json.message).toBe(M.status429);
  });

  it('the no-JS post to a form that does not exist: a French 404 page under /fr, the English one otherwise', async () => {
    const v = await TestVisitor.arrive(worker, '/fr/contact');
    const form = { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' };
    const fr = await v.req('POST', '/fr/forms/no-such-form', 'pagePath=%2Ffr%2Fcontact', form);
    expect(fr.status).toBe(404);
    expect(fr.text).toContain('<html lang="fr">');
    expect(fr.text).toContain('<title>Formulaire introuvable</title>');
    expect(fr.text).toContain(`<p>${FR.status404}</p>`);
    const en = await v.req('POST', '/forms/no-such-form', 'pagePath=%2Fcontact', form);
    expect(en.status).toBe(404);
    expect(en.text).toContain('<html lang="en">');
    expect(en.text).toContain('<title>Form not found</title>');
    expect(en.text).toContain(M.status404);
  });
});

describe('bot check and honeypot in the page language', () => {
  it('a /fr page gives the form and the page the French bot-check texts and labels the honeypot in French; English pages as before', async () => {
    const fr = (await (await worker.fetch('/fr/contact?format=json')).json()) as { website: { captchaSettings: Record<string, unknown> }; collection: { form: { captcha: Record<string, unknown>; messages: Record<string, string> } } };
    const texts = { siteKeyMissing: 'Clé de site ReCaptcha Enterprise V3 introuvable', notSetUp: "ReCaptcha n'a pas été configuré\u00a0!", protectedBy: 'Ce formulaire est protégé par reCAPTCHA.', notARobot: 'Je ne suis pas un robot' };
    expect(fr.website.captchaSettings).toEqual({ siteKey: 'lang-site-key', provider: 'local', texts });
    expect(fr.collection.form.captcha).toMatchObject({ siteKey: 'lang-site-key', texts });
    expect(fr.collection.form.messages.honeypotLabel).toBe('Laissez ce champ vide');
    expect(await (await worker.fetch('/fr/contact')).text()).toContain('<label>Laissez ce champ vide <input type="text" name="hp-website"');
    const en = (await (await worker.fetch('/contact?format=json')).json()) as { website: { captchaSettings: Record<string, unknown> }; collection: { form: { captcha: Record<string, unknown> } } };
    expect(en.website.captchaSettings).toEqual({ siteKey: 'lang-site-key', provider: 'local' });
    expect(en.collection.form.captcha).not.toHaveProperty('texts');
    expect(await (await worker.fetch('/contact')).text()).toContain('<label>Leave this empty <input type="text" name="hp-website"');
  });
});

describe('additional fields in the page language', () => {
  it("a /fr product page gives the dialog its French words beside the owner's form, left as it is; the English page none", async () => {
    type Ctx = { item: { id: string; structuredContent: { variants: { sku: string }[]; additionalFieldsForm: { name: string; fields: { title: string }[]; texts?: Record<string, string> } } } };
    const fr = (await (await worker.fetch('/fr/shop/intro-wheel-workshop?format=json')).json()) as Ctx;
    const form = fr.item.structuredContent.additionalFieldsForm;
    expect(form.texts).toEqual({ required: 'Obligatoire', select: 'Choisir', firstName: 'Prénom', lastName: 'Nom', save: 'Enregistrer', saving: 'Enregistrement…', unknownField: "Cet article n'a pas de tel champ." });
    expect(form.name).toBe('Workshop details');
    expect(form.fields[0]!.title).toBe('Attendee name');
    const en = (await (await worker.fetch('/shop/intro-wheel-workshop?format=json')).json()) as Ctx;
    expect(en.item.structuredContent.additionalFieldsForm).not.toHaveProperty('texts');
  });

  it('the cart API refuses missing or unknown answers in French for a visitor of /fr, in English otherwise', async () => {
    const ctx = (await (await worker.fetch('/shop/intro-wheel-workshop?format=json')).json()) as { item: { id: string; structuredContent: { variants: { sku: string }[] } } };
    const entry = { itemId: ctx.item.id, sku: ctx.item.structuredContent.variants[0]!.sku, quantity: 1, additionalFields: JSON.stringify({ experience: 'Never', shoe: '42' }) };
    const fr = new Shopper(worker, '198.51.100.111');
    await fr.visit('/fr/');
    const refused = await fr.send('POST', '/api/commerce/shopping-cart/entries', entry);
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ error: 'invalid_fields', message: FR.invalidFields, errors: { 'attendee-name': FR.required, shoe: "Cet article n'a pas de tel champ." } });
    const en = new Shopper(worker, '198.51.100.112');
    await en.visit('/');
    const english = await en.send('POST', '/api/commerce/shopping-cart/entries', entry);
    expect(english.status).toBe(400);
    expect(english.json).toMatchObject({ error: 'invalid_fields', message: M.invalidFields, errors: { 'attendee-name': M.required, shoe: CART_MESSAGES.additionalFieldUnknown } });
  });
});

describe('restock sign-up in the page language', () => {
  it("the /fr product page renders the restock form in French with the island's French messages; the English page as before", async () => {
    const fr = (await new TestVisitor(worker).req('GET', '/fr/shop/moon-jar')).text;
    expect(fr).toContain('<span class="product-restock-cta">Recevez un e-mail dès que ce produit est de nouveau en stock</span>');
    expect(fr).toContain('placeholder="Adresse e-mail"');
    expect(fr).toContain(`value="S'inscrire"`);
    expect(fr).toContain(`data-texts="${attr({ emailBlank: FR.emailBlank, emailInvalid: FR.emailInvalid, failed: "Impossible d'envoyer le formulaire. Veuillez réessayer plus tard.", captchaIncomplete: "Complétez le CAPTCHA avant d'envoyer le formulaire.", signedUp: 'Inscription confirmée\u00a0!', variantGone: "Ce produit n'est plus disponible." })}"`);
    const en = (await new TestVisitor(worker).req('GET', '/shop/moon-jar')).text;
    expect(en).toContain(`<span class="product-restock-cta">${RESTOCK_WORDING.CTAText}</span>`);
    expect(en).toContain(`placeholder="${RESTOCK_WORDING.placeholderText}"`);
    expect(en).not.toContain('data-texts=');
  });

  it('the restock API answers in the language the sign-up names (else the cookie); English otherwise', async () => {
    const v = await TestVisitor.arrive(worker, '/fr/shop/moon-jar');
    expect(await v.req('POST', RESTOCK_PATH, { ...moonJar, language: 'fr', email: ' ' })).toMatchObject({ status: 400, json: { message: FR.emailBlank, fields: { email: FR.emailBlank } } });
    // The cookie of the /fr page, with no `language` in the body.
    expect(await v.req('POST', RESTOCK_PATH, { ...moonJar, email: 'nope' })).toMatchObject({ status: 400, json: { message: FR.emailInvalid } });
    expect(await v.req('POST', RESTOCK_PATH, { ...moonJar, language: 'fr', email: 'zoe@example.fr' })).toMatchObject({ status: 400, json: { message: "Complétez le CAPTCHA avant d'envoyer le formulaire." } });
    const en = await TestVisitor.arrive(worker, '/shop/moon-jar');
    expect(await en.req('POST', RESTOCK_PATH, { ...moonJar, email: ' ' })).toMatchObject({ status: 400, json: { message: R.emailBlank } });
    expect(await en.req('POST', RESTOCK_PATH, { ...moonJar, language: 'en-US', email: 'nope' })).toMatchObject({ status: 400, json: { message: R.emailInvalid } });
  });

  it('past its budget the restock API answers 429 in French for a French sign-up', async () => {
    const v = await TestVisitor.arrive(worker, '/fr/shop/moon-jar');
    const { refused } = await spendBudget(40, () => v.req('POST', RESTOCK_PATH, { ...moonJar, language: 'fr', email: 'nope' }));
    expect(refused).toMatchObject({ status: 429, json: { message: "Impossible d'envoyer le formulaire. Veuillez réessayer plus tard." } });
  });
});

describe('the owner sees these texts to translate', () => {
  it('under the bot check, restock form and additional-fields titles, all done for the demo French', async () => {
    const list = await worker.fetch('/api/multilingual/translations?language=fr', { headers: owner.headers });
    const { texts } = (await list.json()) as { texts: { entityId: string; fieldKey: string; entityTitle: string; status: string }[] };
    const of = (entityId: string) => texts.filter((t) => t.entityId === entityId);
    expect(of('captcha-messages').map((t) => t.entityTitle)).toEqual(Array(4).fill('Bot check (CAPTCHA)'));
    expect(of('restock-messages')).toHaveLength(Object.keys(RESTOCK_WORDING).length + Object.keys(R).length);
    expect(of('restock-messages')[0]!.entityTitle).toBe('Restock sign-up form');
    expect(of('additional-fields')[0]!.entityTitle).toBe('Product additional-fields form');
    expect(of('form-messages').find((t) => t.fieldKey === 'notFoundTitle')).toMatchObject({ entityTitle: 'Form messages', status: 'done' });
    expect(texts.filter((t) => ['captcha-messages', 'restock-messages', 'additional-fields'].includes(t.entityId)).every((t) => t.status === 'done')).toBe(true);
  });
});

describe("the promo popup's bot check in the page language (lang15)", () => {
  it('a /fr page gives the popup the French bot-check texts; English pages as before', async () => {
    const send = async (method: string, path: string, body: unknown, ifMatch: string) =>
      worker.fetch(path, { method, headers: { ...owner.headers, 'Content-Type': 'application/json', 'If-Match': ifMatch }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const current = (await (await worker.fetch('/api/owner/popup', { headers: owner.headers })).json()) as { revision: number };
    const design = { enabled: true, imageUrl: '', imageAlt: '', heading: 'Ten percent off', text: 'Join us.', action: { kind: 'link', label: 'Shop', url: '/shop' }, trigger: { kind: 'delay', seconds: 5 }, pages: { mode: 'all' }, frequency: { mode: 'once' } };
    const saved = await send('PUT', '/api/owner/popup', { design }, `"${current.revision}"`);
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect((await send('POST', '/api/owner/popup/publish', undefined, `"${current.revision + 1}"`)).status).toBe(200);
    const fr = (await (await worker.fetch('/fr/?format=json')).json()) as { promoPopup: { captcha: Record<string, unknown> } };
    expect(fr.promoPopup.captcha).toEqual({ siteKey: 'lang-site-key', provider: 'local', texts: expect.objectContaining({ notARobot: 'Je ne suis pas un robot' }) });
    const en = (await (await worker.fetch('/?format=json')).json()) as { promoPopup: { captcha: Record<string, unknown> } };
    expect(en.promoPopup.captcha).toEqual({ siteKey: 'lang-site-key', provider: 'local' });
  });
});
