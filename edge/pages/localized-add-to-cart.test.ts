import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningWorker } from '../test-support.js';
import { startFrenchSite } from '../api/multilingual/test-french.js';

/**
 * Issue 29 (lang17): the add-to-cart button's passing words, its alert texts and the added
 * popover's words reach the islands with a French page (their `texts` prop, the theme texts):
 * the product page's form, the listing cards and the cart pill. English pages carry no such
 * prop (the islands keep their English defaults, byte for byte as before).
 */
let worker: RunningWorker;
const MUG = '/shop/speckled-stoneware-mug';

beforeAll(async () => {
  ({ worker } = await startFrenchSite());
}, 120_000);
afterAll(() => worker?.dispose());

const html = async (path: string) => (await worker.fetch(path)).text();
const unescape = (s: string) => s.replace(/&(quot|#39|#x27|lt|gt|amp);/g, (_, e: string) => ({ quot: '"', '#39': "'", '#x27': "'", lt: '<', gt: '>', amp: '&' })[e]!);
const prop = (page: string, island: string, name: string) => {
  const found = new RegExp(`data-island="${island}"[^>]* data-prop-${name}="([^"]*)"`).exec(page);
  return found ? (JSON.parse(unescape(found[1]!)) as Record<string, unknown>) : undefined;
};

const FRENCH_BUTTON = {
  adding: 'Ajout…',
  added: 'Ajouté\u00a0!',
  addTitle: "Impossible d'ajouter l'article",
  purchaseTitle: "Impossible d'acheter l'article",
  notEnoughStock: "Désolé, nous n'avons pas assez de cet article en stock.",
  selectOneOption: "Veuillez choisir l'option {option}.",
  soldOut: 'Épuisé',
};

describe("the add-to-cart button's words on French pages (lang17)", () => {
  it("the /fr product page's form island carries the French words", async () => {
    const page = await html(`/fr${MUG}`);
    expect(prop(page, 'product-form', 'texts')).toMatchObject(FRENCH_BUTTON);
  });

  it('the /fr listing cards carry them, and the cart pill the popover words', async () => {
    const page = await html('/fr/shop');
    expect(prop(page, 'add-to-cart', 'texts')).toMatchObject(FRENCH_BUTTON);
    expect(prop(page, 'cart-pill', 'texts')).toMatchObject({ addedToCart: '{title} a été ajouté à votre panier.', close: 'Fermer' });
  });

  it("English pages carry no texts prop: the islands' English stays as it was", async () => {
    for (const path of [MUG, '/shop', '/']) {
      const page = await html(path);
      expect(page, path).not.toContain('data-prop-texts=');
    }
    expect(await html(MUG)).toMatch(/data-island="product-form"[^>]* data-prop-locale="&quot;en-US&quot;">/);
  });
});
