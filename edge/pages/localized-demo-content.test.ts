import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFrenchSite, type FrenchSite } from '../api/multilingual/test-french.js';

/**
 * Issue 29 (lang25): the demo's own words on its French pages. The journal posts (title, excerpt,
 * body), the posts' categories and tags, the products' excerpts and bodies and more of their
 * option names and values are seeded in
 * French (fixtures/demo/translations.json); the English pages keep the owner's English. A post's
 * words are translatable texts of the owner's list like a product's (kind `product`, the item id).
 */
let site: FrenchSite;
const NBSP = '\u00a0';

beforeAll(async () => {
  site = await startFrenchSite();
}, 120_000);
afterAll(() => site?.worker.dispose());

const html = async (path: string) => {
  const res = await site.worker.fetch(path);
  expect(res.status, path).toBe(200);
  return res.text();
};

describe("the demo's owner content on /fr", () => {
  it('a journal post reads in French (title, body, category, tags); the English post as written', async () => {
    const fr = await html('/fr/journal/opening-the-winter-kiln');
    expect(fr).toContain("L'ouverture du four d'hiver");
    expect(fr).toContain(`<p>Nous avons enfourné 176 pièces jeudi${NBSP}: des tasses,`);
    expect(fr).toContain('Merci à toutes celles et ceux qui sont passés boire un cidre');
    expect(fr).not.toContain('Thank you to everyone who came by');
    expect(fr).toContain('four à gaz');
    expect(fr).not.toContain('Opening the Winter Kiln');
    // The next post's link names it in French too.
    expect(fr).toContain('Pourquoi nous cuisons presque tout au cône 6');
    expect(fr).not.toContain('Why We Fire Most Things to Cone 6');

    const en = await html('/journal/opening-the-winter-kiln');
    expect(en).toContain('Opening the Winter Kiln');
    expect(en).toContain('Thank you to everyone who came by for cider and cookies while we unloaded.');
    expect(en).not.toContain("L'ouverture du four d'hiver");
  });

  it("the journal's list shows the French titles and excerpts, its links under /fr", async () => {
    const fr = await html('/fr/journal');
    expect(fr).toContain('Pourquoi nous cuisons presque tout au cône 6');
    expect(fr).toContain('Une semaine de tasses');
    expect(fr).toContain('/fr/journal/a-week-of-mugs');
    expect(fr).not.toContain('A Week of Mugs');
  });

  it("a product's excerpt and body are French on /fr (its title as the owner wrote it)", async () => {
    const fr = await html('/fr/shop/incense-holder');
    expect(fr).toContain('Une coupelle basse qui recueille la cendre.');
    expect(fr).toContain('Pour bâtonnets standard. Émail mat anthracite.');
    expect(fr).not.toContain('A low dish that catches the ash.');
    expect(await html('/shop/incense-holder')).toContain('A low dish that catches the ash.');
  });

  it("more products' option names and values are French on /fr ('Couleur', 'Mousse'); English on /shop", async () => {
    const fr = (await (await site.worker.fetch('/fr/shop/bud-vase?format=json')).json()) as { item: { structuredContent: { variantOptionOrdering: string[]; variants: { attributes: Record<string, string> }[] } } };
    expect(fr.item.structuredContent.variantOptionOrdering).toEqual(['Couleur']);
    expect(fr.item.structuredContent.variants.map((v) => v.attributes.Couleur)).toEqual(['Mousse', 'Ocre', 'Craie']);
    expect(await html('/fr/shop/mug-making-date-night')).toContain(`ven. 13 févr., 18${NBSP}h`);
    expect(await html('/shop/bud-vase')).toContain('Moss');
  });

  it("the owner's translations list has the posts' words, done in French", async () => {
    const res = await site.worker.fetch('/api/multilingual/translations?language=fr', { headers: site.owner.headers });
    expect(res.status).toBe(200);
    const { texts } = (await res.json()) as { texts: { kind: string; fieldKey: string; entityTitle: string; source: string; text: string | null; status: string }[] };
    const post = texts.filter((t) => t.kind === 'product' && t.entityTitle === 'Opening the Winter Kiln');
    expect(post.map((t) => t.fieldKey).sort()).toEqual(['body', 'excerpt', 'title']);
    expect(post.every((t) => t.status === 'done')).toBe(true);
    expect(post.find((t) => t.fieldKey === 'title')?.text).toBe("L'ouverture du four d'hiver");
    expect(texts.find((t) => t.kind === 'category' && t.source === 'Kiln Notes')).toMatchObject({ text: 'Carnet du four', status: 'done' });
  });
});
