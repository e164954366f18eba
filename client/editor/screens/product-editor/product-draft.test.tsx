import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ExtraPanels } from './editor-parts.js';
import { EXTRA_PANELS, type ProductPanel, type ProductPanelProps } from './extra-panels.js';
import { parsePrice } from '../../../../domain/catalog/price-input.js';
import { bodyOf, blankVariant, draftOf, generateVariants, minorToText, newDraft, type DraftVariant } from './product-draft.js';

const v = (attributes: Record<string, string>, sku: string): DraftVariant => ({ ...blankVariant(attributes), sku, price: '10.00' });

describe('generateVariants', () => {
  it('makes the cartesian product in option order, keeping variants whose values match', () => {
    const kept = v({ Size: 'M', Glaze: 'Blue' }, 'KEEP');
    const out = generateVariants(
      [
        { name: 'Size', values: ['S', 'M', 'L'] },
        { name: 'Glaze', values: ['White', 'Blue'] },
      ],
      [v({ Size: 'S' }, 'ONE-OPTION'), kept],
    );
    expect(out.map((x) => `${x.attributes.Size}/${x.attributes.Glaze}`)).toEqual(['S/White', 'S/Blue', 'M/White', 'M/Blue', 'L/White', 'L/Blue']);
    expect(out[3]).toBe(kept);
    // New ones: blank sku, the first variant's price.
    expect(out.filter((x) => x !== kept).map((x) => [x.sku, x.price])).toEqual(Array(5).fill(['', '10.00']));
  });

  it('ignores options without a name or values', () => {
    expect(generateVariants([{ name: ' ', values: ['x'] }, { name: 'Size', values: [] }], [v({}, 'ONLY')]).map((x) => x.sku)).toEqual(['ONLY']);
  });
});

describe('bodyOf', () => {
  it('sends typed prices as typed and untouched stored prices as minor units', () => {
    const draft = draftOf({
      id: 'p1', collectionId: 'c1', productType: 1, title: 'Mug', description: { type: 'doc', content: [] }, urlId: 'mug', fullUrl: '/shop/mug', status: 'published', visible: true,
      categories: [], tags: [], currency: 'USD', variantOptionOrdering: ['Size'], version: 3,
      variants: [
        { id: 'v1', sku: 'A', priceCents: 2450, salePriceCents: 0, onSale: false, attributes: { Size: 'S' }, qtyInStock: 4, unlimited: false, weightGrams: null, imageAssetId: null, held: 0 },
        { id: 'v2', sku: 'B', priceCents: 2600, salePriceCents: 2000, onSale: true, attributes: { Size: 'M' }, qtyInStock: 0, unlimited: true, weightGrams: 200, imageAssetId: 'a1', held: 0 },
      ],
      images: [{ assetId: 'a1', altText: 'Alt', url: '/assets/a1.jpg', fileName: 'a1.jpg' }],
    });
    expect(draft.options).toEqual([{ key: expect.any(String), name: 'Size', values: ['S', 'M'] }]);
    draft.variants[1]!.price = '27,00';
    const body = bodyOf(draft);
    expect(body.variants).toEqual([
      { id: 'v1', sku: 'A', price: 2450, attributes: { Size: 'S' }, onSale: false, unlimited: false, weightGrams: null, imageAssetId: null },
      { id: 'v2', sku: 'B', price: '27,00', salePrice: 2000, attributes: { Size: 'M' }, onSale: true, unlimited: true, weightGrams: 200, imageAssetId: 'a1' },
    ]);
    expect(body.images).toEqual([{ assetId: 'a1', altText: 'Alt' }]);
    expect(body).not.toHaveProperty('collectionId');
  });

  it('a new gift card: denominations with a price only, told apart by an Amount option', () => {
    const draft = newDraft('c1', 'giftCard');
    draft.variants = [{ ...blankVariant(), sku: 'GC-25', price: '25' }, { ...blankVariant(), sku: 'GC-50', price: '50' }];
    const body = bodyOf(draft);
    expect(body).toMatchObject({ collectionId: 'c1', productType: 'giftCard', variantOptionOrdering: ['Amount'] });
    expect(body.variants).toEqual([
      { sku: 'GC-25', price: '25', attributes: { Amount: '25' }, imageAssetId: null },
      { sku: 'GC-50', price: '50', attributes: { Amount: '50' }, imageAssetId: null },
    ]);
  });

  it('formats minor units with the currency’s decimals', () => {
    expect(minorToText(2450, 'USD')).toBe('24.50');
    expect(minorToText(5, 'USD')).toBe('0.05');
    expect(minorToText(1200, 'JPY')).toBe('1200');
    // In the site locale's format, which the server parses the typed price with.
    expect(minorToText(2450, 'EUR', 'de-DE')).toBe('24,50');
    expect(minorToText(123456, 'EUR', 'fr-FR')).toBe('1234,56');
    expect(parsePrice(minorToText(123456, 'EUR', 'de-DE'), 'EUR', 'de-DE')).toEqual({ ok: true, minor: 123456 });
    expect(parsePrice(minorToText(123456, 'USD', 'en-US'), 'USD', 'en-US')).toEqual({ ok: true, minor: 123456 });
  });
});

describe('extra panels', () => {
  it('a panel renders for its types and its changed keys go in the save body', () => {
    expect(EXTRA_PANELS.map((p) => p.id)).not.toContain('test-subscription');
    let captured: ProductPanelProps | undefined;
    const testPanel: ProductPanel = {
      id: 'test-subscription',
      title: 'Test subscription',
      appliesTo: (type) => type === 'physical',
      Panel: (props) => {
        captured = props;
        return <p>{`Plan: ${String(props.product.testPlan ?? 'none')}`}</p>;
      },
    };
    const draft = newDraft('c1', 'physical');
    const errors = { 'testPlan.period': 'Choose a period.' };
    const html = renderToString(
      <ExtraPanels panels={[testPanel]} product={{ ...bodyOf(draft), productType: 'physical' }} errors={errors} disabled={false} change={(patch) => (draft.extra = { ...draft.extra, ...patch })} />,
    );
    expect(html).toContain('Test subscription');
    expect(html).toContain('Plan: none');
    expect(captured!.errors).toBe(errors);
    captured!.change({ testPlan: { period: 'month' } });
    expect(bodyOf(draft).testPlan).toEqual({ period: 'month' });
    expect(renderToString(<ExtraPanels panels={[testPanel]} product={{ productType: 'digital' }} errors={{}} disabled={false} change={() => undefined} />)).toBe('');
  });
});
