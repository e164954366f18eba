import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteUser, signIn, testAddress, type RunningWorker, type SignedIn } from '../test-support.js';
import { cookieHeader, startFrenchSite } from '../api/multilingual/test-french.js';
import { ifMatch, pageClient, paragraphDoc, textLayout } from '../api/pages/test-pages.js';
import { TestVisitor } from '../api/commerce/test-visitor.js';

/**
 * Issues 29/30 on the real worker: the donate page (203), contribution confirmed (204), the
 * member pages (103, 105, 106, 107, 208) and the donation and member-area blocks under /fr/,
 * in French with French money, their forms and redirects under the prefix; a donation from
 * /fr/donate lands on the French 204 and its receipt mail is French. English stays as it was.
 */
let worker: RunningWorker;
let owner: SignedIn;
let reader: SignedIn;
let areaId: string;
let paidAreaId: string;
const PASSWORD = 'members-Password-1';
// French money: a comma for decimals and the currency after the amount (spaces vary by ICU).
const FR_SPACE = '[\\s\\u00a0\\u202f]';

const cookieOf = (v: TestVisitor) => cookieHeader(v.jar);
const get = async (path: string, cookie?: string) => {
  const res = await worker.fetch(path, { redirect: 'manual', headers: cookie ? { Cookie: cookie } : {} });
  return { status: res.status, headers: res.headers, html: await res.text() };
};

async function ownerCall(method: string, path: string, body?: unknown) {
  const res = await worker.fetch(path, { method, headers: { ...owner.headers, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  expect(res.status, text).toBeLessThan(300);
  return JSON.parse(text) as Record<string, any>;
}

async function publishedPage(slug: string, layout: unknown): Promise<string> {
  const pages = pageClient(worker, owner);
  const created = await pages('POST', '', { title: `Page ${slug}`, slug });
  const id = created.json.page.id as string;
  expect((await pages('PUT', `/${id}/draft`, { layout }, ifMatch(1))).status).toBe(200);
  expect((await pages('POST', `/${id}/publish`, { version: 2 })).status).toBe(200);
  return id;
}

const at = (row: number) => ({ desktop: { col: 1, row, span: 12, rows: 1 } });

beforeAll(async () => {
  ({ worker, owner } = await startFrenchSite());
  await createSiteUser(worker, { email: 'lecteur@members.test', password: PASSWORD });
  reader = await signIn(worker, 'lecteur@members.test', PASSWORD);
  const memberPage = await publishedPage('cercle', textLayout('Mots des membres'));
  const paidPage = await publishedPage('atelier-prive', textLayout('Mots payants'));
  const lockedPage = await publishedPage('carnet', textLayout('Mots verrouillés'));
  const teasedPage = await publishedPage('apercu', {
    sections: [
      { id: 's1', design: {}, blocks: [{ id: 't1', type: 'text', props: { text: paragraphDoc('Tout le monde lit ceci') }, layout: at(1) }] },
      { id: 's2', design: {}, blocks: [{ id: 't2', type: 'text', props: { text: paragraphDoc('La suite réservée') }, layout: at(1) }] },
    ],
  });
  areaId = (await ownerCall('POST', '/api/owner/members/areas', { name: 'Le Cercle', access: 'free', pages: [{ pageId: memberPage, teaserSections: null }, { pageId: teasedPage, teaserSections: 1 }] })).area.id;
  paidAreaId = (await ownerCall('POST', '/api/owner/members/areas', { name: 'Atelier privé', access: 'one-time', priceCents: 1250, pages: [{ pageId: paidPage, teaserSections: null }] })).area.id;
  await ownerCall('PUT', `/api/owner/members/passwords/${lockedPage}`, { password: 'open sesame' });
  await publishedPage('soutenir', {
    sections: [{ id: 's1', design: {}, blocks: [
      { id: 'd1', type: 'donation', props: { title: 'Soutenir', amounts: [{ cents: 1000 }, { cents: 2500 }] }, layout: at(1) },
      { id: 'm1', type: 'member-area', props: { area: areaId }, layout: at(2) },
      { id: 'm2', type: 'member-area', props: {}, layout: at(3) },
    ] }],
  });
}, 180_000);
afterAll(() => worker?.dispose());

describe('the donate page and contribution confirmed under /fr/', () => {
  it('203 in French with French money, posting under the prefix; never cached', async () => {
    const page = await get('/fr/donate?amount=2500&coverFee=1');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-language')).toBe('fr');
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.html).toContain('<h1>Faire un don</h1>');
    expect(page.html).toContain('<form class="form donate-form" method="post" action="/fr/donate" novalidate>');
    expect(page.html).toContain('<label for="donate-amount">Montant (USD)</label>');
    expect(page.html).toMatch(new RegExp(`Entre 1,00${FR_SPACE}\\$US et 10${FR_SPACE}000,00${FR_SPACE}\\$US\\.`));
    expect(page.html).toMatch(new RegExp(`Sur 25,00${FR_SPACE}\\$US, les frais sont de 1,03${FR_SPACE}\\$US\u00a0: vous donnez 26,03${FR_SPACE}\\$US\\.`));
    for (const words of ['<legend>Fréquence</legend>', '> Une fois</label>', '> Chaque mois (résiliable à tout moment)</label>', 'E-mail (pour votre reçu)', 'Numéro de carte', "Mois d'expiration (MM)", '>Faire un don</button>']) {
      expect(page.html).toContain(words);
    }
    for (const english of ['Make a donation', 'How often', 'One time', 'Email (for your receipt)', 'Between ']) expect(page.html).not.toContain(english);
    // A refused amount says why in French, with the bound in French money.
    const small = await get('/fr/donate?custom=0.50');
    expect(small.status).toBe(400);
    expect(small.html).toMatch(new RegExp(`Le plus petit don possible est de 1,00${FR_SPACE}\\$US\\.`));
  });

  it('a donation from /fr/donate lands on the French 204 under /fr; the receipt mail is French with a /fr link', async () => {
    const v = new TestVisitor(worker, '198.51.100.131');
    await v.visit('/fr/donate');
    const form = await get('/fr/donate', cookieOf(v));
    const crumb = /name="crumb" value="([^"]+)"/.exec(form.html)![1]!;
    const idempotencyKey = /name="idempotencyKey" value="([^"]+)"/.exec(form.html)![1]!;
    const post = (fields: Record<string, string>) =>
      worker.fetch('/fr/donate', {
        method: 'POST', redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookieOf(v), 'CF-Connecting-IP': '198.51.100.131' },
        body: new URLSearchParams({ crumb, idempotencyKey, ...fields }).toString(),
      });
    const refused = await post({ amount: '', email: 'nope', cardNumber: '1' });
    expect(refused.status).toBe(400);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toContain('Veuillez vérifier les champs ci-dessous.');
    expect(refusedHtml).toContain('Choisissez ou saisissez le montant de votre don.');
    expect(refusedHtml).toContain('Saisissez une adresse e-mail valide.');

    const res = await post({ amount: '17.25', email: 'donateur@example.com', name: 'Élise', frequency: 'once', cardNumber: '4242 4242 4242 4242', expMonth: '12', expYear: '2099', cvc: '123' });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location).toMatch(/^\/fr\/contribution-confirmed\?order=/);
    const done = await get(location, cookieOf(v));
    expect(done.status).toBe(200);
    expect(done.headers.get('cache-control')).toBe('private, no-store');
    expect(done.html).toContain('<h1>Merci pour votre don</h1>');
    expect(done.html).toMatch(new RegExp(`Vous avez donné <strong>17,25${FR_SPACE}\\$US</strong> à `));
    expect(done.html).toContain('Un reçu est en route vers donateur@example.com.');
    expect(done.html).toContain('<a href="/fr/">Retour au site</a>');
    expect(done.html).not.toContain('Thank you for your donation');

    const mail = await worker.db.prepare("SELECT subject, text_body AS text FROM mail_outbox WHERE kind = 'donation-receipt' AND to_address = 'donateur@example.com'").first<{ subject: string; text: string }>();
    expect(mail!.subject).toMatch(/: reçu de votre don n°\u00a0\d+$/);
    expect(mail!.text).toContain('Bonjour Élise,');
    expect(mail!.text).toMatch(new RegExp(`Merci pour votre don de 17,25${FR_SPACE}\\$US à `));
    expect(mail!.text).toMatch(/Votre reçu\u00a0: http:\/\/[^/]+\/fr\/contribution-confirmed\?order=/);
  });

  it('English stays as it was', async () => {
    const page = await get('/donate');
    expect(page.html).toContain('<h1>Make a donation</h1>');
    expect(page.html).toContain('action="/donate"');
    expect(page.html).toContain('Between $1.00 and $10,000.00.');
    expect(page.html).toContain('<legend>How often</legend>');
  });
});

describe('the member pages under /fr/', () => {
  it('the lock screen (103) in French posts its unlock under /fr and returns to the French page', async () => {
    const locked = await get('/fr/carnet');
    expect(locked.status).toBe(200);
    expect(locked.headers.get('cache-control')).toBe('private, no-store');
    expect(locked.html).toContain('<html lang="fr">');
    expect(locked.html).toContain('<h1>Cette page est protégée par un mot de passe</h1>');
    expect(locked.html).toContain('action="/fr/members/unlock"');
    expect(locked.html).toContain('name="return" value="/fr/carnet"');
    expect(locked.html).toContain('>Déverrouiller</button>');
    const crumb = /name="crumb" value="([^"]+)"/.exec(locked.html)![1]!;
    const scope = /name="scope" value="([^"]+)"/.exec(locked.html)![1]!;
    const unlock = (password: string) =>
      worker.fetch('/fr/members/unlock', {
        method: 'POST', redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: `crumb=${crumb}`, 'CF-Connecting-IP': testAddress() },
        body: new URLSearchParams({ crumb, scope, password, return: '/fr/carnet' }).toString(),
      });
    const wrong = await unlock('guess');
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("Ce mot de passe n'est pas correct.");
    const right = await unlock('open sesame');
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe('/fr/carnet');
    // English is unchanged.
    const en = await get('/carnet');
    expect(en.html).toContain('<html lang="en">');
    expect(en.html).toContain('<h1>This page is password protected</h1>');
    expect(en.html).toContain('action="/members/unlock"');
  });

  it('the paywall (107) and access denied (106) in French with French money; join posts under /fr and lands on the French 208', async () => {
    const paywall = await get('/fr/cercle');
    expect(paywall.status).toBe(200);
    expect(paywall.headers.get('cache-control')).toBe('private, no-store');
    expect(paywall.html).toContain('<h1>Réservé aux membres</h1>');
    expect(paywall.html).toContain('Rejoignez Le Cercle gratuitement.');
    expect(paywall.html).toContain('<a class="member-sign-up" href="/fr/account/sign-up">Créer un compte</a> ou <a class="member-sign-in" href="/fr/account">connectez-vous</a> pour adhérer.');
    // The teaser (105): the first section, then the French divider and options.
    const teaser = await get('/fr/apercu');
    expect(teaser.headers.get('cache-control')).toBe('private, no-store');
    expect(teaser.html).toContain('Tout le monde lit ceci');
    expect(teaser.html).not.toContain('La suite réservée');
    expect(teaser.html).toContain('<section class="member-divider"><h2>Réservé aux membres</h2>');
    const paid = await get('/fr/atelier-prive');
    expect(paid.html).toMatch(new RegExp(`Accès à Atelier privé\u00a0: 12,50${FR_SPACE}\\$US, payé une fois\\.`));
    expect(paid.html).toMatch(new RegExp(`Acheter l'accès pour 12,50${FR_SPACE}\\$US`));
    expect(paid.html).toContain('action="/fr/members/buy"');
    expect(paid.html).toContain('Déjà membre\u00a0? <a class="member-sign-in" href="/fr/account">Se connecter</a>.');

    const denied = await get('/fr/cercle', reader.cookie);
    expect(denied.status).toBe(403);
    expect(denied.html).toContain('<h1>Accès refusé</h1>');
    expect(denied.html).toContain("Votre compte n'est pas membre de cet espace.");
    expect(denied.html).toContain('action="/fr/members/join"');
    expect(denied.html).toContain('name="return" value="/fr/cercle"');
    expect(denied.html).toContain('>Rejoindre Le Cercle</button>');

    const crumb = /crumb=([^;]+)/.exec(reader.cookie)![1]!;
    const joined = await worker.fetch('/fr/members/join', {
      method: 'POST', redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: reader.cookie },
      body: new URLSearchParams({ crumb, area: areaId, return: '/fr/cercle' }).toString(),
    });
    expect(joined.status).toBe(303);
    const location = joined.headers.get('location')!;
    expect(location.startsWith('/fr/membership-confirmed?area=')).toBe(true);
    const confirmed = await get(location, reader.cookie);
    expect(confirmed.status).toBe(200);
    expect(confirmed.headers.get('cache-control')).toBe('private, no-store');
    expect(confirmed.html).toContain('<h1>Bienvenue dans Le Cercle</h1><p>Votre adhésion est active.</p><p><a class="member-continue" href="/fr/cercle">Continuer la lecture</a></p>');
    // A paid area's buy form goes to the French checkout.
    const buy = await worker.fetch('/fr/members/buy', {
      method: 'POST', redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: reader.cookie },
      body: new URLSearchParams({ crumb, area: paidAreaId, return: '/fr/atelier-prive' }).toString(),
    });
    expect(buy.status).toBe(303);
    expect(buy.headers.get('location')).toBe('/fr/checkout');
  });

  it('English member pages are unchanged', async () => {
    const paywall = await get('/atelier-prive');
    expect(paywall.html).toContain('<h1>Members only</h1>');
    expect(paywall.html).toContain('Access to Atelier privé: $12.50, paid once.');
    expect(paywall.html).toContain('Already a member? <a class="member-sign-in" href="/account">Sign in</a>.');
  });
});

describe('the donation and member-area blocks under /fr/', () => {
  it('speak French with French money; in English as before', async () => {
    const page = await get('/fr/soutenir');
    expect(page.status).toBe(200);
    expect(page.html).toContain('<form class="donation-form" method="get" action="/fr/donate">');
    expect(page.html).toContain('<legend>Choisissez un montant (USD)</legend>');
    expect(page.html).toMatch(new RegExp(`<input type="radio" name="amount" value="1000" checked> 10,00${FR_SPACE}\\$US`));
    expect(page.html).toContain('<span>Ou saisissez un autre montant</span>');
    expect(page.html).toMatch(new RegExp(`> Couvrir les frais de carte \\(2,9${FR_SPACE}% \\+ 0,30`));
    expect(page.html).toContain('<legend>Fréquence</legend><label><input type="radio" name="frequency" value="once" checked> Une fois</label> <label><input type="radio" name="frequency" value="monthly"> Chaque mois</label>');
    expect(page.html).toMatch(new RegExp(`<p class="donation-range">Entre 1,00${FR_SPACE}\\$US et 10${FR_SPACE}000,00${FR_SPACE}\\$US\\.</p>`));
    expect(page.html).toContain('type="submit">Faire un don</button>');
    expect(page.html).toContain('<a class="button" href="/fr/account/sign-up">Adhérer</a> <a href="/fr/account">Se connecter</a>');
    expect(page.html).toContain('<p class="block-member-area-empty">Espace membres</p>');

    const en = await get('/soutenir');
    expect(en.html).toContain('<legend>Choose an amount (USD)</legend>');
    expect(en.html).toContain('<input type="radio" name="amount" value="1000" checked> $10.00');
    expect(en.html).toContain('<legend>How often</legend><label><input type="radio" name="frequency" value="once" checked> One time</label> <label><input type="radio" name="frequency" value="monthly"> Monthly</label>');
    expect(en.html).toContain('type="submit">Donate</button>');
    expect(en.html).toContain('<a class="button" href="/account/sign-up">Join</a> <a href="/account">Sign in</a>');
    expect(en.html).toContain('<p class="block-member-area-empty">Member area</p>');
  });
});
