import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteUser, demoOwner, signIn, startWorker, type RunningWorker } from '../test-support.js';
import { variantOf } from '../api/commerce/test-catalog.js';
import { addOne, placeOrder } from '../api/commerce/test-checkout.js';
import { clubPlans, shopper, subscribe, subscriptionCart } from '../api/commerce/test-subscription.js';
import { layoutOf, ifMatch, pageClient } from '../api/pages/test-pages.js';
import { demoId } from '../../schema/seed/ids.js';

/**
 * Issue 29, the words left in English on French pages: the demo theme's header, skip link,
 * switcher and not-found title (`themeTexts`), the SPEC §9 subscription wording (product page,
 * checkout), and 'label: value' lines (French puts a no-break space before the colon). Each
 * in French under /fr and, on the primary language's pages, the exact English of before.
 */
let worker: RunningWorker;
const NBSP = '\u00a0';
const PASSWORD = 'Localized-texts-2026';

beforeAll(async () => {
  worker = await startWorker({ bindings: { PAGE_CACHE_SITE_TTL_MS: '0' } });
  const owner = await signIn(worker, (await demoOwner()).email, (await demoOwner()).password);
  const res = await worker.fetch('/api/multilingual/languages', {
    method: 'PUT', headers: { ...owner.headers, 'Content-Type': 'application/json' }, body: JSON.stringify({ languages: ['en-US', 'fr'] }),
  });
  expect(res.status).toBe(200);
}, 120_000);
afterAll(() => worker?.dispose());

const page = async (path: string, cookie?: string) => {
  const res = await worker.fetch(path, cookie ? { headers: { Cookie: cookie } } : {});
  return { status: res.status, html: await res.text() };
};

describe("the theme's header and layout words", () => {
  it('are French on a French page: account label, menu, search, cart, switcher, skip link', async () => {
    const { html } = await page('/fr/');
    for (const words of [
      '<li class="nav-account"><a href="/fr/account">Se connecter</a></li>',
      '<a class="account-link" href="/fr/account">Se connecter</a>',
      'aria-label="Menu">',
      '<nav class="site-nav" aria-label="Principale">',
      '<label class="sr-only" for="header-search-q">Rechercher sur le site</label>',
      'placeholder="Rechercher"',
      '<button class="header-search-button" type="submit">Rechercher</button>',
      '">Panier</a>',
      '<nav class="language-switcher" aria-label="Langue">',
      '<a class="sr-only" href="#main">Aller au contenu</a>',
    ]) expect(html, words).toContain(words);
    for (const english of ['>Sign in<', 'Search the site', '>Cart</a>', 'Skip to content', 'aria-label="Language"']) expect(html, english).not.toContain(english);
  });

  it("say 'Votre compte' to a signed-in shopper and 'Page introuvable' in a missing page's title", async () => {
    await createSiteUser(worker, { email: 'header@example.fr', password: PASSWORD });
    const session = await signIn(worker, 'header@example.fr', PASSWORD);
    const signedIn = await page('/fr/', session.cookie);
    expect(signedIn.html).toContain('<a class="account-link" href="/fr/account">Votre compte</a>');
    expect((await page('/', session.cookie)).html).toContain('<a class="account-link" href="/account">Your account</a>');
    const missing = await page('/fr/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.html).toMatch(/<title>Page introuvable · /);
    expect((await page('/no-such-page')).html).toMatch(/<title>Page not found · /);
  });

  it('keep the exact English of before on the primary language', async () => {
    const { html } = await page('/');
    for (const words of [
      '<input type="checkbox" id="nav-toggle" class="nav-toggle" aria-label="Menu">',
      '<label for="nav-toggle" class="nav-toggle-label">Menu</label>',
      '<nav class="site-nav" aria-label="Main">',
      '<li class="nav-account"><a href="/account">Sign in</a></li>',
      '<label class="sr-only" for="header-search-q">Search the site</label>',
      'placeholder="Search" autocomplete="off"',
      '<button class="header-search-button" type="submit">Search</button>',
      '<a class="account-link" href="/account">Sign in</a>',
      '<a class="cart-link" href="/cart">Cart</a>',
      '<nav class="language-switcher" aria-label="Language">',
      '<a class="sr-only" href="#main">Skip to content</a>',
    ]) expect(html, words).toContain(words);
    const json = (await (await worker.fetch('/?format=json')).json()) as { themeTexts: Record<string, string> };
    expect(json.themeTexts).toMatchObject({ signIn: 'Sign in', yourAccount: 'Your account', search: 'Search', cart: 'Cart', moreUnder: 'More under {title}' });
  });
});

describe('subscription wording', () => {
  it('a French product page words the plan in French; the English one as before', async () => {
    const fr = await page('/fr/shop/monthly-clay-club');
    expect(fr.status).toBe(200);
    expect(fr.html).toMatch(/<div class="product-price">\s*65,00[\s\u00a0\u202f]\$US tous les mois\s*<\/div>/);
    expect(fr.html).not.toMatch(/every month/);
    const en = await page('/shop/monthly-clay-club');
    expect(en.html).toMatch(/<div class="product-price">\n\$65\.00 every month\n<\/div>/);
    expect(en.html).not.toContain('tous les mois');
  });

  it('a French subscription checkout words the plan with French money; English unchanged', async () => {
    const plans = await clubPlans(worker.db);
    const v = await shopper(worker, '198.51.100.131');
    const token = await subscriptionCart(v, worker.db, plans[1]);
    const fr = await (await worker.fetch(`/fr/checkout?cartToken=${token}&format=json`)).json() as { subscription: { priceWording: string } };
    expect(fr.subscription.priceWording).toMatch(/^65,00[\s\u00a0\u202f]\$US tous les mois pendant 6 mois$/);
    const en = await (await worker.fetch(`/checkout?cartToken=${token}&format=json`)).json() as { subscription: { priceWording: string } };
    expect(en.subscription.priceWording).toBe('$65.00 every month for 6 months');
  });

  it('page 206 (subscription confirmed) says its sentences and the next date in French; the English page as before (lang15)', async () => {
    const plans = await clubPlans(worker.db);
    const v = await shopper(worker, '198.51.100.132');
    const res = await subscribe(v, worker.db, { planId: plans[1], email: 'abonne@example.fr', extra: { language: 'fr' } });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const url = res.json.confirmationUrl as string;
    const frUrl = url.startsWith('/fr/') ? url : `/fr${url}`;
    const fr = (await page(frUrl)).html;
    const number = res.json.order.orderNumber as number;
    for (const words of [
      '<h1>Merci\u00a0! Votre abonnement est confirmé.</h1>',
      `<p class="subscription-order">Commande n°\u00a0${number} · une confirmation a été envoyée à abonne@example.fr.</p>`,
      `<p class="order-total">Payé aujourd'hui${NBSP}: <strong>65,00`,
    ]) expect(fr, words).toContain(words);
    expect(fr).toMatch(new RegExp(`<p class="subscription-next">Prochain paiement${NBSP}: \\d{1,2} \\S+ \\d{4}</p>`));
    expect(fr).not.toMatch(/Thank you|Next payment|Paid today/);
    const en = (await page(frUrl.replace(/^\/fr/, ''))).html;
    expect(en).toContain('<h1>Thank you! Your subscription is confirmed.</h1>');
    expect(en).toMatch(/<p class="subscription-next">Next payment: \w+ +\d{1,2}, \d{4}<\/p>/);
    expect(en).toContain(`<p class="subscription-order">Order #${number} · a confirmation has been sent to abonne@example.fr.</p>`);
    expect(en).toContain('Continue shopping</a>');
  });
});

describe("'label: value' lines", () => {
  it("a French order's mail puts a no-break space before each colon; an English one does not", async () => {
    const variant = await variantOf(worker.db, 'FK-TUM-SEA');
    const mails: Record<string, string> = {};
    for (const [language, email] of [['fr', 'colon@example.fr'], [undefined, 'colon@example.com']] as const) {
      const buyer = await shopper(worker, language ? '198.51.100.132' : '198.51.100.133');
      expect((await addOne(buyer, variant.itemId, 'FK-TUM-SEA')).status).toBe(200);
      const placed = await placeOrder(buyer, { extra: { shippingOptionId: 'us-standard', email, ...(language ? { language } : {}) } });
      expect(placed.status).toBe(201);
      const row = await worker.db.prepare("SELECT text_body AS text FROM mail_outbox WHERE to_address = ? AND kind = 'order-confirmation'").bind(email).first<{ text: string }>();
      mails[email] = row!.text;
    }
    expect(mails['colon@example.fr']).toMatch(new RegExp(`\\nSous-total${NBSP}: \\d+,\\d{2}`));
    expect(mails['colon@example.fr']).toMatch(new RegExp(`\\nTotal${NBSP}: `));
    expect(mails['colon@example.fr']).not.toMatch(/\S: \d/);
    expect(mails['colon@example.com']).toMatch(/\nSubtotal: \d+\.\d{2} USD\n/);
    expect(mails['colon@example.com']).toMatch(/\nOrder status: http:\/\/localhost\//);
  });

  it("the order pages' additional-field answers: a no-break space before the colon in French, English as before", async () => {
    const gift = await variantOf(worker.db, 'FK-GC-050');
    const pages: Record<string, string> = {};
    for (const language of ['fr', undefined] as const) {
      const buyer = await shopper(worker, language ? '198.51.100.134' : '198.51.100.135');
      const added = await buyer.send('POST', '/api/commerce/shopping-cart/entries', { itemId: gift.itemId, sku: 'FK-GC-050', quantity: 1, additionalFields: { recipient: 'Grace & co', message: 'Bonne fête' } });
      expect(added.status).toBe(200);
      const placed = await placeOrder(buyer, { address: undefined, extra: language ? { language } : {} });
      expect(placed.status, JSON.stringify(placed.json)).toBe(201);
      pages[language ?? 'en'] = await (await worker.fetch(placed.json.confirmationUrl as string)).text();
    }
    expect(pages.fr).toMatch(new RegExp(`<span class="order-line-field">[^<]+${NBSP}: Grace &amp; co</span>`));
    expect(pages.fr).toContain(`<span class="order-line-field">message${NBSP}: Bonne fête</span>`);
    expect(pages.en).toContain('<span class="order-line-field">message: Bonne fête</span><br><span class="order-line-field">recipient: Grace &amp; co</span>');
  });
});

describe('dates and the post, product and review words of the demo theme', () => {
  const POST = '/journal/opening-the-winter-kiln';
  const MUG = '/shop/speckled-stoneware-mug';

  it("write a French post's date in French order, its author and comment count in French", async () => {
    const { html } = await page(`/fr${POST}`);
    for (const words of [
      '<time datetime="2025-12-14">14 décembre 2025</time>',
      '<span>par Theo Lindqvist</span>',
      '<a href="#comments">6 commentaires</a>',
      '<h2>6 commentaires</h2>',
      '<ul class="tag-list" aria-label="Étiquettes">',
    ]) expect(html, words).toContain(words);
    for (const english of ['décembre 14', 'December', '>by ', 'Comments', 'aria-label="Tags"']) expect(html, english).not.toContain(english);
    // The home page's summary block (the theme-independent block partial) says the same.
    const home = (await page('/fr/')).html;
    expect(home).toContain('<time datetime="2025-12-14">14 décembre 2025</time> <span>par Theo Lindqvist</span> <a href="/fr/journal/opening-the-winter-kiln#comments">6 commentaires</a>');
    expect(home).toContain('disabled>Épuisé</button>');
    expect(home).not.toMatch(/Sold Out|>by |December/);
  });

  it('say the product page words, the variant select and the from price in French', async () => {
    const { html } = await page(`/fr${MUG}`);
    for (const words of [
      'Classé dans Tasses et gobelets.',
      `Étiquettes${NBSP}: meilleure vente, arts de la table`,
      '<h2 id="reviews-title">Avis</h2>',
      'button-secondary">Écrire un avis</button>',
      '<h2 id="related-products-title">Vous aimerez aussi</h2>',
      `<option value="">Choisir${NBSP}: Taille</option>`,
    ]) expect(html, words).toContain(words);
    for (const english of ['Filed under', 'Tags:', '>Reviews<', 'Write a review', 'You may also like', 'Select Size']) expect(html, english).not.toContain(english);
    expect((await page('/fr/shop')).html).toContain('<div class="product-price">\nà partir de 36,00\u00a0$US');
    // The cart pill's hidden words come with the page (the island's `texts`).
    const pill = /data-island="cart-pill"[^>]* data-prop-texts="([^"]*)"/.exec((await page('/fr/')).html);
    expect(JSON.parse(pill![1]!.replaceAll('&quot;', '"'))).toMatchObject({ cart: 'Panier', item: 'article', items: 'articles' });
  });

  it('keep the exact English of before on the primary language', async () => {
    const post = (await page(POST)).html;
    for (const words of ['<time datetime="2025-12-14">December 14, 2025</time>', '<span>by Theo Lindqvist</span>', '<a href="#comments">6 Comments</a>', '<ul class="tag-list" aria-label="Tags">']) expect(post, words).toContain(words);
    const mug = (await page(MUG)).html;
    for (const words of ['Filed under Mugs &amp; Cups.', 'Tags: bestseller, tableware', '<h2 id="reviews-title">Reviews</h2>', 'button-secondary">Write a review</button>', '<h2 id="related-products-title">You may also like</h2>', '<option value="">Select Size</option>']) expect(mug, words).toContain(words);
    const home = (await page('/')).html;
    expect(home).toContain('<time datetime="2025-12-14">December 14, 2025</time> <span>by Theo Lindqvist</span> <a href="/journal/opening-the-winter-kiln#comments">6 Comments</a>');
    expect(home).toContain('disabled>Sold Out</button>');
    expect(home).toContain('<div class="cart-pill-root" data-island="cart-pill" data-island-load="eager" data-prop-currency="&quot;USD&quot;"></div>');
    expect((await page('/shop')).html).toContain('<div class="product-price">\nfrom $36.00');
    const json = (await (await worker.fetch('/?format=json')).json()) as { website: Record<string, unknown>; localizedStrings: Record<string, string> };
    expect(json.website.localeDates).toBeUndefined();
    expect(json.localizedStrings.productPriceFromText).toBeUndefined();
  });
});

describe('the last English words of the islands and blocks (lang15)', () => {
  const attr = (html: string, island: string, prop: string) => {
    const found = new RegExp(`data-island="${island}"[^>]* data-prop-${prop}="([^"]*)"`).exec(html);
    return found ? (JSON.parse(found[1]!.replaceAll('&quot;', '"')) as unknown) : undefined;
  };

  it("give the listing card its 'Select Option' words and the pill its /fr/cart link; English pages as before", async () => {
    const fr = (await page('/fr/shop')).html;
    expect(attr(fr, 'add-to-cart', 'texts')).toMatchObject({ selectOption: 'Choisissez une option' });
    expect(attr(fr, 'cart-pill', 'cart-url')).toBe('/fr/cart');
    const en = (await page('/shop')).html;
    expect(en).not.toContain('data-prop-texts=');
    expect(en).not.toContain('data-prop-cart-url=');
    expect(en).toContain('<div class="cart-pill-root" data-island="cart-pill" data-island-load="eager" data-prop-currency="&quot;USD&quot;"></div>');
  });

  it("say 'Nothing here yet.' and 'This product is not available.' in French under /fr", async () => {
    const owner = pageClient(worker, await signIn(worker, (await demoOwner()).email, (await demoOwner()).password));
    const created = await owner('POST', '', { title: 'Empty blocks', slug: 'empty-blocks' });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = created.json.page.id;
    const layout = layoutOf(
      { id: 'none', type: 'summary', props: { collection: 'no-such-collection' } },
      { id: 'gone', type: 'product', props: { item: 'aaaaaaaaaaaaaaaaaaaaaaaa' } },
      { id: 'jar', type: 'product', props: { item: demoId('fern-and-kiln', 'item', 'shop', 'moon-jar') } },
    );
    expect((await owner('PUT', `/${id}/draft`, { layout }, ifMatch(1))).status).toBe(200);
    expect((await owner('POST', `/${id}/publish`, { version: 2 })).status).toBe(200);
    const fr = (await page('/fr/empty-blocks')).html;
    expect(fr).toContain('<p class="summary-empty">Rien pour l\'instant.</p>');
    expect(fr).toContain('<p class="product-missing">Ce produit n\'est pas disponible.</p>');
    expect(fr).toMatch(/data-island="add-to-cart"[^>]* data-prop-texts="/);
    const en = (await page('/empty-blocks')).html;
    expect(en).toContain('<p class="summary-empty">Nothing here yet.</p>');
    expect(en).toContain('<p class="product-missing">This product is not available.</p>');
    expect(en).not.toContain('data-prop-texts=');
  });
});

describe('the last English words of /fr pages (lang16)', () => {
  it("say the collection's pagination and item count in French (plural-aware); English as before", async () => {
    const fr = (await page('/fr/journal')).html;
    for (const words of [
      '<span class="post-meta">10 articles</span>',
      '<nav class="pagination" aria-label="Pages">',
      '<span class="disabled">← Page précédente</span>',
      '<span>Page 1 sur 2</span>',
      'rel="next">Page suivante →</a>',
    ]) expect(fr, words).toContain(words);
    expect((await page('/fr/journal?page=2')).html).toContain('rel="prev">← Page précédente</a>');
    expect((await page('/fr/journal?tag=mugs')).html).toContain('<span class="post-meta">1 article</span>');
    for (const english of ['Previous page', 'Next page', ' of 2<', '10 items']) expect(fr, english).not.toContain(english);
    const en = (await page('/journal')).html;
    for (const words of [
      '<span class="post-meta">10 items</span>',
      '<nav class="pagination" aria-label="Pages">\n  <span class="disabled">← Previous page</span>\n  <span>Page 1 of 2</span>\n  <a href="/journal?page=2" rel="next">Next page →</a>\n</nav>',
    ]) expect(en, words).toContain(words);
    expect((await page('/journal?tag=mugs')).html).toContain('<span class="post-meta">1 item</span>');
  });

  it("say the product page's reviews in French: summary, ratings, badge, pages, none yet; English as before", async () => {
    const VASE = '/shop/tall-ribbed-vase';
    expect((await page(`/fr/shop/bud-vase`)).html).toContain('<p class="reviews-empty">Aucun avis pour l\'instant.</p>');
    expect((await page('/shop/bud-vase')).html).toContain('<p class="reviews-empty">No reviews yet.</p>');
    const { item } = (await (await worker.fetch(`${VASE}?format=json`)).json()) as { item: { id: string } };
    // Six published reviews (five a page), the newest from a verified buyer.
    for (let n = 1; n <= 6; n++) {
      await worker.db.prepare(`INSERT INTO reviews (id, website_id, item_id, rating, body, author_name, email, verified_buyer, status, created_on)
        SELECT ?, website_id, id, 5, 'Beautiful glaze.', ?, 'vase@example.fr', ?, 'published', ? FROM items WHERE id = ?`).bind(`lang16review${n}`, `Reader ${n}`, n === 6 ? 1 : 0, 1_700_000_000_000 + n, item.id).run();
    }
    const fr = (await page(`/fr${VASE}`)).html;
    for (const words of [
      '<strong>5</strong> sur 5 · 6 avis</p>',
      `<span class="visually-hidden">Note${NBSP}: 5 sur 5</span>`,
      'Reader 6 <span class="verified-badge">Achat vérifié</span>',
      '<span>Page 1 sur 2</span>',
      'rel="next">Page suivante</a>',
      '<nav class="item-pagination" aria-label="Plus">',
    ]) expect(fr, words).toContain(words);
    expect((await page(`/fr${VASE}?page=2`)).html).toContain('rel="prev">Page précédente</a>');
    for (const english of ['out of 5', 'Rated', 'Verified buyer', 'Next page', ' of 2<', 'aria-label="More"']) expect(fr, english).not.toContain(english);
    const en = (await page(VASE)).html;
    for (const words of [
      '<strong>5</strong> out of 5 · 6 reviews</p>',
      '<span class="visually-hidden">Rated 5 out of 5</span>',
      'Reader 6 <span class="verified-badge">Verified buyer</span>',
      '<span>Page 1 of 2</span>\n    <a href="/shop/tall-ribbed-vase?page=2#reviews" rel="next">Next page</a>',
      '<nav class="item-pagination" aria-label="More">',
    ]) expect(en, words).toContain(words);
    expect((await page(`${VASE}?page=2`)).html).toContain('rel="prev">Previous page</a>');
  });

  it("give the /fr/account pages' footer newsletter form its French label and button, as on /fr/; /account as before", async () => {
    const footer = (html: string) => /<section class="footer-newsletter"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    const home = footer((await page('/fr/')).html);
    expect(home).toContain('Adresse e-mail');
    for (const path of ['/fr/account', '/fr/account/reset']) {
      const fr = footer((await page(path)).html);
      expect(fr, path).toContain('Adresse e-mail');
      expect(fr, path).toContain("S'inscrire");
      expect(fr.replaceAll(`"${path}"`, '"/fr/"'), path).toBe(home);
    }
    const en = footer((await page('/account')).html);
    expect(en).not.toContain('Adresse e-mail');
    expect(en).not.toContain("S'inscrire");
    expect(en).toContain('Email');
    expect(en.replaceAll('"/account"', '"/"')).toBe(footer((await page('/')).html));
  });

  it("say the order-status page's heading, status value and shipment words in French; English as before", async () => {
    const owner = await signIn(worker, (await demoOwner()).email, (await demoOwner()).password);
    const variant = await variantOf(worker.db, 'FK-TUM-SEA');
    const buyer = await shopper(worker, '198.51.100.141');
    expect((await addOne(buyer, variant.itemId, 'FK-TUM-SEA', 2)).status).toBe(200);
    const placed = await placeOrder(buyer, { extra: { shippingOptionId: 'us-standard', email: 'suivi@example.fr', language: 'fr' } });
    expect(placed.status).toBe(201);
    const number = placed.json.order.orderNumber as number;
    const fulfil = (body: Record<string, unknown>, action = 'fulfilments') => worker.fetch(`/api/commerce/owner/orders/${number}/${action}`, {
      method: 'POST', headers: { ...owner.headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body),
    });
    const [line] = placed.json.order.items as { lineId: string }[];
    expect((await fulfil({ carrier: 'La Poste', trackingNumber: '6A777', lines: [{ lineId: line!.lineId, quantity: 1 }] })).status).toBe(201);
    expect((await fulfil({}, 'pickup')).status).toBe(201);
    const mail = await worker.db.prepare("SELECT text_body AS text FROM mail_outbox WHERE to_address = 'suivi@example.fr' AND kind = 'order-confirmation'").first<{ text: string }>();
    const link = /http:\/\/localhost(\/fr\/order-status\?order=\S+)/.exec(mail!.text)![1]!;
    const fr = (await page(link)).html;
    for (const words of [
      `<h1>Commande n°\u00a0${number}</h1>`,
      `<p class="order-state">Statut${NBSP}: Payée</p>`,
      `<li class="order-fulfilment">Expédié${NBSP}: 1 × `,
      ' · <span class="order-carrier">La Poste</span> · Numéro de suivi <span class="order-tracking">6A777</span></li>',
      `<li class="order-fulfilment">Retiré${NBSP}: 1 × `,
    ]) expect(fr, words).toContain(words);
    for (const english of ['Order #', 'paid<', 'Shipped', 'Picked up', 'Tracking number']) expect(fr, english).not.toContain(english);
    const en = (await page(link.replace(/^\/fr/, ''))).html;
    for (const words of [
      `<h1>Order #${number}</h1>`,
      // The status's words on the English page too since lang19 (was the stored value 'paid').
      '<p class="order-state">Status: Paid</p>',
      '<li class="order-fulfilment">Shipped: 1 × ',
      ' · <span class="order-carrier">La Poste</span> · Tracking number <span class="order-tracking">6A777</span></li>',
      '<li class="order-fulfilment">Picked up: 1 × ',
    ]) expect(en, words).toContain(words);
  });

  it("answer a no-JS post without a valid crumb in French under /fr (the plain 401 page, a form's notice); English as before", async () => {
    const post = (path: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
      worker.fetch(path, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(body).toString() });
    const fr = await post('/fr/members/unlock', { password: 'guess', return: '/fr/' });
    expect(fr.status).toBe(401);
    const frPage = await fr.text();
    for (const words of ['<html lang="fr">', '<title>Requête refusée</title>', '<p>Votre session a expiré. Veuillez recharger la page et réessayer.</p>']) expect(frPage, words).toContain(words);
    const en = await post('/members/unlock', { password: 'guess', return: '/' });
    expect(en.status).toBe(401);
    const enPage = await en.text();
    for (const words of ['<html lang="en">', '<title>Request refused</title>', '<p>Your session has expired. Please reload the page and try again.</p>']) expect(enPage, words).toContain(words);
    // The footer newsletter's no-JS post from another site: the page again, its notice in the page's language.
    const formId = /data-form-id="([^"]+)"/.exec((await page('/fr/')).html)![1]!;
    const evil = { Origin: 'https://evil.example', Cookie: 'crumb=abc' };
    const frForm = await post(`/fr/forms/${formId}`, { email: 'a@example.fr', pagePath: '/fr/' }, evil);
    expect(frForm.status).toBe(401);
    const frFormPage = await frForm.text();
    expect(frFormPage).toContain('Votre session a expiré. Veuillez recharger la page et réessayer.');
    expect(frFormPage).not.toContain('Your session has expired');
    const enForm = await post(`/forms/${formId}`, { email: 'a@example.com', pagePath: '/' }, evil);
    expect(enForm.status).toBe(401);
    expect(await enForm.text()).toContain('Your session has expired. Please reload the page and try again.');
  });

  it("give the checkout island the demo store's test-card note in French under /fr; English as before", async () => {
    const attr = (html: string) => JSON.parse(/data-island="checkout"[^>]* data-prop-texts="([^"]*)"/.exec(html)![1]!.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&amp;', '&')) as Record<string, string>;
    const variant = await variantOf(worker.db, 'FK-TUM-SEA');
    const buyer = await shopper(worker, '198.51.100.142');
    expect((await addOne(buyer, variant.itemId, 'FK-TUM-SEA')).status).toBe(200);
    const cookie = [...buyer.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const fr = attr((await page('/fr/checkout', cookie)).html);
    expect(fr.testCardNote).toBe(`Ceci est une boutique de démonstration${NBSP}: aucun argent n'est prélevé. Payez avec la carte de test {card}, une date d'expiration future et un cryptogramme à 3 chiffres${NBSP}; la carte 4000 0000 0000 0002 est refusée.`);
    const en = attr((await page('/checkout', cookie)).html);
    expect(en.testCardNote).toBe('This is a demo store: no money is taken. Pay with the test card {card}, any future expiry and any 3-digit security code; 4000 0000 0000 0002 is declined.');
  });

  it("give the review form island its words in French on a /fr product page (props texts); none on the English page", async () => {
    const slot = (html: string) => /<div class="review-form-slot"[^>]*>/.exec(html)![0];
    const fr = slot((await page('/fr/shop/bud-vase')).html);
    const texts = JSON.parse(/data-prop-texts="([^"]*)"/.exec(fr)![1]!.replaceAll('&quot;', '"').replaceAll('&#39;', "'")) as Record<string, string>;
    expect(texts).toMatchObject({ themeWriteReview: 'Écrire un avis', reviewFormSend: "Envoyer l'avis", reviewFormStars: '{count} étoiles', reviewFormThanks: "Merci\u00a0! Votre avis apparaîtra dès que la boutique l'aura approuvé." });
    expect(Object.keys(texts)).toHaveLength(17);
    const en = slot((await page('/shop/bud-vase')).html);
    expect(en).toMatch(/^<div class="review-form-slot" data-island="review-form" data-island-load="interaction" data-prop-item-id="[^"]+" data-prop-title="[^"]+">$/);
    expect((await (await worker.fetch('/shop/bud-vase?format=json')).json() as { reviews: Record<string, unknown> }).reviews.formTexts).toBeUndefined();
  });

  it("say the checkout's sign-in line in French when guest checkout is off; English as before", async () => {
    const owner = await signIn(worker, (await demoOwner()).email, (await demoOwner()).password);
    const prefs = (body?: unknown) => worker.fetch('/api/v1/commerce-preferences/checkout', body ? { method: 'PUT', headers: { ...owner.headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body) } : { headers: owner.headers });
    const before = (await (await prefs()).json()) as Record<string, unknown>;
    expect((await prefs({ ...before, guestCheckout: false })).status).toBe(200);
    try {
      const variant = await variantOf(worker.db, 'FK-TUM-SEA');
      const buyer = await shopper(worker, '198.51.100.143');
      expect((await addOne(buyer, variant.itemId, 'FK-TUM-SEA')).status).toBe(200);
      const cookie = [...buyer.jar].map(([k, v]) => `${k}=${v}`).join('; ');
      expect((await page('/fr/checkout', cookie)).html).toContain(`<p class="checkout-sign-in" data-checkout-sign-in>Connectez-vous pour passer commande${NBSP}: cette boutique ne prend que les commandes des titulaires d'un compte. <a class="button button-secondary" href="/fr/account">Se connecter ou créer un compte</a></p>`);
      expect((await page('/checkout', cookie)).html).toContain('<p class="checkout-sign-in" data-checkout-sign-in>Sign in to check out: this store takes orders from account holders only. <a class="button button-secondary" href="/account">Sign in or create an account</a></p>');
    } finally {
      expect((await prefs(before)).status).toBe(200);
    }
  });

  it("send a French order's review request under /fr, and its page 209 reads French; English as before", async () => {
    const owner = await signIn(worker, (await demoOwner()).email, (await demoOwner()).password);
    const variant = await variantOf(worker.db, 'FK-MUG-08-OAT');
    const buyer = await shopper(worker, '198.51.100.144');
    expect((await addOne(buyer, variant.itemId, 'FK-MUG-08-OAT')).status).toBe(200);
    const placed = await placeOrder(buyer, { extra: { shippingOptionId: 'us-standard', email: 'avis@example.fr', language: 'fr' } });
    expect(placed.status).toBe(201);
    const shipped = await worker.fetch(`/api/commerce/owner/orders/${placed.json.order.orderNumber as number}/fulfilments`, {
      method: 'POST', headers: { ...owner.headers, 'Content-Type': 'application/json' }, body: '{}',
    });
    expect(shipped.status).toBe(201);
    const mail = await worker.db.prepare("SELECT text_body AS text FROM mail_outbox WHERE to_address = 'avis@example.fr' AND kind = 'review-request'").first<{ text: string }>();
    const link = /http:\/\/localhost(\/fr\/reviews\/request\?token=\S+)/.exec(mail!.text)?.[1];
    expect(link, mail!.text).toBeDefined();
    const fr = (await page(link!)).html;
    for (const words of [
      '<h1>Donnez votre avis sur votre achat</h1>',
      `<p>Merci pour votre achat. Que pensez-vous de <a href="/fr/shop/speckled-stoneware-mug">Tasse en grès moucheté</a>${NBSP}?</p>`,
      '<p class="post-meta">Votre avis est lié à a•••@example.fr et sera marqué comme achat vérifié.</p>',
      "<p>Chargement du formulaire d'avis…</p>",
    ]) expect(fr, /<section class="reviews-request">[\s\S]*?<\/section>/.exec(fr)?.[0]).toContain(words);
    expect(fr).toMatch(/data-island="review-form"[^>]* data-prop-texts="[^"]*Envoyer l'avis/);
    const en = (await page(link!.replace(/^\/fr/, ''))).html;
    for (const words of [
      '<h1>Review your purchase</h1>',
      '<p>Thank you for shopping with us. How do you like <a href="/shop/speckled-stoneware-mug">Speckled Stoneware Mug</a>?</p>',
      '<p class="post-meta">Your review is linked to a•••@example.fr and will be marked as a verified purchase.</p>',
      '<p>Loading the review form…</p>',
    ]) expect(en, words).toContain(words);
    expect(en).not.toContain('data-prop-texts');
    const invalid = await page('/fr/reviews/request?token=nope');
    expect(invalid.status).toBe(404);
    expect(invalid.html).toContain("<p class=\"empty-state\">Ce lien d'avis n'est pas valide ou a expiré.</p>");
    expect((await page('/reviews/request?token=nope')).html).toContain('<h1>Review your purchase</h1>');
  });

  it("link a French order's digital product review request under /fr too (sent with the purchase)", async () => {
    const guide = await variantOf(worker.db, 'FK-DIG-GLAZE-GUIDE');
    const buyer = await shopper(worker, '198.51.100.145');
    expect((await buyer.send('POST', '/api/commerce/shopping-cart/entries', { itemId: guide.itemId, sku: null, quantity: 1, additionalFields: null })).status).toBe(200);
    expect((await placeOrder(buyer, { address: undefined, extra: { email: 'guide@example.fr', language: 'fr' } })).status).toBe(201);
    const mail = await worker.db.prepare("SELECT text_body AS text FROM mail_outbox WHERE to_address = 'guide@example.fr' AND kind = 'review-request'").first<{ text: string }>();
    expect(mail!.text).toMatch(/http:\/\/localhost\/fr\/reviews\/request\?token=/);
  });

  it("give a sale price its hidden labels in French (the SPEC §3 strings, server price and product form); English as before", async () => {
    const fr = (await page('/fr/shop/cone-6-glaze-recipe-guide')).html;
    expect(fr).toContain(`Prix soldé${NBSP}:`);
    expect(fr).toContain(`Prix initial${NBSP}:`);
    expect(fr).not.toMatch(/Sale Price|Original Price/);
    const en = (await page('/shop/cone-6-glaze-recipe-guide')).html;
    expect(en).toContain('Sale Price:');
    expect(en).toContain('Original Price:');
    const json = (await (await worker.fetch('/shop/cone-6-glaze-recipe-guide?format=json')).json()) as { localizedStrings: Record<string, string> };
    expect(json.localizedStrings.salePriceText).toBeUndefined();
  });
});
