import { describe, expect, it } from 'vitest';
import { islandsHydrated, islandsReached, openFrenchWorkshopDialog, recordAdds, useStorefront } from './harness.js';

/**
 * Issue 29 review: on the French home page, 'Ajouter au panier' on the card of a product with
 * options (the mug, in the summary block) was said to do nothing. It does what the English page
 * does (SPEC §4): no cart call, the button says 'Select Option' (in French since lang15:
 * 'Choisissez une option') and rests for 2000 ms. And the cart pill's hidden words are the
 * page's language, and its link is /fr/cart. Since lang17 the button's passing words ('Ajout…',
 * 'Ajouté !'), its alert and the added popover are French too.
 */
const store = useStorefront();
const START = Date.now();

describe('French listing add-to-cart and cart pill', () => {
  it("a product with options on /fr/ pauses on 'Select Option' like the English page, adding nothing", async () => {
    const { page } = await store.visitor();
    const adds = recordAdds(page);
    await page.clock.install({ time: START });
    await page.goto(store.url('/fr/'));
    await islandsReached(page, '[data-island="add-to-cart"], [data-island="cart-pill"]');
    await page.clock.pauseAt(START + 60_000);
    const card = page.locator('.product-card', { has: page.getByRole('link', { name: 'Tasse en grès moucheté', exact: true }) });
    const button = card.locator('button.sqs-add-to-cart-button');
    expect(await button.innerText()).toBe('Ajouter au panier');
    await button.click();
    expect(await button.innerText()).toBe('Choisissez une option');
    expect(await button.isDisabled()).toBe(true);
    await page.clock.runFor(2000);
    expect(await button.innerText()).toBe('Ajouter au panier');
    expect(await button.isDisabled()).toBe(false);
    expect(adds).toEqual([]);
  });

  it("the cart pill's hidden words are French on /fr/ ('Panier, 1 article, ')", async () => {
    const { page } = await store.visitor();
    await page.goto(store.url('/fr/shop'));
    await islandsReached(page, '[data-island="add-to-cart"], [data-island="cart-pill"]');
    const card = page.locator('.product-card', { has: page.getByRole('link', { name: 'Incense Holder', exact: true }) });
    await card.locator('button.sqs-add-to-cart-button').click();
    const pill = page.locator('a.cart-pill');
    await expect.poll(() => pill.locator('.cart-pill-count').textContent()).toBe('1');
    // The count sits between the two hidden spans: 'Panier, 1 article, 12,00 $US'.
    expect(await pill.locator('.visually-hidden').allTextContents()).toEqual(['Panier, ', ' article, ']);
    // Its link keeps the page's language (lang15).
    expect(await pill.getAttribute('href')).toBe('/fr/cart');
  });

  it("on /fr/cart, editing a line's additional fields opens the French form (the product page under /fr)", async () => {
    const { page } = await store.visitor();
    const dialog = await openFrenchWorkshopDialog(store, page);
    await dialog.getByLabel('Prénom').fill('Zoé');
    await dialog.getByLabel('Nom', { exact: true }).fill('Martin');
    await dialog.getByRole('radio').first().check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.waitForFunction(() => document.cookie.includes('hasCart=true'));
    await page.goto(store.url('/fr/cart'));
    await islandsHydrated(page, '[data-island="cart"]');
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.locator('[data-island="cart"] .cart-entry-edit').first().click();
    const again = page.getByRole('dialog', { name: 'Workshop details' });
    await again.waitFor();
    expect(await again.locator('select option').first().textContent()).toBe('Choisir');
    expect(requested).toContain('/fr/shop/intro-wheel-workshop');
  });

  it("on /fr/shop a card's add says 'Ajout…' then 'Ajouté\u00a0!', and the added popover is French (lang17)", async () => {
    const { page } = await store.visitor();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/commerce/shopping-cart/entries', async (route) => {
      await held;
      await route.continue();
    });
    await page.clock.install({ time: START });
    await page.goto(store.url('/fr/shop'));
    await islandsReached(page, '[data-island="add-to-cart"], [data-island="cart-pill"]');
    await page.clock.pauseAt(START + 60_000);
    const card = page.locator('.product-card', { has: page.getByRole('link', { name: 'Incense Holder', exact: true }) });
    const button = card.locator('button.sqs-add-to-cart-button');
    await button.click();
    await expect.poll(() => button.innerText()).toBe('Ajout…');
    release();
    await expect.poll(() => button.innerText()).toBe('Ajouté\u00a0!');
    const popover = page.locator('.added-popover');
    await popover.waitFor();
    expect(await popover.locator('p').innerText()).toBe('Incense Holder a été ajouté à votre panier.');
    expect(await popover.getByRole('button').innerText()).toBe('Fermer');
    expect(await page.locator('.cart-pill ~ [aria-live]').textContent()).toBe('Incense Holder a été ajouté à votre panier.');
    // SPEC §9's delays are unchanged: 'Added!' for 1 s + 2 s, the popover for 3000 ms.
    await page.clock.runFor(3000);
    expect(await button.innerText()).toBe('Ajouter au panier');
    expect(await popover.count()).toBe(0);
  });

  it("on /fr/shop a refused add shows the alert in French ('Impossible d'ajouter l'article')", async () => {
    store.allow(/409/);
    const { page } = await store.visitor();
    await page.route('**/api/commerce/shopping-cart/entries', (route) =>
      route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ error: 'out_of_stock', message: 'Sorry, we do not have enough of that item available.' }) }),
    );
    await page.goto(store.url('/fr/shop'));
    await islandsReached(page, '[data-island="add-to-cart"], [data-island="cart-pill"]');
    const card = page.locator('.product-card', { has: page.getByRole('link', { name: 'Incense Holder', exact: true }) });
    await card.locator('button.sqs-add-to-cart-button').click();
    const alert = card.getByRole('alert');
    await alert.waitFor();
    expect(await alert.locator('strong').innerText()).toBe("Impossible d'ajouter l'article");
    expect(await alert.locator('p').innerText()).toBe("Désolé, nous n'avons pas assez de cet article en stock.");
  });

  it("on /fr/shop the quick view reads the product under /fr: its button and popover say 'Ajouté\u00a0!' and French words (lang17)", async () => {
    const { page } = await store.visitor();
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.clock.install({ time: START });
    await page.goto(store.url('/fr/shop'));
    await islandsReached(page, '[data-island="add-to-cart"], [data-island="cart-pill"]');
    await page.clock.pauseAt(START + 60_000);
    const card = page.locator('.product-card', { has: page.getByRole('link', { name: 'Everyday Tumbler', exact: true }) });
    await card.scrollIntoViewIfNeeded();
    const open = card.locator('.sqs-product-quick-view-button');
    await open.waitFor();
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Everyday Tumbler' });
    await dialog.waitFor();
    expect(requested).toContain('/fr/shop/everyday-tumbler');
    expect(await dialog.locator('a[href="/fr/shop/everyday-tumbler"]').count()).toBe(1);
    // Its link to the product page in French too (lang19: themeTexts.viewDetails).
    expect(await dialog.locator('a[href="/fr/shop/everyday-tumbler"]').innerText()).toBe('Voir le détail de Everyday Tumbler');
    const button = dialog.locator('button.sqs-add-to-cart-button');
    expect(await button.innerText()).toBe('Ajouter au panier');
    await button.click();
    expect(await dialog.getByRole('alert').locator('p').innerText()).toMatch(/^Veuillez choisir l'option /);
    await dialog.getByRole('combobox').first().selectOption({ index: 1 });
    await button.click();
    await expect.poll(() => button.innerText()).toBe('Ajouté\u00a0!');
    await page.locator('.added-popover').waitFor();
    expect(await page.locator('.added-popover p').innerText()).toBe('Everyday Tumbler a été ajouté à votre panier.');
  });

  it("the journal's pagination and a product's empty reviews read French on /fr (lang16)", async () => {
    const { page } = await store.visitor();
    await page.goto(store.url('/fr/journal'));
    const pages = page.getByRole('navigation', { name: 'Pages' });
    expect(await page.locator('.collection-header .post-meta').innerText()).toBe('10 articles');
    expect(await pages.innerText()).toMatch(/← Page précédente\s+Page 1 sur 2\s+Page suivante →/);
    await pages.getByRole('link', { name: 'Page suivante →' }).click();
    await page.waitForURL(/\/fr\/journal\?page=2$/);
    expect(await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: '← Page précédente' }).getAttribute('href')).toBe('/fr/journal');
    await page.goto(store.url('/fr/shop/bud-vase'));
    const reviews = page.getByRole('region', { name: 'Avis' });
    expect(await reviews.locator('.reviews-empty').innerText()).toBe("Aucun avis pour l'instant.");
    // The review form island speaks French too: its button, labels and its own check.
    await reviews.locator('[data-island="review-form"]').hover();
    await islandsHydrated(page, '[data-island="review-form"]');
    await reviews.getByRole('button', { name: 'Écrire un avis' }).click();
    const form = page.getByRole('form', { name: 'Avis sur Soliflore' });
    await form.getByRole('button', { name: "Envoyer l'avis" }).click();
    expect(await form.locator('.field-error').allInnerTexts()).toEqual(['Choisissez une note de 1 à 5 étoiles.', 'Écrivez quelques mots sur le produit.', 'Indiquez votre nom.', "L'adresse e-mail n'est pas valide."]);
    expect(await form.getByText('Votre note').count()).toBe(1);
    expect(await form.getByLabel('5 étoiles').count()).toBe(1);
    expect(await page.getByRole('navigation', { name: 'Plus' }).count()).toBe(1);
  });
});
