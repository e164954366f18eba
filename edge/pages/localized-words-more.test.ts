import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, startFrenchSite, type FrenchSite } from '../api/multilingual/test-french.js';
import { setStock, variantOf } from '../api/commerce/test-catalog.js';
import { TestVisitor } from '../api/commerce/test-visitor.js';
import { addOne } from '../api/commerce/test-checkout.js';

/**
 * Issue 29 (lang20), the last storefront words a screenshot review found in English on /fr: the
 * 404 page's sentence and home link, the search page's placeholder, count and empty result. Each
 * in French under /fr and, on the primary language's pages, the exact English of before. The
 * checkout island's gift-card lines come in its `texts` prop.
 */
let site: FrenchSite;
const NBSP = '\u00a0';
// Intl's French spaces: a no-break space or a narrow one.
const FR_SPACE = '[\u00a0\u202f]';

beforeAll(async () => {
  site = await startFrenchSite();
  await setStock(site.worker.db, 'FK-MUG-08-OAT', 100);
}, 120_000);
afterAll(() => site?.worker.dispose());

const page = async (path: string, cookie?: string) => {
  const res = await site.worker.fetch(path, cookie ? { headers: { Cookie: cookie } } : {});
  return { status: res.status, html: await res.text() };
};

describe("the 404 and search pages' words", () => {
  it('are French on a missing French page, English on a missing English one', async () => {
    const fr = await page('/fr/no-such-page');
    expect(fr.status).toBe(404);
    expect(fr.html).toContain("<p>Nous n'avons pas trouvé la page que vous cherchiez. Elle a peut-être été déplacée ou n'existe plus.</p>");
    expect(fr.html).toContain('<input id="not-found-q" type="search" name="q" placeholder="Rechercher des produits et des articles" maxlength="200">');
    expect(fr.html).toContain("<a class=\"button\" href=\"/fr/\">Retour à l'accueil</a>");
    expect(fr.html).not.toContain('Back to the home page');

    const en = await page('/no-such-page');
    expect(en.status).toBe(404);
    expect(en.html).toContain('<p>We could not find the page you were looking for. It may have moved or no longer exists.</p>');
    expect(en.html).toContain('<input id="not-found-q" type="search" name="q" placeholder="Search products and posts" maxlength="200">');
    expect(en.html).toContain('<a class="button" href="/">Back to the home page</a>');
  });

  it("say the count, the placeholder and 'Nothing matched' in French; the English as before", async () => {
    // One hit (since lang25 a journal post names the 'soliflores' too): the nesting bowls.
    const found = await page('/fr/search?q=gigognes');
    expect(found.html).toContain('placeholder="Rechercher des produits et des articles"');
    expect(found.html).toMatch(new RegExp(`<p class="post-meta search-count">1 résultat pour «${NBSP}gigognes${NBSP}»</p>`));
    const none = await page('/fr/search?q=zzqxw%3C');
    expect(none.html).toContain(`<p class="post-meta search-count">0 résultat pour «${NBSP}zzqxw&lt;${NBSP}»</p>`);
    expect(none.html).toContain("<p class=\"empty-state\">Aucun résultat. Essayez avec moins de mots ou d'autres mots.</p>");

    const en = await page('/search?q=zzqxw%3C');
    expect(en.html).toContain('placeholder="Search products and posts"');
    expect(en.html).toContain('<p class="post-meta search-count">0 results for “zzqxw&lt;”</p>');
    expect(en.html).toContain('<p class="empty-state">Nothing matched. Try fewer or different words.</p>');
    const one = await page('/search?q=gigognes');
    expect(one.html).not.toContain('Nesting Bowls');
    expect((await page('/search?q=vase')).html).toMatch(/<p class="post-meta search-count">\d+ results? for “vase”<\/p>/);
  });
});

/** A visitor with a mug in the cart, so /checkout shows the form. */
async function shopper(ip: string): Promise<string> {
  const v = new TestVisitor(site.worker, ip);
  await v.visit('/fr/');
  const variant = await variantOf(site.worker.db, 'FK-MUG-08-OAT');
  expect((await addOne(v, variant.itemId, 'FK-MUG-08-OAT', 1)).status).toBe(200);
  return cookieHeader(v.jar);
}

/** The checkout island's props: `name` as JSON. */
function checkoutProp(html: string, name: string): unknown {
  const section = /<section class="checkout" data-island="checkout"[^>]*>/.exec(html)![0];
  const value = new RegExp(`data-prop-${name}="([^"]*)"`).exec(section)![1]!;
  return JSON.parse(value.replaceAll('&quot;', '"').replaceAll('&#34;', '"').replaceAll('&#39;', "'").replaceAll('&amp;', '&'));
}

describe("the checkout island's gift-card lines", () => {
  it("come as 'Carte cadeau (se terminant par …)' and 'À payer par carte' on /fr/checkout; English on /checkout", async () => {
    const cookie = await shopper('198.51.100.71');
    const fr = await page('/fr/checkout', cookie);
    expect(fr.status).toBe(200);
    expect(checkoutProp(fr.html, 'texts')).toMatchObject({ checkoutGiftCardEnding: 'Carte cadeau (se terminant par {last4})', checkoutToPayByCard: 'À payer par carte' });
    const en = await page('/checkout', cookie);
    expect(checkoutProp(en.html, 'texts')).toMatchObject({ checkoutGiftCardEnding: 'Gift card (ending {last4})', checkoutToPayByCard: 'To pay by card' });
  });
});

describe('the country names on a French checkout', () => {
  it("pass the page's language to the checkout island (its select names the countries with it); none on /checkout", async () => {
    const cookie = await shopper('198.51.100.72');
    const fr = await page('/fr/checkout', cookie);
    expect(checkoutProp(fr.html, 'locale')).toBe('fr');
    const en = await page('/checkout', cookie);
    expect(/<section class="checkout" data-island="checkout"[^>]*>/.exec(en.html)![0]).not.toContain('data-prop-locale');
  });

  it("name the country in the address suggestions and the chosen place in the language the island sends", async () => {
    const places = '/api/google-maps/places';
    const fr = (await (await site.worker.fetch(`${places}/autocomplete?input=90210&country=US&language=fr`)).json()) as { predictions: { secondaryText: string }[] };
    expect(fr.predictions[0]!.secondaryText).toBe('CA 90210, États-Unis');
    const place = (await (await site.worker.fetch(`${places}/details?placeId=local:US:z90210&productPage=checkout&productSection=shipping-address&language=fr`)).json()) as { place: { formattedAddress: string } };
    expect(place.place.formattedAddress).toBe('Beverly Hills, CA 90210, États-Unis');
    const en = (await (await site.worker.fetch(`${places}/autocomplete?input=90210&country=US`)).json()) as { predictions: { secondaryText: string }[] };
    expect(en.predictions[0]!.secondaryText).toBe('CA 90210, United States');
  });
});

describe("the donate page's cover-the-fee rule", () => {
  it("reads '2,9 % + 0,30 $US' on /fr/donate; '2.9% + $0.30' on /donate", async () => {
    const fr = await page('/fr/donate?amount=2500');
    expect(fr.status).toBe(200);
    expect(fr.html).toMatch(new RegExp(`> Couvrir les frais de carte \\(2,9${FR_SPACE}% \\+ 0,30${FR_SPACE}\\$US\\) pour que tout votre don arrive</label>`));
    expect(fr.html).not.toContain('2.9%');
    const en = await page('/donate?amount=2500');
    expect(en.html).toContain('> Cover the card fee (2.9% + $0.30) so all of your gift arrives</label>');
  });
});
