import { describe, expect, it } from 'vitest';
import { demoOwnerSession } from './owner-harness.js';
import { useStorefront } from './harness.js';

/**
 * Issue 29 (lang23): a sign-up through the promo popup on a French page. The island sends the
 * page's language, so the confirmation mail is in French with its links under /fr.
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

describe('the promo popup on a French page', () => {
  it('sends the page language with the sign-up: the confirmation mail is French, its links under /fr', async () => {
    const lists = await ownerCall('GET', '/api/owner/mailing-lists');
    const state = await ownerCall('GET', '/api/owner/popup');
    const design = {
      ...state.design, enabled: true, heading: 'Dix pour cent', text: 'Rejoignez-nous.',
      action: { kind: 'newsletter', listId: lists.lists[0].id, buttonLabel: "S'abonner" }, trigger: { kind: 'delay', seconds: 2 }, pages: { mode: 'all' },
    };
    const saved = await ownerCall('PUT', '/api/owner/popup', { design }, { 'If-Match': `"${state.revision}"` });
    await ownerCall('POST', '/api/owner/popup/publish', undefined, { 'If-Match': `"${saved.revision}"` });

    const { page } = await store.visitor();
    await page.clock.install();
    await page.goto(store.url('/fr/'));
    const marker = page.locator('[data-island="promo-popup"]');
    await expect.poll(async () => {
      await page.clock.runFor(100);
      return marker.getAttribute('data-popup-state');
    }).toBe('armed');
    await page.clock.runFor(2500);
    const dialog = page.getByRole('dialog', { name: 'Dix pour cent' });
    await dialog.waitFor();
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
