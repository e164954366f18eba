import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningWorker } from '../test-support.js';
import { startFrenchSite } from '../api/multilingual/test-french.js';
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
const FRENCH: Record<StoreTextKey, string> = JSON.parse(readFileSync(new URL('../../fixtures/demo/translations.json', import.meta.url), 'utf8')).fr.storeTexts;
const LOCATION = '/api/commerce/shopping-cart/shipping-location';

beforeAll(async () => {
  ({ worker } = await startFrenchSite());
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
