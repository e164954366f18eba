import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spendBudget, type RunningWorker, type SignedIn } from '../test-support.js';
import { DEMO_FRENCH_TEXTS, latestMail, newsletterFormSignUp, startFrenchSite } from '../api/multilingual/test-french.js';
import { TestVisitor as FormVisitor } from '../api/forms/test-visitor.js';
import { setStock, variantOf } from '../api/commerce/test-catalog.js';
import { TestVisitor } from '../api/commerce/test-visitor.js';
import { addOne } from '../api/commerce/test-checkout.js';
import { fillText, type StoreTextKey } from '../../domain/languages/store-texts.js';
import { REGIONS } from '../../domain/postal-codes/region-tables.js';
import { regionNameIn, regionOptions } from '../../domain/postal-codes/region-names.js';
import { resolveRegion } from '../../domain/postal-codes/postcode-region.js';

/**
 * Issue 29 (lang27): the last small words on /fr — the region names of the checkout's list and
 * of its region-mismatch message, the mailing list's name in the confirmation mail and page,
 * and the promo popup API's bot-check and 429 lines — in the page's language; English unchanged.
 */
let worker: RunningWorker;
let owner: SignedIn;
const FRENCH: Record<StoreTextKey, string> = DEMO_FRENCH_TEXTS;
const LOCATION = '/api/commerce/shopping-cart/shipping-location';

beforeAll(async () => {
  ({ worker, owner } = await startFrenchSite());
  await setStock(worker.db, 'FK-MUG-08-OAT', 100);
}, 120_000);
afterAll(() => worker?.dispose());

describe('region names in the page language', () => {
  it('the French table keeps every code and order, names Canadian provinces in French, and English is the table', () => {
    const canada = regionOptions('CA', 'fr')!;
    expect(canada.map(([code]) => code)).toEqual(REGIONS.CA!.map(([code]) => code));
    expect(Object.fromEntries(canada)).toMatchObject({
      QC: 'Québec', BC: 'Colombie-Britannique', NS: 'Nouvelle-Écosse', NL: 'Terre-Neuve-et-Labrador',
      PE: 'Île-du-Prince-Édouard', NT: 'Territoires du Nord-Ouest', NB: 'Nouveau-Brunswick', ON: 'Ontario',
    });
    expect(Object.fromEntries(regionOptions('US', 'fr-CA')!)).toMatchObject({ NC: 'Caroline du Nord', CA: 'Californie', NY: 'New York' });
    for (const country of Object.keys(REGIONS)) {
      expect(regionOptions(country, 'en-US')).toBe(REGIONS[country]);
      expect(regionOptions(country)).toBe(REGIONS[country]);
      expect(regionOptions(country, 'de')).toBe(REGIONS[country]);
    }
    // A name carries no country in the message: no English name may stand for two French ones.
    const french = new Map<string, string>();
    for (const table of Object.values(REGIONS)) {
      for (const [, english] of table) {
        const said = regionNameIn(english, 'fr');
        expect(french.get(english) ?? said).toBe(said);
        french.set(english, said);
      }
    }
    expect(regionNameIn('British Columbia', 'en-US')).toBe('British Columbia');
  });

  it("the /fr checkout's island gets its language (its region list's), the English one none", async () => {
    const locale = (html: string) => /data-island="checkout"[^>]*?data-prop-locale="([^"]*)"/.exec(html)?.[1];
    expect(JSON.parse(locale(await (await worker.fetch('/fr/checkout')).text())!.replaceAll('&quot;', '"'))).toBe('fr');
    expect(locale(await (await worker.fetch('/checkout')).text())).toBeUndefined();
  });

  it("the region-mismatch message names the regions in French for language fr; English without", async () => {
    const v = new TestVisitor(worker, '198.51.100.71');
    await v.visit('/fr/checkout');
    const mug = await variantOf(worker.db, 'FK-MUG-08-OAT');
    expect((await addOne(v, mug.itemId, 'FK-MUG-08-OAT', 1)).status).toBe(200);
    const where = { country: 'CA', region: 'BC', postalCode: 'H2X 1Y4' };
    const english = resolveRegion('CA', 'BC', 'H2X 1Y4').mismatch;
    expect(english).toBe('This ZIP / postal code is in Quebec, not British Columbia.');
    const french = fillText(FRENCH.checkoutRegionMismatch, { postcodeRegion: 'Québec', typedRegion: 'Colombie-Britannique' });
    expect(await v.send('PUT', LOCATION, { ...where, language: 'fr' })).toMatchObject({ status: 422, json: { message: french, fields: { region: french } } });
    expect(await v.send('PUT', LOCATION, where)).toMatchObject({ status: 422, json: { message: english, fields: { region: english } } });
    expect(await v.send('PUT', LOCATION, { ...where, language: 'de' })).toMatchObject({ status: 422, json: { fields: { region: english } } });
  });
});

async function ownerCall(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await worker.fetch(path, { method, headers: { ...owner.headers, 'Content-Type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as Record<string, any> };
}

describe("a mailing list's name", () => {
  async function formSignUp(email: string, pagePath: string): Promise<{ subject: string; text: string; listName: string }> {
    await newsletterFormSignUp(worker, email, pagePath);
    const mail = (await latestMail(worker, email, 'newsletter-confirmation'))!;
    const list = (await worker.db.prepare('SELECT l.name FROM mailing_list_subscribers s JOIN mailing_lists l ON l.id = s.list_id WHERE s.email = ?').bind(email).first<{ name: string }>())!;
    return { ...mail, listName: list.name };
  }
  const heading = (html: string) => /<h1>([^<]*)<\/h1>/.exec(html)?.[1]?.replaceAll('&#39;', "'").replaceAll('&#x27;', "'");
  const confirmPage = async (text: string) => {
    const link = /http:\/\/localhost(\S*\/newsletter\/confirm\?token=\S+)/.exec(text)![1]!;
    return (await worker.fetch(link)).text();
  };

  it('is a text of the translations list, and its translation names the list in the French confirmation mail and page; English unchanged', async () => {
    const listed = (await ownerCall('GET', '/api/multilingual/translations?language=fr')).json.texts as { kind: string; entityId: string; fieldKey: string; source: string; status: string; entityTitle: string }[];
    const lists = listed.filter((t) => t.kind === 'system' && t.entityId === 'mailing-lists');
    const names = await worker.db.prepare('SELECT l.id, l.name FROM mailing_lists l JOIN websites w ON w.id = l.website_id WHERE w.is_default = 1').all<{ id: string; name: string }>();
    expect(lists.map((t) => [t.fieldKey, t.source]).sort()).toEqual(names.results.map((l) => [l.id, l.name]).sort());
    expect(lists.every((t) => t.status === 'missing' && t.entityTitle === 'Mailing lists')).toBe(true);

    // Untranslated: the French mail names the list by the owner's name for it.
    const before = await formSignUp('liste.avant@example.fr', '/fr/');
    expect(before.subject).toBe(`${FRENCH.mailNewsletterSubject.replace('{list}', before.listName)}`);

    for (const t of lists) {
      const saved = await ownerCall('PUT', '/api/multilingual/translations', { kind: 'system', entityId: 'mailing-lists', fieldKey: t.fieldKey, language: 'fr', text: 'La lettre du potier' });
      expect(saved.status).toBe(200);
    }
    const fr = await formSignUp('liste.fr@example.fr', '/fr/');
    expect(fr.subject).toBe(fillText(FRENCH.mailNewsletterSubject, { list: 'La lettre du potier' }));
    expect(fr.text.split('\n')[0]).toMatch(/^Merci de confirmer que vous souhaitez recevoir La lettre du potier de /);
    expect(heading(await confirmPage(fr.text))).toBe(fillText(FRENCH.themeNewsletterConfirmTitle, { list: 'La lettre du potier' }));

    const en = await formSignUp('list.en@example.com', '/');
    expect(en.subject).toBe(`Confirm your subscription to ${en.listName}`);
    expect(en.text).toMatch(new RegExp(`^Please confirm that you want ${en.listName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} from `));
    expect(heading(await confirmPage(en.text))).toBe(`Subscribe to ${en.listName}?`);
  });
});

describe("the promo popup API's bot-check and 429 lines", () => {
  let site: { worker: RunningWorker; owner: SignedIn };
  beforeAll(async () => {
    site = await startFrenchSite({ CAPTCHA_PROVIDER: 'local' });
    const call = async (method: string, path: string, body: unknown, headers: Record<string, string> = {}) => {
      const res = await site.worker.fetch(path, { method, headers: { ...site.owner.headers, 'Content-Type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
      return (await res.json()) as Record<string, any>;
    };
    const list = (await site.worker.db.prepare('SELECT l.id FROM mailing_lists l JOIN websites w ON w.id = l.website_id WHERE w.is_default = 1 LIMIT 1').first<{ id: string }>())!;
    const current = (await call('GET', '/api/owner/popup', undefined)).revision as number;
    const design = {
      enabled: true, imageUrl: '', imageAlt: '', heading: 'Ten percent off', text: 'Join us.',
      action: { kind: 'newsletter', listId: list.id, buttonLabel: 'Join' }, trigger: { kind: 'delay', seconds: 5 }, pages: { mode: 'all' }, frequency: { mode: 'once' },
    };
    const saved = await call('PUT', '/api/owner/popup', { design }, { 'If-Match': `"${current}"` });
    expect((await call('POST', '/api/owner/popup/publish', undefined, { 'If-Match': `"${saved.revision}"` })).success ?? true).toBeTruthy();
  }, 120_000);
  afterAll(() => site?.worker.dispose());
  const SUBSCRIBE = '/api/popup/subscribe';

  it('a missing bot-check token is refused in French for language fr, in English (SPEC §8) without', async () => {
    const fr = await FormVisitor.arrive(site.worker, '/fr/');
    expect(await fr.req('POST', SUBSCRIBE, { email: 'popup.fr@example.fr', language: 'fr' })).toMatchObject({ status: 400, json: { message: FRENCH.popupCaptchaIncomplete } });
    expect(FRENCH.popupCaptchaIncomplete).not.toBe('Complete CAPTCHA before submitting.');
    const en = await FormVisitor.arrive(site.worker, '/');
    expect(await en.req('POST', SUBSCRIBE, { email: 'popup.en@example.com' })).toMatchObject({ status: 400, json: { message: 'Complete CAPTCHA before submitting.' } });
    expect(await en.req('POST', SUBSCRIBE, { email: 'popup.en@example.com', language: 'en-US' })).toMatchObject({ status: 400, json: { message: 'Complete CAPTCHA before submitting.' } });
  });

  it("the per-visitor budget's 429 is in the body's language; English without", async () => {
    const fr = await FormVisitor.arrive(site.worker, '/fr/');
    const french = await spendBudget(10, () => fr.req('POST', SUBSCRIBE, { email: 'popup.fr@example.fr', language: 'fr' }));
    expect(french.refused).toMatchObject({ status: 429, json: { message: FRENCH.popupFailed } });
    const en = await FormVisitor.arrive(site.worker, '/');
    const english = await spendBudget(10, () => en.req('POST', SUBSCRIBE, { email: 'popup.en@example.com' }));
    expect(english.refused).toMatchObject({ status: 429, json: { message: 'We could not sign you up. Please try again.' } });
  });
});
