import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningWorker, SignedIn } from '../test-support.js';
import { latestMail, startFrenchSite } from '../api/multilingual/test-french.js';
import { ageKeys, TestVisitor } from '../api/forms/test-visitor.js';
import { TestVisitor as Shopper } from '../api/commerce/test-visitor.js';
import { addOne, placeOrder } from '../api/commerce/test-checkout.js';
import { setStock, variantOf } from '../api/commerce/test-catalog.js';
import { FORM_MESSAGES as M } from '../../domain/messages/form-messages.js';

/**
 * Issue 29, form messages and the last English mails, on the real worker: a form posted from a
 * /fr page answers in French (JSON API and the no-JS post), English pages stay English, an
 * untranslated message falls back to English; sign-up mails follow the page's language and
 * the unfinished-order mail the order's. French is seeded (fixtures/demo/translations.json).
 */
let worker: RunningWorker;
let owner: SignedIn;
let formId: string;
let pageId: string;

const FR = {
  required: 'Obligatoire',
  invalidFields: 'Un ou plusieurs champs ne sont pas valides, veuillez vérifier votre saisie.',
  emailInvalid: "L'adresse e-mail n'est pas valide. Elle doit être au format utilisateur@domaine.com.",
};

beforeAll(async () => {
  ({ worker, owner } = await startFrenchSite());
  const ctx = (await (await worker.fetch('/contact?format=json')).json()) as { collection: { id: string; form: { id: string } } };
  formId = ctx.collection.form.id;
  pageId = ctx.collection.id;
}, 120_000);
afterAll(() => worker?.dispose());

/** A JSON submission of the contact form from `pagePath`, by a visitor who opened `arrive` first. */
async function submit(arrive: string, pagePath: string, form: Record<string, unknown>) {
  const v = await TestVisitor.arrive(worker, arrive);
  const key = (await v.req('POST', '/api/form/FormSubmissionKey', '')).json.key as string;
  await ageKeys(worker);
  return v.req('POST', '/api/form/SaveFormSubmission', { key, form: JSON.stringify(form), pageTitle: 'Contact', pageId, contentSource: 'c', pagePath });
}

/** The no-JS post of the contact form to `action` (the form's action on that page). */
async function plainPost(page: string, fields: Record<string, string>) {
  const v = await TestVisitor.arrive(worker, page);
  v.jar.set('crumbAt', String(Date.now() - 20_000));
  const body = new URLSearchParams({ pagePath: '/contact', ...fields }).toString();
  const action = page.startsWith('/fr/') ? `/fr/forms/${formId}` : `/forms/${formId}`;
  return v.req('POST', action, body, { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' });
}

const mailTo = (to: string, kind: string) => latestMail(worker, to, kind);

describe('form messages in the page language', () => {
  it('the French page hands the form island the French messages; the English page none', async () => {
    const fr = (await (await worker.fetch('/fr/contact?format=json')).json()) as { collection: { form: { messages?: Record<string, string>; fields: { type: string; selectText?: string }[] } } };
    expect(fr.collection.form.messages).toMatchObject({ required: FR.required, invalidFields: FR.invalidFields, noticeAbove: expect.stringMatching(/^Votre formulaire/) });
    expect(fr.collection.form.fields.find((f) => f.type === 'select')?.selectText).toBe('Choisissez une option');
    expect((await (await worker.fetch('/fr/contact')).text())).toContain('<option value="">Choisissez une option</option>');
    const en = (await (await worker.fetch('/contact?format=json')).json()) as { collection: { form: Record<string, unknown> } };
    expect(en.collection.form).not.toHaveProperty('messages');
    expect(await (await worker.fetch('/contact')).text()).toContain('<option value="">Select an option</option>');
  });

  it('a required field missing on /fr: the JSON API answers the French messages; from an English page, English', async () => {
    const form = { name: ['Zoé', ''], email: 'zoe@example.fr', topic: 'Workshops', message: '' };
    const fr = await submit('/fr/contact', '/fr/contact', form);
    expect(fr.status).toBe(400);
    expect(fr.json).toMatchObject({ error: 'invalid_fields', message: FR.invalidFields, errors: { name: FR.required, message: FR.required } });
    const en = await submit('/contact', '/contact', form);
    expect(en.status).toBe(400);
    expect(en.json).toEqual({ error: 'invalid_fields', message: M.invalidFields, fields: { name: M.required, message: M.required }, errors: { name: M.required, message: M.required } });
  });

  it('the language cookie decides when the page path has no prefix (as the cart API does)', async () => {
    const res = await submit('/fr/about', '/contact', { name: ['Zoé', 'Martin'], email: 'zoe@example', topic: 'Workshops', message: 'Bonjour' });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ email: FR.emailInvalid });
  });

  it('a required field missing in a no-JS post from /fr: the page again, in French, with the French messages', async () => {
    const res = await plainPost('/fr/contact', { 'name.first': 'Zoé', 'name.last': 'Martin', email: 'zoe@example.fr', topic: 'Workshops', message: '' });
    expect(res.status).toBe(400);
    expect(res.text).toMatch(/<html lang="fr"/);
    expect(res.text.match(new RegExp(`<p class="form-notice form-notice-(above|below)" role="alert">${FR.invalidFields.replaceAll("'", '&#39;')}</p>`, 'g'))).toHaveLength(2);
    expect(res.text).toContain(`<p class="field-error" role="alert">${FR.required}</p>`);
    expect(res.text).not.toContain(M.required);
    const en = await plainPost('/contact', { 'name.first': 'Ada', 'name.last': 'Lovelace', email: 'ada@example.com', topic: 'Workshops', message: '' });
    expect(en.status).toBe(400);
    expect(en.text).toContain(`<p class="field-error" role="alert">${M.required}</p>`);
    expect(en.text).toContain(`<p class="form-notice form-notice-above" role="alert">${M.invalidFields}</p>`);
  });

  it('an untranslated message (here a draft) falls back to English; the owner sees it as draft among the form messages', async () => {
    const put = await worker.fetch('/api/multilingual/translations', {
      method: 'PUT',
      headers: { ...owner.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ kind: 'system', entityId: 'form-messages', fieldKey: 'emailInvalid', language: 'fr', text: 'Adresse invalide (brouillon)', status: 'draft' }),
    });
    expect(put.status, await put.text()).toBe(200);
    const res = await submit('/fr/contact', '/fr/contact', { name: ['Zoé', ''], email: 'zoe@example', topic: 'Workshops', message: 'Bonjour' });
    expect(res.json.errors).toEqual({ name: FR.required, email: M.emailInvalid });
    const list = await worker.fetch('/api/multilingual/translations?language=fr', { headers: owner.headers });
    const { texts } = (await list.json()) as { texts: { entityId: string; fieldKey: string; entityTitle: string; source: string; status: string }[] };
    const messages = texts.filter((t) => t.entityId === 'form-messages');
    expect(messages.map((t) => t.fieldKey).sort()).toEqual(Object.keys(M).sort());
    expect(messages.find((t) => t.fieldKey === 'emailInvalid')).toMatchObject({ entityTitle: 'Form messages', source: M.emailInvalid, status: 'draft' });
    expect(messages.find((t) => t.fieldKey === 'required')).toMatchObject({ source: 'Required', status: 'done' });
  });
});

describe('account mails in the page language', () => {
  it('a sign-up from a French page gets the French verification mail (its link under /fr); an address with an account, the French existing-account mail', async () => {
    const v = await TestVisitor.arrive(worker, '/fr/');
    const email = `zoe-${randomUUID().slice(0, 8)}@example.fr`;
    expect((await v.req('POST', '/api/site-users/account', { email, password: 'correct horse battery' })).status).toBe(202);
    const verify = await mailTo(email, 'verify-email');
    expect(verify!.subject).toBe('Confirmez votre adresse e-mail pour Fern & Kiln');
    expect(verify!.text).toMatch(/^Bienvenue\u00a0! Confirmez votre adresse e-mail pour terminer la création de votre compte\u00a0:\n\nhttp:\/\/localhost\/fr\/account\/verify\?token=[\w-]+\n\nLe lien est valable 24 heures\./);
    expect((await v.req('POST', '/api/site-users/account', { email, password: 'another horse battery' })).status).toBe(202);
    const existing = await mailTo(email, 'sign-up-existing');
    expect(existing!.subject).toBe('Vous avez déjà un compte chez Fern & Kiln');
    expect(existing!.text).toContain("Quelqu'un (probablement vous) a essayé de créer un compte avec cette adresse");
    expect(existing!.text).toContain('Se connecter\u00a0: http://localhost/fr/account\nMot de passe oublié\u00a0? http://localhost/fr/account/reset');
  });

  it('a sign-up from an English page stays English, word for word', async () => {
    const v = await TestVisitor.arrive(worker, '/');
    const email = `ada-${randomUUID().slice(0, 8)}@example.com`;
    expect((await v.req('POST', '/api/site-users/account', { email, password: 'correct horse battery' })).status).toBe(202);
    const verify = await mailTo(email, 'verify-email');
    expect(verify!.subject).toBe('Confirm your email for Fern & Kiln');
    expect(verify!.text).toMatch(/^Welcome! Confirm your email address to finish creating your account:\n\nhttp:\/\/localhost\/account\/verify\?token=[\w-]+\n\nThe link works for 24 hours\. If you did not sign up, ignore this mail\.\n\nFern & Kiln\nhttp:\/\/localhost\/$/);
    expect((await v.req('POST', '/api/site-users/account', { email, password: 'another horse battery' })).status).toBe(202);
    expect((await mailTo(email, 'sign-up-existing'))!.text).toBe(
      'Someone (probably you) tried to create an account with this address, which already has one.\n\nSign in: http://localhost/account\nForgot your password? http://localhost/account/reset\n\nFern & Kiln\nhttp://localhost/',
    );
  });
});

describe('the unfinished-order mail in the order language', () => {
  const SKU = 'FK-MUG-08-OAT';

  /** A French order whose request died right after the payment (a trigger ends its lease), as order-recovery.test.ts does it. */
  async function diedAfterPayment(language: string | undefined, email: string): Promise<string> {
    await setStock(worker.db, SKU, 10);
    const v = new Shopper(worker, '198.51.100.90');
    await v.visit(language ? '/fr/' : '/');
    const variant = await variantOf(worker.db, SKU);
    expect((await addOne(v, variant.itemId, SKU, 2)).status).toBe(200);
    await worker.db
      .prepare(
        `CREATE TRIGGER die_after_payment AFTER UPDATE OF paid_on ON idempotency_keys WHEN OLD.paid_on IS NULL AND NEW.paid_on IS NOT NULL
         BEGIN UPDATE idempotency_keys SET lease_until = 0 WHERE website_id = NEW.website_id AND key = NEW.key; END`,
      )
      .run();
    const res = await placeOrder(v, { extra: { shippingOptionId: 'us-standard', email, ...(language ? { language } : {}) } }).finally(() => worker.db.prepare('DROP TRIGGER die_after_payment').run());
    expect(res.status).toBe(409);
    const row = await worker.db.prepare('SELECT attempt_id AS attemptId FROM idempotency_keys WHERE lease_until = 0 AND order_id IS NULL AND paid_on IS NOT NULL ORDER BY paid_on DESC LIMIT 1').first<{ attemptId: string }>();
    // Its units went back to stock meanwhile: the reconciler cannot finish it and refunds.
    await worker.db.batch([
      worker.db.prepare('DELETE FROM stock_reservations WHERE attempt_id = ?').bind(row!.attemptId),
      worker.db.prepare('UPDATE variants SET qty_in_stock = qty_in_stock + 2 WHERE sku = ?').bind(SKU),
    ]);
    expect((await worker.scheduled('* * * * *')).outcome).toBe('ok');
    return email;
  }

  it('a French order the reconciler refunds: subject, texts, product name and money in French', async () => {
    const email = await diedAfterPayment('fr', `unfinished-${randomUUID().slice(0, 8)}@example.fr`);
    const mail = await mailTo(email, 'order-unfinished');
    expect(mail!.subject).toBe("Fern & Kiln\u00a0: nous n'avons pas pu finaliser votre commande");
    expect(mail!.text).toMatch(/^Nous avons encaissé votre paiement de 80,00[\s\u00a0\u202f]\$US pour la commande ci-dessous/);
    expect(mail!.text).toContain('2 × Tasse en grès moucheté');
    expect(mail!.text).toMatch(/Nous vous remboursons l'intégralité des 80,00[\s\u00a0\u202f]\$US sur la carte utilisée\./);
    expect(mail!.html).toContain('<li>2 × Tasse en grès moucheté</li>');
  });

  it('an English order keeps the English mail', async () => {
    const email = await diedAfterPayment(undefined, `unfinished-${randomUUID().slice(0, 8)}@example.com`);
    const mail = await mailTo(email, 'order-unfinished');
    expect(mail!.subject).toBe('Fern & Kiln: we could not complete your order');
    expect(mail!.text).toBe(
      'We took your payment of 80.00 USD for the order below, but the store could not complete it.\n\n2 × Speckled Stoneware Mug\n\nWe are refunding the full 80.00 USD to the card you paid with. It can take a few days to show on your statement. Nothing else was charged.',
    );
  });
});
