/**
 * Issue 29, the last slices: the newsletter's confirm and unsubscribe pages under /fr for a
 * subscriber who signed up on a French page, the status page's server-side words, and the
 * cart's checkout-choice refusals in the language the cart island sends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFrenchSite, type FrenchSite } from '../api/multilingual/test-french.js';
import { linkIn, queuedMails } from '../api/forms/test-mail-log.js';
import { ageKeys, TestVisitor } from '../api/forms/test-visitor.js';

let site: FrenchSite;
beforeAll(async () => {
  site = await startFrenchSite();
});
afterAll(() => site?.worker.dispose());

async function signUp(email: string, pagePath: string): Promise<void> {
  const v = new TestVisitor(site.worker);
  const form = (await v.req('GET', `${pagePath}?format=json`)).json.newsletterForm as { id: string; fields: { id: string }[] };
  const key = (await v.req('POST', '/api/form/FormSubmissionKey', '')).json.key;
  await ageKeys(site.worker);
  const res = await v.req('POST', '/api/form/SaveFormSubmission', {
    key, formId: form.id, form: JSON.stringify({ [form.fields[0]!.id]: email }), pageTitle: 'Accueil', pagePath,
  });
  expect(res.status, res.text).toBe(200);
}

const mailTo = async (email: string) => (await queuedMails(site.worker)).find((m) => m.to === email && m.kind === 'newsletter-confirmation')!;
const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe('the newsletter pages of a French subscriber', () => {
  it('mails /fr links; the confirm page and its button answer under /fr in French', async () => {
    await signUp('lecteur@example.com', '/fr/');
    const mail = await mailTo('lecteur@example.com');
    const link = linkIn(mail, '/newsletter/confirm');
    expect(link.startsWith('/fr/newsletter/confirm?token=')).toBe(true);
    expect(linkIn(mail, '/newsletter/unsubscribe').startsWith('/fr/newsletter/unsubscribe?s=')).toBe(true);
    const page = await new TestVisitor(site.worker).req('GET', link);
    expect(page.status).toBe(200);
    expect(page.headers.get('Cache-Control')).toBe('no-store');
    expect(page.text).toContain('Confirmer mon abonnement');
    expect(page.text).toContain('action="/fr/newsletter/confirm"');
    expect(page.text).not.toContain('Confirm my subscription');
    const token = new URL(link, 'http://x').searchParams.get('token')!;
    const confirmed = await new TestVisitor(site.worker).req('POST', '/fr/newsletter/confirm', `token=${encodeURIComponent(token)}`, form);
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toContain('Vous êtes abonné');
  });

  it('unsubscribes from the /fr page and shows the result page under /fr in French', async () => {
    await signUp('partant@example.com', '/fr/');
    const link = linkIn(await mailTo('partant@example.com'), '/newsletter/unsubscribe');
    const page = await new TestVisitor(site.worker).req('GET', link);
    expect(page.text).toContain('Se désabonner');
    expect(page.text).toContain('name="language" value="fr"');
    const params = new URL(link, 'http://x').searchParams;
    params.set('language', 'fr');
    const done = await new TestVisitor(site.worker).req('POST', '/api/newsletter/unsubscribe', params.toString(), { ...form, accept: 'text/html' });
    expect(done.status).toBe(303);
    const location = done.headers.get('location')!;
    expect(location.startsWith('/fr/newsletter/unsubscribe?')).toBe(true);
    expect((await new TestVisitor(site.worker).req('GET', location)).text).toContain('Vous êtes désabonné');
  });

  it('keeps the English links and pages for a sign-up on an English page', async () => {
    await signUp('reader@example.com', '/');
    const link = linkIn(await mailTo('reader@example.com'), '/newsletter/confirm');
    expect(link.startsWith('/newsletter/confirm?token=')).toBe(true);
    const page = await new TestVisitor(site.worker).req('GET', link);
    expect(page.text).toContain('Confirm my subscription');
    expect(page.text).toContain('action="/newsletter/confirm"');
  });
});

describe("the status page's words in the page's language", () => {
  it('says a 405 and a refused download link in French under /fr, in English without it', async () => {
    const v = new TestVisitor(site.worker);
    const french = await v.req('POST', '/fr/', 'x=1', { ...form, accept: 'text/html' });
    expect(french.status).toBe(405);
    expect(french.text).toContain('Méthode non autorisée');
    expect(french.text).toContain('Cette adresse peut seulement être consultée, pas recevoir d');
    expect(french.text).not.toContain('Method not allowed');
    const english = await v.req('POST', '/', 'x=1', { ...form, accept: 'text/html' });
    expect(english.status).toBe(405);
    expect(english.text).toContain('Method not allowed');
    const refused = await v.req('GET', '/fr/downloads/not-a-grant?expires=1&sig=AAAA');
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('Lien non valide');
    expect(refused.text).toContain('Utilisez le lien de votre confirmation de commande.');
    const refusedEnglish = await v.req('GET', '/downloads/not-a-grant?expires=1&sig=AAAA');
    expect(refusedEnglish.status).toBe(403);
    expect(refusedEnglish.text).toContain('Link not valid');
  });
});

describe("the cart's checkout choices in the language the checkout island sends", () => {
  const CART = '/api/commerce/shopping-cart';
  it('says a postcode refusal and an empty cart in French with language fr; English without it', async () => {
    const v = await TestVisitor.arrive(site.worker, '/fr/');
    const zip = await v.req('PUT', `${CART}/shipping-location`, { country: 'US', postalCode: '12', language: 'fr' });
    expect(zip.status).toBe(422);
    expect(zip.json).toMatchObject({ message: 'Les codes ZIP comptent 5 chiffres.', fields: { postalCode: 'Les codes ZIP comptent 5 chiffres.' } });
    const english = await v.req('PUT', `${CART}/shipping-location`, { country: 'US', postalCode: '12' });
    expect(english.json).toMatchObject({ message: 'ZIP Codes need to be 5 digits.' });
    for (const [method, path, body] of [
      ['PUT', `${CART}/shipping-option`, { shippingOptionId: 'x', language: 'fr' }],
      ['POST', `${CART}/coupons`, { code: 'SAVE', language: 'fr' }],
      ['POST', `${CART}/gift-card`, { code: 'GIFT', language: 'fr' }],
      ['DELETE', `${CART}/coupons/SAVE?language=fr`, undefined],
    ] as const) {
      const res = await v.req(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.json.message, `${method} ${path}`).toBe('Votre panier est vide.');
    }
    expect((await v.req('POST', `${CART}/gift-card`, { code: 'GIFT' })).json.message).toBe('Your cart is empty.');
  });
});
