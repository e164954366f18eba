import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteUser, signIn, testAddress, type RunningWorker } from '../../test-support.js';
import { cookieHeader, latestMail, startFrenchSite } from '../../api/multilingual/test-french.js';
import { variantOf } from '../../api/commerce/test-catalog.js';
import { addOne, placeOrder } from '../../api/commerce/test-checkout.js';
import { shopper, subscribe } from '../../api/commerce/test-subscription.js';

/**
 * Issue 29: the shopper's account pages under an added language's prefix (`/fr/account/...`):
 * French words (the demo's seeded store texts), `lang` and Content-Language `fr`, forms posting
 * and redirects staying under the prefix, French SPEC §8 messages, the reset mail's link under
 * the prefix working end to end; the English pages as before.
 */
let worker: RunningWorker;
const PASSWORD = 'Localized-pass-2026';

/** A browser-like visitor over HTTP: keeps cookies, posts forms with the crumb field, never follows redirects. */
function visitor() {
  const jar = new Map<string, string>();
  const ip = testAddress();
  return {
    jar,
    async go(path: string, form?: Record<string, string>) {
      const headers: Record<string, string> = { 'CF-Connecting-IP': ip };
      if (jar.size) headers.Cookie = cookieHeader(jar);
      let body: string | undefined;
      if (form) {
        headers['Content-Type'] = 'application/x-www-form-urlencoded';
        body = new URLSearchParams({ crumb: jar.get('crumb') ?? '', ...form }).toString();
      }
      const res = await worker.fetch(path, { method: form ? 'POST' : 'GET', headers, body, redirect: 'manual' });
      for (const line of res.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const name = pair.slice(0, pair.indexOf('=')).trim();
        const value = pair.slice(pair.indexOf('=') + 1).trim();
        if (value === '' || /max-age=0\b/i.test(line)) jar.delete(name);
        else jar.set(name, value);
      }
      return { status: res.status, headers: res.headers, location: res.headers.get('location'), html: await res.text() };
    },
  };
}

const mailTo = (to: string, kind: string) => latestMail(worker, to, kind);

beforeAll(async () => {
  ({ worker } = await startFrenchSite());
}, 120_000);
afterAll(() => worker?.dispose());

describe('account pages under /fr', () => {
  it('each page renders in French with lang="fr", Content-Language, no-store and noindex, its links and forms under /fr', async () => {
    const v = visitor();
    const pages: [string, number, string[]][] = [
      ['/fr/account', 200, ['<h1>Se connecter</h1>', 'action="/fr/account/sign-in"', 'href="/fr/account/sign-up">Créer un compte</a>', 'href="/fr/account/reset">Mot de passe oublié\u00a0?</a>', 'Rester connecté pendant 30 jours']],
      ['/fr/account/sign-up', 200, ['<h1>Créer un compte</h1>', 'action="/fr/account/sign-up"', 'Mot de passe (au moins 8 caractères)', 'Vous avez déjà un compte\u00a0? <a href="/fr/account">Se connecter</a>']],
      ['/fr/account/reset', 200, ['<h1>Réinitialiser votre mot de passe</h1>', 'action="/fr/account/reset"', "M&#39;envoyer un lien"]],
      ['/fr/account/reset/confirm?token=not-a-token', 400, ['<h1>Choisissez un nouveau mot de passe</h1>', "Ce lien n&#39;est pas valide ou a expiré."]],
      ['/fr/account/verify?token=not-a-token', 400, ['<h1>Confirmez votre adresse e-mail</h1>', "Ce lien n&#39;est pas valide ou a expiré."]],
      ['/fr/account/orders/1001', 401, ['Connectez-vous pour voir vos commandes et abonnements.', 'action="/fr/account/sign-in"']],
      ['/fr/account/subscriptions/abc', 401, ['Connectez-vous pour voir vos commandes et abonnements.']],
    ];
    for (const [path, status, words] of pages) {
      const res = await v.go(path);
      expect(res.status, path).toBe(status);
      expect(res.html, path).toMatch(/<html lang="fr"/);
      expect(res.headers.get('content-language'), path).toBe('fr');
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(res.headers.get('x-robots-tag'), path).toContain('noindex');
      for (const w of words) expect(res.html, `${path}: ${w}`).toContain(w);
      // The theme's layout around it, in French (navigation), and no unprefixed account link left.
      expect(res.html, path).toContain('>Boutique</a>');
      expect(res.html, path).not.toMatch(/(?:href|action)="\/account/);
    }
  });

  it('answers 404 under a prefix that is not an added language', async () => {
    expect((await worker.fetch('/de/account')).status).toBe(404);
    expect((await worker.fetch('/xx/account/sign-in')).status).toBe(404);
  });

  it("the header's account link of a French page goes to /fr/account", async () => {
    const home = await (await worker.fetch('/fr/')).text();
    expect(home).toContain('<a class="account-link" href="/fr/account">');
    expect(home).not.toContain('href="/account"');
    expect(await (await worker.fetch('/')).text()).toContain('<a class="account-link" href="/account">');
  });

  it('a failed sign-in re-renders in French with the French error; a good one lands on /fr/account, in French', async () => {
    await createSiteUser(worker, { email: 'odile@example.fr', password: PASSWORD });
    const v = visitor();
    await v.go('/fr/account');
    const wrong = await v.go('/fr/account/sign-in', { email: 'odile@example.fr', password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('content-language')).toBe('fr');
    expect(wrong.html).toContain('E-mail ou mot de passe incorrect.');
    expect(wrong.html).not.toContain('Invalid email or password.');
    expect(wrong.html).toContain('action="/fr/account/sign-in"');
    expect(wrong.html).toContain('value="odile@example.fr"');
    // Without the crumb: the SPEC §8 text in French, the reload link under /fr.
    const noCrumb = await v.go('/fr/account/sign-in', { crumb: '', email: 'odile@example.fr', password: PASSWORD });
    expect(noCrumb.status).toBe(401);
    expect(noCrumb.html).toContain('Votre session a expiré. Veuillez recharger la page et réessayer.');
    expect(noCrumb.html).toContain('<a href="/fr/account/sign-in">Recharger le formulaire</a>');
    const good = await v.go('/fr/account/sign-in', { email: 'odile@example.fr', password: PASSWORD });
    expect(good.status).toBe(303);
    expect(good.location).toBe('/fr/account');
    expect(v.jar.has('SiteUserSession')).toBe(true);
    const mine = await v.go('/fr/account');
    expect(mine.status).toBe(200);
    expect(mine.html).toContain('<h1>Votre compte</h1>');
    expect(mine.html).toContain("Vous n&#39;avez encore passé aucune commande.");
    expect(mine.html).toContain('action="/fr/account/sign-out"');
    const out = await v.go('/fr/account/sign-out', {});
    expect(out.location).toBe('/fr/account');
  });

  it("a signed-in shopper's orders and subscriptions in French, with French money, and a cancel staying under /fr", async () => {
    await createSiteUser(worker, { email: 'paul@example.fr', password: PASSWORD });
    const session = await signIn(worker, 'paul@example.fr', PASSWORD);
    const buyer = await shopper(worker, '198.51.100.91', session);
    const variant = await variantOf(worker.db, 'FK-TUM-SEA');
    expect((await addOne(buyer, variant.itemId, 'FK-TUM-SEA')).status).toBe(200);
    const order = await placeOrder(buyer, { extra: { shippingOptionId: 'us-standard', language: 'fr' } });
    expect(order.status).toBe(201);
    const number = order.json.order.orderNumber as number;
    const subscribed = await subscribe(buyer, worker.db, { email: 'paul@example.fr' });
    expect(subscribed.status).toBe(201);
    const subId = (await worker.db.prepare('SELECT id FROM subscriptions WHERE first_order_id = ?').bind(subscribed.json.order.id).first<{ id: string }>())!.id;

    const v = visitor();
    for (const pair of session.cookie.split('; ')) v.jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    const mine = await v.go('/fr/account');
    expect(mine.html).toContain('<h2>Commandes</h2>');
    expect(mine.html).toContain(`<a href="/fr/account/orders/${number}">#${number}</a>`);
    expect(mine.html).toMatch(new RegExp(`data-order="${number}"><td>.*</td><td>.*</td><td>\\d+,\\d{2}[\\s\\u00a0\\u202f]\\$US</td><td>Payée</td>`));
    expect(mine.html).toContain(`<a href="/fr/account/subscriptions/${subId}">`);
    expect(mine.html).toContain('<td>Actif</td>');
    expect(mine.html).toMatch(/<td>65,00[\s\u00a0\u202f]\$US tous les mois<\/td>/);

    const detail = await v.go(`/fr/account/orders/${number}`);
    expect(detail.status).toBe(200);
    expect(detail.html).toContain(`<h1>Commande n°\u00a0${number}</h1>`);
    expect(detail.html).toContain('<dt>Sous-total</dt>');
    expect(detail.html).toMatch(/<p class="order-total">Total\u00a0: <strong data-order-total>\d+,\d{2}/);
    expect(detail.html).toContain('href="/fr/account">Retour à votre compte</a>');
    expect((await v.go('/fr/account/orders/999999')).html).toContain("Nous n&#39;avons pas trouvé cet élément dans votre compte.");

    const sub = await v.go(`/fr/account/subscriptions/${subId}`);
    // French typography (issue 29): a no-break space before each colon, the plan worded in French.
    expect(sub.html).toContain('État\u00a0: Actif');
    expect(sub.html).toMatch(/<li class="subscription-next">Prochain paiement\u00a0: /);
    expect(sub.html).toMatch(/data-subscription-wording>65,00[\s\u00a0\u202f]\$US tous les mois<\/p>/);
    expect(sub.html).not.toContain('every month');
    expect(sub.html).toContain(`action="/fr/account/subscriptions/${subId}/cancel"`);
    const cancel = await v.go(`/fr/account/subscriptions/${subId}/cancel`, {});
    expect(cancel.status).toBe(303);
    expect(cancel.location).toBe(`/fr/account/subscriptions/${subId}?canceled=1`);
    const canceled = await v.go(cancel.location!);
    expect(canceled.html).toContain('Votre abonnement est résilié. Aucun autre paiement ne sera prélevé.');
    expect(canceled.html).toContain('Résilié');
  });

  it('a reset asked from /fr mails a French link under /fr that sets the new password, then signs in', async () => {
    await createSiteUser(worker, { email: 'rose@example.fr', password: PASSWORD });
    const v = visitor();
    await v.go('/fr/account/reset');
    const asked = await v.go('/fr/account/reset', { email: 'rose@example.fr' });
    expect(asked.status).toBe(202);
    expect(asked.html).toContain('Si un compte utilise cette adresse, nous lui avons envoyé un lien pour choisir un nouveau mot de passe.');
    await expect.poll(async () => (await mailTo('rose@example.fr', 'password-reset'))?.subject).toBe('Réinitialisez votre mot de passe pour Fern & Kiln');
    const mail = await mailTo('rose@example.fr', 'password-reset');
    const link = /http:\/\/localhost\/fr\/account\/reset\/confirm\?token=[\w-]+/.exec(mail!.text)?.[0];
    expect(link, mail!.text).toBeDefined();
    const path = link!.slice('http://localhost'.length);

    const form = await v.go(path);
    expect(form.status).toBe(200);
    expect(form.html).toContain('<h1>Choisissez un nouveau mot de passe</h1>');
    expect(form.html).toContain('action="/fr/account/reset/confirm"');
    const token = new URL(link!).searchParams.get('token')!;
    const short = await v.go('/fr/account/reset/confirm', { token, password: 'short' });
    expect(short.status).toBe(400);
    expect(short.html).toContain('Le mot de passe doit comporter au moins 8 caractères.');
    const saved = await v.go('/fr/account/reset/confirm', { token, password: 'Rose-new-pass-2026' });
    expect(saved.status).toBe(303);
    expect(saved.location).toBe('/fr/account');
    expect((await v.go('/fr/account')).html).toContain('<h1>Votre compte</h1>');

    const again = visitor();
    await again.go('/fr/account');
    expect((await again.go('/fr/account/sign-in', { email: 'rose@example.fr', password: PASSWORD })).status).toBe(401);
    const signedIn = await again.go('/fr/account/sign-in', { email: 'rose@example.fr', password: 'Rose-new-pass-2026' });
    expect(signedIn.status).toBe(303);
    expect(signedIn.location).toBe('/fr/account');
  });

  it('a sign-up from /fr: the account takes French, its verification link is under /fr and signs in there', async () => {
    const v = visitor();
    await v.go('/fr/account/sign-up');
    const done = await v.go('/fr/account/sign-up', { email: 'sacha@example.fr', password: 'Sacha-pass-2026' });
    expect(done.status).toBe(202);
    expect(done.html).toContain('Consultez vos e-mails\u00a0: nous vous avons envoyé un lien pour confirmer votre compte.');
    const mail = await mailTo('sacha@example.fr', 'verify-email');
    const link = /http:\/\/localhost\/fr\/account\/verify\?token=[\w-]+/.exec(mail!.text)?.[0];
    expect(link, mail!.text).toBeDefined();
    expect((await worker.db.prepare('SELECT language FROM site_users WHERE email = ?').bind('sacha@example.fr').first<{ language: string }>())!.language).toBe('fr');
    const confirm = await v.go(link!.slice('http://localhost'.length));
    expect(confirm.html).toContain('Confirmer mon adresse e-mail');
    expect(confirm.html).toContain('action="/fr/account/verify"');
    const verified = await v.go('/fr/account/verify', { token: new URL(link!).searchParams.get('token')! });
    expect(verified.status).toBe(303);
    expect(verified.location).toBe('/fr/account');
    // An English sign-up's link stays unprefixed.
    const en = visitor();
    await en.go('/account/sign-up');
    expect((await en.go('/account/sign-up', { email: 'sam@example.com', password: 'Sam-pass-2026' })).status).toBe(202);
    expect((await mailTo('sam@example.com', 'verify-email'))!.text).toMatch(/http:\/\/localhost\/account\/verify\?token=/);
  });

  it('the English account pages are unchanged', async () => {
    const v = visitor();
    const page = await v.go('/account');
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<html lang="en-US"/);
    expect(page.headers.get('content-language')).toBeNull();
    expect(page.html).toContain('<h1>Sign in</h1>');
    expect(page.html).toContain('action="/account/sign-in"');
    expect(page.html).toContain('New here? <a href="/account/sign-up">Create an account</a>');
    const wrong = await v.go('/account/sign-in', { email: 'nobody@example.com', password: 'whatever-it-is' });
    expect(wrong.status).toBe(401);
    expect(wrong.html).toContain('Invalid email or password.');
  });
});

describe('checkout under /fr', () => {
  // Stripe's return_url: edge/pages/checkout-stripe.test.ts (a worker with Stripe keys takes no test cards).
  it("the test-card order's confirmation stays under /fr", async () => {
    const buyer = await shopper(worker, '198.51.100.92');
    const variant = await variantOf(worker.db, 'FK-TUM-SEA');
    expect((await addOne(buyer, variant.itemId, 'FK-TUM-SEA')).status).toBe(200);
    const placed = await placeOrder(buyer, { extra: { shippingOptionId: 'us-standard', language: 'fr' } });
    expect(placed.json.confirmationUrl).toMatch(/^\/fr\/order-confirmed\?order=/);
    const confirmed = await worker.fetch(placed.json.confirmationUrl as string);
    expect(confirmed.status).toBe(200);
    expect(confirmed.headers.get('content-language')).toBe('fr');
  });
});
