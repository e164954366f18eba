import { describe, expect, it } from 'vitest';
import { ownerApi } from './owner-harness.js';
import { useStorefront } from './harness.js';

/**
 * Issue 29: the promo popup on a French page. Its island's own words (field label, close
 * button, refusal, thanks) are French and the English page keeps its English (lang26); a
 * sign-up sends the page's language, so the confirmation mail is French with its links
 * under /fr (lang23).
 */
const store = useStorefront();

const ownerCall = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => ownerApi(store.worker, method, path, body, headers);

/** Publishes a popup titled 'Dix pour cent' that signs up to the first list after 2 s, on every page. */
async function publishFrenchPopup(): Promise<void> {
  const lists = await ownerCall('GET', '/api/owner/mailing-lists');
  const state = await ownerCall('GET', '/api/owner/popup');
  const design = {
    ...state.design, enabled: true, heading: 'Dix pour cent', text: 'Rejoignez-nous.',
    action: { kind: 'newsletter', listId: lists.lists[0].id, buttonLabel: "S'abonner" }, trigger: { kind: 'delay', seconds: 2 }, pages: { mode: 'all' },
  };
  const saved = await ownerCall('PUT', '/api/owner/popup', { design }, { 'If-Match': `"${state.revision}"` });
  await ownerCall('POST', '/api/owner/popup/publish', undefined, { 'If-Match': `"${saved.revision}"` });
}

async function openPopup(path: string) {
  const { page } = await store.visitor();
  await page.clock.install();
  await page.goto(store.url(path));
  const marker = page.locator('[data-island="promo-popup"]');
  await expect.poll(async () => {
    await page.clock.runFor(100);
    return marker.getAttribute('data-popup-state');
  }).toBe('armed');
  await page.clock.runFor(2500);
  const dialog = page.getByRole('dialog', { name: 'Dix pour cent' });
  await dialog.waitFor();
  return { page, dialog };
}

describe("the promo popup's own words", () => {
  it('are French on /fr (label, close, refusal, thanks) and English on /', async () => {
    // The refused addresses answer 400 on purpose.
    store.allow(/HTTP 400 |status of 400/);
    await publishFrenchPopup();

    const fr = await openPopup('/fr/');
    await fr.dialog.getByRole('button', { name: 'Fermer' }).waitFor();
    const field = fr.dialog.getByLabel('Adresse e-mail');
    await field.fill('pas-une-adresse');
    await fr.dialog.getByRole('button', { name: "S'abonner" }).click();
    await expect.poll(() => fr.dialog.getByRole('alert').textContent()).toBe('Saisissez une adresse e-mail valide.');
    await field.fill('popup.mots@example.fr');
    await fr.dialog.getByRole('button', { name: "S'abonner" }).click();
    await expect.poll(() => fr.dialog.getByRole('status').textContent()).toBe('Merci\u00a0! Consultez votre boîte de réception pour confirmer votre inscription.');

    const en = await openPopup('/');
    await en.dialog.getByRole('button', { name: 'Close' }).waitFor();
    await en.dialog.getByLabel('Email address').fill('not-an-address');
    await en.dialog.getByRole('button', { name: "S'abonner" }).click();
    await expect.poll(() => en.dialog.getByRole('alert').textContent()).toBe('Enter a valid email address.');
  });
});

describe('the promo popup on a French page', () => {
  it('sends the page language with the sign-up: the confirmation mail is French, its links under /fr', async () => {
    await publishFrenchPopup();
    const { page, dialog } = await openPopup('/fr/');
    await dialog.locator('input[type="email"]').fill('popup.navigateur@example.fr');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/popup/subscribe'));
    await dialog.getByRole('button', { name: "S'abonner" }).click();
    expect(JSON.parse((await sent).postData() ?? '{}')).toMatchObject({ email: 'popup.navigateur@example.fr', language: 'fr' });
    await expect.poll(async () =>
      store.worker.db.prepare("SELECT subject, text_body AS text FROM mail_outbox WHERE kind = 'newsletter-confirmation' AND to_address = ?").bind('popup.navigateur@example.fr').first<{ subject: string; text: string }>(),
    ).toMatchObject({ subject: expect.stringMatching(/^Confirmez votre abonnement à /) });
    const mail = (await store.worker.db.prepare("SELECT text_body AS text FROM mail_outbox WHERE kind = 'newsletter-confirmation' AND to_address = ?").bind('popup.navigateur@example.fr').first<{ text: string }>())!;
    expect(mail.text).toMatch(/^Merci de confirmer que vous souhaitez recevoir /);
    expect(mail.text).toMatch(/\/fr\/newsletter\/confirm\?token=/);
    expect(mail.text).toMatch(/\/fr\/newsletter\/unsubscribe\?s=/);
  });
});
