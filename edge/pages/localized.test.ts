import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { demoOwner, signIn, startWorker, type RunningWorker, type SignedIn } from '../test-support.js';
import { ageKeys, TestVisitor } from '../api/forms/test-visitor.js';

/**
 * Issue 29 first slice on the real worker: `/fr/...` pages of the demo in French (seeded
 * translations, fixtures/demo/translations.json), fallbacks to English, hreflang both ways in
 * pages and the sitemap, the remembered-language cookie, French search and the page cache
 * keyed by language. The demo seeds French published; the owner saves the languages again first.
 */
let worker: RunningWorker;
let owner: SignedIn;

const pageId = async (slug: string) => (await worker.db.prepare('SELECT id FROM pages WHERE slug = ?').bind(slug).first<{ id: string }>())!.id;

/** The page hits of a search page: 'URL title' each. */
const hits = async (path: string) => [...(await page(path)).html.matchAll(/<li class="search-result is-page">.*?<a href="([^"]*)">([^<]*)<\/a>/g)].map((m) => `${m[1]} ${m[2]}`);

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await worker.fetch(path, { headers });
  return { res, status: res.status, html: await res.text() };
}

beforeAll(async () => {
  // Stripe keys: the checkout page hands the island its Payment Element settings (nothing here calls Stripe).
  worker = await startWorker({ bindings: { PAGE_CACHE_SITE_TTL_MS: '0', STRIPE_SECRET_KEY: 'sk_test_localized', STRIPE_PUBLISHABLE_KEY: 'pk_test_localized' } });
  const demo = await demoOwner();
  owner = await signIn(worker, demo.email, demo.password);
  const res = await worker.fetch('/api/multilingual/languages', {
    method: 'PUT',
    headers: { ...owner.headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ languages: ['en-US', 'fr'] }),
  });
  expect(res.status).toBe(200);
}, 120_000);
afterAll(() => worker?.dispose());

describe('pages under /fr/', () => {
  it('the home page renders in French with lang, Content-Language, translated blocks, navigation and products', async () => {
    const { status, res, html } = await page('/fr/');
    expect(status).toBe(200);
    expect(res.headers.get('content-language')).toBe('fr');
    expect(html).toMatch(/<html lang="fr"/);
    expect(html).not.toMatch(/dir="rtl"/);
    expect(html).toContain('Façonné lentement, cuit à haute température.');
    expect(html).toContain('Découvrir la dernière cuisson');
    expect(html).toContain('>Boutique</a>');
    expect(html).toContain('Tasse en grès moucheté');
    // An untranslated product falls back to English.
    expect(html).toContain('Moon Jar');
    expect(html).not.toContain('Made slowly, fired hot.');
    // Links stay under /fr/; files and the account do not.
    expect(html).toContain('href="/fr/shop"');
    expect(html).toContain('action="/fr/search"');
    expect(html).toContain('href="/theme/assets/site.css"');
    expect(html).not.toMatch(/href="\/shop"/);
  });

  it('about renders in French, its title too', async () => {
    const { status, html } = await page('/fr/about');
    expect(status).toBe(200);
    expect(html).toContain("<h1>À propos de l'atelier</h1>");
    expect(html).toContain('Livraison et retours');
    expect(html).toMatch(/<title>À propos · /);
  });

  it('a product renders in French with French money, system texts and category', async () => {
    const { status, html } = await page('/fr/shop/speckled-stoneware-mug');
    expect(status).toBe(200);
    expect(html).toContain('Tasse en grès moucheté');
    expect(html).toContain('Tournée dans un grès chamois moucheté');
    expect(html).toContain('Ajouter au panier');
    // USD in the engine's fr format: decimal comma, the symbol after a (narrow) no-break space.
    expect(html).toMatch(/36,00[\s\u00a0\u202f]\$/);
    expect(html).not.toMatch(/\$36\.00/);
    const json = (await (await worker.fetch('/fr/shop/speckled-stoneware-mug?format=json')).json()) as any;
    expect(json.item.title).toBe('Tasse en grès moucheté');
    expect(json.item.categories).toEqual(['Tasses et gobelets']);
    expect(json.website.language).toBe('fr');
    expect(json.localizedStrings.productAddToCartText).toBe('Ajouter au panier');
    expect(json.seo.canonicalUrl).toBe('http://localhost/fr/shop/speckled-stoneware-mug');
  });

  it('variant options and values, tags and collection titles are French, falling back to English where untranslated', async () => {
    const { html } = await page('/fr/shop/speckled-stoneware-mug');
    expect(html).toContain('data-variant-option-name="Taille"');
    expect(html).toContain('data-variant-option-name="Émail"');
    expect(html).toContain('<option value="Céladon">Céladon</option>');
    // Sizes have no translation: the English values stay.
    expect(html).toContain('<option value="8 oz">8 oz</option>');
    expect(html).not.toContain('data-variant-option-name="Glaze"');
    const json = (await (await worker.fetch('/fr/shop/speckled-stoneware-mug?format=json')).json()) as any;
    const product = json.item.structuredContent;
    expect(product.variantOptionOrdering).toEqual(['Taille', 'Émail']);
    // Every variant names its options the same way, so the product form still finds the chosen one.
    expect(product.variants.map((v: any) => v.attributes)).toContainEqual({ Taille: '12 oz', Émail: "Flocon d'avoine" });
    expect(product.variants[0].optionValues).toEqual([{ optionName: 'Taille', value: '8 oz' }, { optionName: 'Émail', value: "Flocon d'avoine" }]);
    expect(json.item.tags).toEqual(['meilleure vente', 'arts de la table']);
    const shop = (await (await worker.fetch('/fr/shop?format=json')).json()) as any;
    expect(shop.collection.title).toBe('Boutique');
    // English stays English.
    const en = (await (await worker.fetch('/shop/speckled-stoneware-mug?format=json')).json()) as any;
    expect(en.item.structuredContent.variantOptionOrdering).toEqual(['Size', 'Glaze']);
    expect(en.item.tags).toEqual(['bestseller', 'tableware']);
    expect(((await (await worker.fetch('/shop?format=json')).json()) as any).collection.title).toBe('Shop');
  });

  it('the owner lists option, value, tag and collection texts with their state', async () => {
    // The demo translates every tag since lang25: 'coffee' is made untranslated again here.
    await worker.db.prepare("DELETE FROM translations WHERE kind = 'tag' AND entity_id = 'coffee' AND language = 'fr'").run();
    const res = await worker.fetch('/api/multilingual/translations?language=fr', { headers: owner.headers });
    const { texts } = (await res.json()) as { texts: { kind: string; entityId: string; fieldKey: string; source: string; text: string | null; status: string }[] };
    const find = (kind: string, entityId: string | null, fieldKey: string) => texts.find((t) => t.kind === kind && (entityId === null || t.entityId === entityId) && t.fieldKey === fieldKey);
    expect(find('tag', 'tableware', 'name')).toMatchObject({ source: 'tableware', text: 'arts de la table', status: 'done' });
    expect(find('tag', 'coffee', 'name')).toMatchObject({ source: 'coffee', text: null, status: 'missing' });
    expect(find('collection', null, 'title')).toBeDefined();
    expect(texts.filter((t) => t.kind === 'collection').map((t) => t.text)).toContain('Boutique');
    // Celadon on the mug is translated; the dinner plates' Celadon is its own text, still missing.
    expect(texts.filter((t) => t.fieldKey === 'value:Glaze:Celadon').map((t) => t.text).sort()).toEqual(['Céladon', null]);
    expect(find('product', null, 'option:Session')).toMatchObject({ source: 'Session', status: 'missing' });
  });

  it("a form's labels and button are French; its options stay the primary's (a post is checked against them)", async () => {
    const { html } = await page('/fr/contact');
    expect(html).toMatch(/<label[^>]*>\s*Sujet/);
    expect(html).toMatch(/<label[^>]*>\s*E-mail/);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>\s*Envoyer/);
    expect(html).toContain('An order');
    const en = await page('/contact');
    expect(en.html).toMatch(/<label[^>]*>\s*Topic/);
    expect(en.html).not.toContain('Envoyer');
    const res = await worker.fetch('/api/multilingual/translations?language=fr', { headers: owner.headers });
    const { texts } = (await res.json()) as { texts: { kind: string; fieldKey: string; entityTitle: string; text: string | null }[] };
    const contact = texts.filter((t) => t.kind === 'form' && t.entityTitle === 'Contact the studio');
    expect(contact.find((t) => t.fieldKey === 'topic:title')?.text).toBe('Sujet');
    // The products' additional-fields forms are not a page's form: not listed.
    expect(texts.some((t) => t.kind === 'form' && t.entityTitle === 'Gift message')).toBe(false);
  });

  it('a French visitor sees translated options and success text; the submission stores the canonical option', async () => {
    const ctx = (await (await worker.fetch('/contact?format=json')).json()) as { collection: { id: string; form: { id: string } } };
    const formId = ctx.collection.form.id;
    const put = (fieldKey: string, text: string) =>
      worker.fetch('/api/multilingual/translations', {
        method: 'PUT',
        headers: { ...owner.headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ kind: 'form', entityId: formId, fieldKey, language: 'fr', text, status: 'done' }),
      });
    expect((await put('topic:option:Workshops', 'Ateliers')).status).toBe(200);
    const fr = await page('/fr/contact');
    expect(fr.html).toContain('Ateliers');
    expect(fr.html).toContain('An order'); // untranslated options fall back
    expect((await page('/contact')).html).not.toContain('Ateliers');
    const v = await TestVisitor.arrive(worker, '/fr/contact');
    const key = (await v.req('POST', '/api/form/FormSubmissionKey', '')).json.key as string;
    await ageKeys(worker);
    const form = { name: ['Zoé', 'Martin'], email: 'zoe@example.fr', topic: 'Ateliers', message: 'Bonjour' };
    const saved = await v.req('POST', '/api/form/SaveFormSubmission', {
      key, form: JSON.stringify(form), pageTitle: 'Contact', pageId: ctx.collection.id, contentSource: 'c', pagePath: '/fr/contact',
    });
    expect(saved.status, saved.text).toBe(200);
    const row = await worker.db.prepare(`SELECT "values" AS data FROM form_submissions WHERE "values" LIKE ?`).bind("%zoe@example.fr%").first<{ data: string }>();
    expect(row!.data).toContain('Workshops');
    expect(row!.data).not.toContain('Ateliers');
  });

  it('dates are French on a French page', async () => {
    const { html } = await page('/fr/journal');
    expect(html).toMatch(/\b(?:janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre)\b/);
    const en = await page('/journal');
    expect(en.html).not.toMatch(/\b(?:janvier|février|septembre|octobre|novembre|décembre)\b/);
  });

  it('English pages stay English and carry hreflang alternates to French', async () => {
    const { res, html } = await page('/shop/speckled-stoneware-mug');
    expect(res.headers.get('content-language')).toBe('en-US');
    expect(html).toContain('Speckled Stoneware Mug');
    expect(html).toContain('<link rel="alternate" hreflang="fr" href="http://localhost/fr/shop/speckled-stoneware-mug">');
    expect(html).toContain('<link rel="alternate" hreflang="en-US" href="http://localhost/shop/speckled-stoneware-mug">');
    expect(html).toContain('<link rel="alternate" hreflang="x-default" href="http://localhost/shop/speckled-stoneware-mug">');
    // The switcher: absolute links to each version.
    expect(html).toMatch(/<nav class="language-switcher"[^>]*>.*href="http:\/\/localhost\/fr\/shop\/speckled-stoneware-mug" hreflang="fr"/s);
  });

  it('an unknown or removed language prefix is not a language: /de/ is an ordinary (missing) path', async () => {
    expect((await page('/de/about')).status).toBe(404);
  });

  it('never redirects on Accept-Language', async () => {
    const res = await worker.fetch('/', { headers: { 'Accept-Language': 'fr-FR,fr;q=0.9' }, redirect: 'manual' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-language')).toBe('en-US');
  });

  it('remembers the visitor choice in a cookie, and the primary again when they switch back', async () => {
    const fr = await worker.fetch('/fr/about');
    expect(fr.headers.get('set-cookie') ?? '').toMatch(/atelier-language=fr/);
    const same = await worker.fetch('/fr/shop', { headers: { Cookie: 'atelier-language=fr' } });
    expect(same.headers.get('set-cookie') ?? '').not.toMatch(/atelier-language/);
    const back = await worker.fetch('/about', { headers: { Cookie: 'atelier-language=fr' } });
    expect(back.headers.get('set-cookie') ?? '').toMatch(/atelier-language=en-US/);
    // A browser revalidating its copy (304) is remembered too.
    const etag = (await worker.fetch('/about')).headers.get('etag')!;
    const revalidated = await worker.fetch('/about', { headers: { Cookie: 'atelier-language=fr', 'If-None-Match': etag } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('set-cookie') ?? '').toMatch(/atelier-language=en-US/);
    const fresh = await worker.fetch('/about');
    expect(fresh.headers.get('set-cookie') ?? '').not.toMatch(/atelier-language/);
  });

  it("a signed-in shopper's switch is kept on their account (SPEC §7 account locale), once per switch", async () => {
    const account = async () => ((await (await worker.fetch('/api/site-users/account', { headers: owner.headers })).json()) as { language: string | null }).language;
    expect((await worker.fetch('/fr/about', { headers: owner.headers })).status).toBe(200);
    expect(await account()).toBe('fr');
    await worker.fetch('/about', { headers: { ...owner.headers, Cookie: `${owner.cookie}; atelier-language=fr` } });
    expect(await account()).toBe('en-US');
  });

  it('French search finds French products by French words', async () => {
    const fr = await page('/fr/search?q=soliflore');
    expect(fr.status).toBe(200);
    expect(fr.html).toContain('Soliflore');
    expect((await page('/fr/search?q=gigognes')).html).toContain('Bols gigognes');
    // The English search does not know the French words.
    expect((await page('/search?q=soliflore')).html).not.toContain('Bud Vase');
  });

  it('page hits in French search match the French words of translated pages, the primary words of the others', async () => {
    // 'potiers' is only in the French about page; 'potters' only in the English one.
    expect(await hits('/fr/search?q=potiers')).toEqual(['/fr/about À propos']);
    expect(await hits('/fr/search?q=potters')).toEqual([]);
    expect(await hits('/search?q=potiers')).toEqual([]);
    expect(await hits('/search?q=potters')).toEqual(['/about About']);
    // Contact has no translation: found by its (English) words, at its French address.
    expect(await hits('/fr/search?q=commission')).toEqual(['/fr/contact Contact']);
  });

  it('a page translation saved by the owner is searchable in French at once', async () => {
    const res = await worker.fetch('/api/multilingual/translations', {
      method: 'PUT',
      headers: { ...owner.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ kind: 'block', entityId: await pageId('contact'), fieldKey: 'title', language: 'fr', text: 'Écrivez-nous', status: 'done' }),
    });
    expect(res.status, await res.text()).toBe(200);
    expect(await hits(`/fr/search?q=${encodeURIComponent('écrivez')}`)).toEqual(['/fr/contact Écrivez-nous']);
    // Its texts not translated yet read (and match) in English, under the French title.
    expect(await hits('/fr/search?q=commission')).toEqual(['/fr/contact Écrivez-nous']);
    expect(await hits(`/search?q=${encodeURIComponent('écrivez')}`)).toEqual([]);
    expect(await hits('/search?q=commission')).toEqual(['/contact Contact']);
  });
});

describe('the page cache is keyed by language', () => {
  it('the same path under both prefixes: each misses once, then hits, and never serves the other language', async () => {
    const en1 = await worker.fetch('/shop/bud-vase');
    const fr1 = await worker.fetch('/fr/shop/bud-vase');
    const en2 = await worker.fetch('/shop/bud-vase');
    const fr2 = await worker.fetch('/fr/shop/bud-vase');
    expect([en1, fr1, en2, fr2].map((r) => r.headers.get('x-page-cache'))).toEqual(['MISS', 'MISS', 'HIT', 'HIT']);
    const [e1, f1, e2, f2] = await Promise.all([en1, fr1, en2, fr2].map((r) => r.text()));
    expect(e2).toBe(e1);
    expect(f2).toBe(f1);
    expect(e2).toContain('<html lang="en-US"');
    expect(f2).toContain('<html lang="fr"');
    expect(f2).toContain('Soliflore');
    expect(e2).not.toContain('Soliflore');
    expect(fr2.headers.get('content-language')).toBe('fr');
  });

  it("the checkout hands Stripe's Payment Element the page's language: 'fr' under /fr, 'en' for en-US, and its return_url under the prefix", async () => {
    const stripeProp = async (path: string) => {
      const { html } = await page(path);
      const attr = /data-prop-stripe="([^"]*)"/.exec(html)?.[1];
      return attr && JSON.parse(attr.replaceAll('&quot;', '"').replaceAll('&#34;', '"'));
    };
    expect(await stripeProp('/fr/checkout')).toEqual({ publishableKey: 'pk_test_localized', locale: 'fr', returnUrl: '/fr/checkout' });
    expect(await stripeProp('/checkout')).toEqual({ publishableKey: 'pk_test_localized', locale: 'en', returnUrl: '/checkout' });
  });

  it('the French cart is never cached', async () => {
    const res = await worker.fetch('/fr/cart');
    expect(res.headers.get('x-page-cache')).not.toBe('HIT');
    expect((await worker.fetch('/fr/cart')).headers.get('x-page-cache')).not.toBe('HIT');
  });
});

describe('sitemap alternates', () => {
  it('lists every page in both languages, and every hreflang pair points both ways', async () => {
    const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => ['url', 'xhtml:link'].includes(name) });
    const text = await (await worker.fetch('/sitemap.xml')).text();
    const urls = parser.parse(text).urlset.url as { loc: string; 'xhtml:link': Record<string, string>[] }[];
    const alternatesOf = new Map(urls.map((u) => [u.loc, u['xhtml:link']]));
    expect(alternatesOf.has('http://localhost/fr/')).toBe(true);
    expect(alternatesOf.has('http://localhost/fr/shop/speckled-stoneware-mug')).toBe(true);
    for (const u of urls) {
      const links = u['xhtml:link'];
      expect(links.map((l) => l['@_hreflang']).sort()).toEqual(['en-US', 'fr', 'x-default']);
      // The entry names itself among its alternates, and each alternate names this entry back.
      expect(links.some((l) => l['@_href'] === u.loc)).toBe(true);
      for (const l of links) {
        const back = alternatesOf.get(l['@_href']);
        expect(back, `${l['@_href']} is listed`).toBeDefined();
        expect(back!.some((b) => b['@_href'] === u.loc)).toBe(true);
      }
    }
    // Pages say the same as the sitemap.
    const fr = await page('/fr/about');
    expect(fr.html).toContain('<link rel="alternate" hreflang="en-US" href="http://localhost/about">');
    expect(fr.html).toContain('<link rel="alternate" hreflang="fr" href="http://localhost/fr/about">');
  });
});

describe('turning multilingual off', () => {
  it('DELETE /api/multilingual/connection: one language again, /fr/ is gone, the translations kept', async () => {
    const before = (await worker.db.prepare('SELECT count(*) AS n FROM translations').first<{ n: number }>())!.n;
    const res = await worker.fetch('/api/multilingual/connection', { method: 'DELETE', headers: owner.headers });
    expect(res.status).toBe(200);
    expect((await page('/fr/about')).status).toBe(404);
    expect((await page('/about')).html).not.toContain('hreflang');
    expect((await worker.db.prepare('SELECT count(*) AS n FROM translations').first<{ n: number }>())!.n).toBe(before);
  });
});
