import { describe, expect, it } from 'vitest';
import { demoOwnerSession } from './owner-harness.js';
import { useStorefront } from './harness.js';

/**
 * Issue 29 (lang26): the promo popup island's own words on a French page (its field label,
 * close button, thanks) and its sign-up refusal in French; the English page keeps its English.
 */
const store = useStorefront();

async function ownerCall(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<any> {
  const owner = await demoOwnerSession(store.worker);
  const res = await store.worker.fetch(path, {
    method,
    headers: { ...owner.headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(json)}`);
  return json;
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
    const lists = await ownerCall('GET', '/api/owner/mailing-lists');
    const state = await ownerCall('GET', '/api/owner/popup');
    const design = {
      ...state.design, enabled: true, heading: 'Dix pour cent', text: 'Rejoignez-nous.',
      action: { kind: 'newsletter', listId: lists.lists[0].id, buttonLabel: "S'abonner" }, trigger: { kind: 'delay', seconds: 2 }, pages: { mode: 'all' },
    };
    const saved = await ownerCall('PUT', '/api/owner/popup', { design }, { 'If-Match': `"${state.revision}"` });
    await ownerCall('POST', '/api/owner/popup/publish', undefined, { 'If-Match': `"${saved.revision}"` });

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
