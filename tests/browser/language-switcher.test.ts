import { describe, expect, it } from 'vitest';
import { islandsHydrated, openFrenchWorkshopDialog, useStorefront } from './harness.js';
import { ifMatch, textLayout } from '../../edge/api/pages/test-pages.js';
import { autosave, openEditor, pagesApi, POLL } from './page-editor-support.js';
import { signedInOwner } from './owner-harness.js';
import { createSiteUser } from '../../edge/test-support.js';

/**
 * Issue 29: the header's language switcher (plain links, no script of its own) on a product
 * page: a visitor switches to French and back; the choice is remembered in a cookie. Then the
 * Must show walk: switched to French, a visitor adds to cart, checks out with the test card,
 * sees the French confirmation, and the confirmation mail in the outbox is French; the contact
 * form's messages are French on /fr, and so are the restock sign-up and the additional-fields dialog. The demo
 * seed publishes French: nothing is switched on here.
 */
const store = useStorefront();

describe('language switcher', () => {
  it('switches a product page to French and back', async () => {
    const { page, context } = await store.visitor();
    await page.goto(store.url('/shop/speckled-stoneware-mug'));
    const switcher = page.getByRole('navigation', { name: 'Language' });
    await expect.poll(() => switcher.getByRole('link', { name: 'English (United States)' }).getAttribute('aria-current')).toBe('true');
    await switcher.getByRole('link', { name: 'Français' }).click();
    await page.waitForURL(/\/fr\/shop\/speckled-stoneware-mug$/);
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Tasse en grès moucheté');
    expect(await page.locator('.site-main').textContent()).toMatch(/36,00\s\$/);
    // The menu's label and the breadcrumb's collection title, both French and under /fr.
    const shopLinks = page.getByRole('link', { name: 'Boutique', exact: true });
    expect(await shopLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(['/fr/shop', '/fr/shop']);
    expect((await context.cookies()).find((c) => c.name === 'atelier-language')?.value).toBe('fr');
    // The options and values are French, and the product form still finds the chosen variant.
    await islandsHydrated(page, '[data-island="product-form"]');
    const purchase = page.locator('.product-purchase');
    await purchase.locator('select[data-variant-option-name="Taille"]').selectOption('12 oz');
    await purchase.locator('select[data-variant-option-name="Émail"]').selectOption("Flocon d'avoine");
    await purchase.getByRole('button', { name: 'Ajouter au panier' }).click();
    await page.waitForFunction(() => document.cookie.includes('hasCart=true'));
    // On the French page the switcher's label is French too (themeTexts.language).
    await page.getByRole('navigation', { name: 'Langue' }).getByRole('link', { name: 'English (United States)' }).click();
    await page.waitForURL(/\/shop\/speckled-stoneware-mug$/);
    expect(new URL(page.url()).pathname).toBe('/shop/speckled-stoneware-mug');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Speckled Stoneware Mug');
    expect((await context.cookies()).find((c) => c.name === 'atelier-language')?.value).toBe('en-US');
  });

  it('a French shopper adds to cart, checks out with the test card and gets the confirmation in French', async () => {
    const { page } = await store.visitor();
    await page.goto(store.url('/shop/incense-holder'));
    await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Français' }).click();
    await page.waitForURL(/\/fr\/shop\/incense-holder$/);
    await islandsHydrated(page, '[data-island="product-form"], [data-island="cart-pill"]');
    await page.locator('.product-purchase').getByRole('button', { name: 'Ajouter au panier' }).click();
    await page.waitForFunction(() => document.cookie.includes('hasCart=true'));
    await page.goto(store.url('/fr/cart'));
    await islandsHydrated(page, '[data-island="cart"]');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Votre panier');
    expect(await page.locator('.cart-summary').innerText()).toMatch(/Sous-total \(1 article\)/);
    // The island's own line: its button in French and the product link under /fr.
    const line = page.locator('[data-island="cart"] .cart-entry');
    await expect.poll(() => line.getByRole('button', { name: 'Retirer' }).count()).toBe(1);
    expect(await line.getByRole('link').first().getAttribute('href')).toBe('/fr/shop/incense-holder');
    await page.getByRole('link', { name: 'Paiement', exact: true }).click();
    await page.waitForURL(/\/fr\/checkout$/);
    await islandsHydrated(page, '[data-island="checkout"]');
    const checkout = page.locator('[data-island="checkout"]');
    expect(await checkout.getByRole('heading', { level: 1 }).textContent()).toBe('Paiement');
    await checkout.getByLabel('E-mail', { exact: true }).fill('camille@example.fr');
    await checkout.getByLabel('Prénom', { exact: true }).fill('Camille');
    await checkout.getByLabel('Nom', { exact: true }).fill('Martin');
    await checkout.getByLabel('Adresse', { exact: true }).fill('1 Main St');
    await page.keyboard.press('Escape');
    await checkout.getByLabel('Ville', { exact: true }).fill('Portland');
    await checkout.getByLabel('État / région').selectOption('OR');
    await checkout.getByLabel('Code postal').fill('97201');
    await page.keyboard.press('Tab');
    // The radio follows the cart the server answers (a controlled input): click, then wait for it.
    await checkout.getByRole('radio', { name: /Standard/ }).click();
    await expect.poll(() => checkout.getByRole('radio', { name: /Standard/ }).isChecked()).toBe(true);
    // The summary in French with French money ('8,00 $').
    await expect.poll(() => checkout.locator('.order-summary').innerText()).toMatch(/Livraison:\s*8,00\s\$/);
    // The gift card field is French, and paying without a card names the fields in French (live region).
    expect(await checkout.getByLabel('Code de la carte cadeau').count()).toBe(1);
    expect(await checkout.getByRole('button', { name: 'Appliquer la carte cadeau' }).count()).toBe(1);
    store.allow(/HTTP 400 \/api\/commerce\/orders|status of 400/);
    await checkout.getByRole('button', { name: /^Passer la commande/ }).click();
    await expect.poll(() => checkout.locator('.checkout-announcer').textContent()).toMatch(/^\d+ champs? (est|sont) à vérifier\u00a0: .*Numéro de carte/);
    await checkout.getByLabel('Numéro de carte').fill('4242 4242 4242 4242');
    await checkout.getByLabel('Expiration (MM/AA)').fill('12/34');
    await checkout.getByLabel('Cryptogramme').fill('123');
    await checkout.getByRole('button', { name: /^Passer la commande/ }).click();
    await page.waitForURL(/\/fr\/order-confirmed\?order=/);
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    const heading = await page.getByRole('heading', { level: 1 }).innerText();
    const number = /^Merci\u00a0! La commande n°\u00a0(\d{4,}) est confirmée\.$/.exec(heading)?.[1];
    expect(number, heading).toBeDefined();
    expect(await page.locator('.order-confirmed').innerText()).toContain('Une confirmation a été envoyée à camille@example.fr.');
    const mail = await store.worker.db
      .prepare(`SELECT subject, text_body AS text FROM mail_outbox WHERE kind = 'order-confirmation' AND to_address = ?`)
      .bind('camille@example.fr')
      .first<{ subject: string; text: string }>();
    expect(mail?.subject).toBe(`Fern & Kiln\u00a0: commande n°\u00a0${number} confirmée`);
    expect(mail?.text).toContain(`Merci pour votre commande n°\u00a0${number}.`);
    expect(mail?.text).toMatch(/\/fr\/order-status\?order=/);
  });

  it('a visitor on /fr submits the contact form empty and reads the French messages', async () => {
    const { page } = await store.visitor();
    await page.goto(store.url('/fr/contact'));
    const form = page.locator('.page-body [data-island="form"]');
    await form.scrollIntoViewIfNeeded();
    await islandsHydrated(page, '.page-body [data-island="form"]');
    expect(await form.locator('select[name="topic"] option').first().textContent()).toBe('Choisissez une option');
    await form.getByRole('button', { name: 'Envoyer' }).click();
    await expect.poll(() => form.locator('.field-error').allTextContents()).toEqual(['Obligatoire', 'Obligatoire', 'Obligatoire']);
    expect(await form.locator('.form-message').textContent()).toBe('Un ou plusieurs champs ne sont pas valides, veuillez vérifier votre saisie.');
    expect(await form.locator('.form-notice-above').textContent()).toMatch(/^Votre formulaire comporte une erreur\./);
  });

  it('a visitor on /fr signs up for a restock notice and reads French', async () => {
    const { page } = await store.visitor();
    await page.goto(store.url('/fr/shop/moon-jar'));
    await islandsHydrated(page, '[data-island="product-form"]');
    const restock = page.locator('.product-restock');
    await restock.locator('.restock-idle').waitFor();
    expect(await restock.locator('.product-restock-cta').textContent()).toBe('Recevez un e-mail dès que ce produit est de nouveau en stock');
    expect(await restock.locator('input[name=email]').getAttribute('placeholder')).toBe('Adresse e-mail');
    // The island's own check, then the API's answer, both in French.
    await restock.getByRole('button', { name: "S'inscrire" }).click();
    await expect.poll(() => restock.locator('.product-restock-error').textContent()).toBe("L'adresse e-mail ne peut pas être vide");
    await restock.locator('input[name=email]').fill('lune@example.fr');
    await restock.getByRole('button', { name: "S'inscrire" }).click();
    await restock.locator('.product-restock-success').waitFor();
    const row = await store.worker.db.prepare("SELECT language FROM restock_signups WHERE email = 'lune@example.fr'").first<{ language: string }>();
    expect(row?.language).toBe('fr');
  });

  it("a visitor on /fr opens a workshop's additional-fields dialog: its own words are French, the owner's form as written", async () => {
    const { page } = await store.visitor();
    const dialog = await openFrenchWorkshopDialog(store, page);
    expect(await dialog.locator('select option').first().textContent()).toBe('Choisir');
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect(await dialog.locator('.field-error').allTextContents()).toEqual(['Obligatoire', 'Obligatoire']);
    await dialog.getByLabel('Prénom').fill('Zoé');
    await dialog.getByLabel('Nom', { exact: true }).fill('Martin');
  });

  it('the owner gives a page its own French layout, adds a block and publishes: /fr shows it, / does not', async () => {
    const api = await pagesApi(store);
    const created = await api('POST', '', { title: 'Atelier days', slug: 'atelier-days' });
    const id = created.json.page.id as string;
    expect((await api('PUT', `/${id}/draft`, { layout: textLayout('Open studio every Saturday') }, ifMatch(1))).status).toBe(200);
    expect((await api('POST', `/${id}/publish`, { version: 2 })).status).toBe(200);
    const { page } = await signedInOwner(store);
    await openEditor(store, page, id, 'Atelier days');
    await page.getByLabel('Layout for').selectOption('fr');
    // Shared by default: the editor says so and offers the copy.
    await page.getByRole('heading', { name: 'French uses the shared layout' }).waitFor(POLL);
    await page.getByRole('button', { name: 'Use a separate layout for French' }).click();
    await page.getByRole('heading', { name: 'Atelier days · French', level: 1 }).waitFor(POLL);
    await page.getByRole('button', { name: 'Add block' }).click();
    await page.locator('#pe-block-menu').getByRole('button', { name: 'Language switcher', exact: true }).click();
    await page.getByRole('heading', { name: 'Language switcher block' }).waitFor(POLL);
    await autosave(page);
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Visitors see this version at /fr/atelier-days.').waitFor(POLL);
    const french = await (await store.worker.fetch('/fr/atelier-days')).text();
    const english = await (await store.worker.fetch('/atelier-days')).text();
    expect(french).toContain('<nav class="block-language-switcher block-language-switcher-row" aria-label="Language">');
    expect(french).toContain('Open studio every Saturday');
    expect(english).toContain('Open studio every Saturday');
    expect(english).not.toContain('block-language-switcher');
    // Back to shared, after a confirmation: the copy is dropped and /fr shows the shared layout.
    await page.getByRole('button', { name: 'Use the shared layout' }).click();
    await page.getByRole('dialog', { name: 'Use the shared layout for French?' }).getByRole('button', { name: 'Drop the French layout' }).click();
    await page.getByRole('heading', { name: 'French uses the shared layout' }).waitFor(POLL);
    expect(await (await store.worker.fetch('/fr/atelier-days')).text()).not.toContain('block-language-switcher');
  }, 120_000);

  it('a visitor on /fr signs in from the header link and stays in French', async () => {
    await createSiteUser(store.worker, { email: 'lea@example.fr', password: 'Lea-pass-2026' });
    const { page } = await store.visitor();
    await page.goto(store.url('/fr/about'));
    await Promise.all([page.waitForURL(/\/fr\/account$/), page.locator('a.account-link').click()]);
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    await page.getByRole('heading', { name: 'Se connecter', level: 1 }).waitFor();
    await page.getByLabel('E-mail', { exact: true }).fill('lea@example.fr');
    await page.getByLabel('Mot de passe').fill('Lea-pass-2026');
    await Promise.all([page.waitForResponse((res) => res.url().endsWith('/fr/account/sign-in')), page.getByRole('button', { name: 'Se connecter' }).click()]);
    await page.getByRole('heading', { name: 'Votre compte', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/fr/account');
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    expect(await page.locator('.account-body').textContent()).toContain("Vous n'avez encore passé aucune commande.");
    // The header stays in French and under /fr: the menu's labels, the account link.
    expect(await page.locator('a.account-link').getAttribute('href')).toBe('/fr/account');
    expect(await page.getByRole('link', { name: 'Boutique', exact: true }).first().getAttribute('href')).toBe('/fr/shop');
  });

  it('with the switcher the header keeps the cart in the brand\'s row at 1280 and 1024 px', async () => {
    const { page } = await store.visitor({ viewport: { width: 1280, height: 800 } });
    for (const width of [1280, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(store.url('/fr/'));
      await page.getByRole('navigation', { name: 'Langue' }).waitFor();
      const brand = (await page.locator('.header-inner .brand').boundingBox())!;
      const cart = (await page.locator('.header-inner .cart-link').boundingBox())!;
      const middle = cart.y + cart.height / 2;
      expect(middle, `${width} px`).toBeGreaterThan(brand.y);
      expect(middle, `${width} px`).toBeLessThan(brand.y + brand.height);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
  });
});
