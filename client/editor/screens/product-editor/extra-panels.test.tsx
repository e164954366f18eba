import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EXTRA_PANELS, type ProductPanelProps } from './extra-panels.js';
import { localInputValue, PublishPanel } from './panels/publish.js';

// Each extra panel's first frame from a product as GET /api/owner/products/{id} answers it (before its lists load).
const product = {
  productType: 'service',
  id: 'p1',
  isSubscribable: true,
  subscriptionPlan: { billingPeriodValue: 2, billingPeriodUnit: 'WEEK', numBillingCycles: 26 },
  additionalFieldsFormId: null,
  useCustomAddButtonText: true,
  customAddButtonText: 'Book <now>',
  merchandising: { customSoldOutText: 'Full', scarcityEnabled: true, scarcityText: 'Only {0} left', scarcityShownByDefault: false, restockNotificationsEnabled: true, mailingListSignUpEnabled: true, mailingListOptInByDefault: false },
  seoTitle: 'Glaze class',
  seoDescription: null,
  publishOn: '2030-01-02T03:04:00.000Z',
  relatedProductIds: [],
  digitalFile: { assetId: 'a1', fileName: 'guide.pdf', size: 2_500_000, contentType: 'application/pdf', maxDownloads: 3, linkLifetimeHours: null },
};

const render = (id: string, over: Partial<ProductPanelProps> = {}) => {
  const panel = EXTRA_PANELS.find((p) => p.id === id)!;
  return renderToString(<panel.Panel product={product} change={() => undefined} errors={{}} disabled={false} {...over} />);
};

describe('the product editor’s extra panels', () => {
  it('are registered once each, for the product types they concern', () => {
    expect(EXTRA_PANELS.map((p) => p.id)).toEqual(['digital-file', 'subscription', 'additional-fields', 'button-text', 'merchandising', 'related', 'seo', 'publish']);
    const applies = (type: string) => EXTRA_PANELS.filter((p) => p.appliesTo(type)).map((p) => p.id);
    expect(applies('digital')).toEqual(['digital-file', 'additional-fields', 'button-text', 'related', 'seo', 'publish']);
    expect(applies('giftCard')).not.toContain('subscription');
    expect(applies('service')).toContain('subscription');
    // The draft may hold SPEC §3's number instead of the name.
    expect(EXTRA_PANELS.find((p) => p.id === 'digital-file')!.appliesTo('2')).toBe(true);
  });

  it('preview the subscription in the storefront’s SPEC §9 words and show the plan’s field messages', () => {
    expect(render('subscription')).toContain('Shoppers see: price every 2 weeks for 1 year');
    const refused = render('subscription', { errors: { 'subscriptionPlan.billingPeriodValue': 'Enter a billing period of 1 to 1000.' } });
    expect(refused).toContain('Enter a billing period of 1 to 1000.');
    expect(render('subscription', { product: { ...product, isSubscribable: false } })).not.toContain('Shoppers see');
  });

  it('show the stored texts escaped, and the merchandising choices', () => {
    expect(render('button-text')).toContain('value="Book &lt;now&gt;"');
    const merch = render('merchandising');
    expect(merch).toContain('value="Only {0} left"');
    expect(merch).toContain('Offer to join the mailing list');
    expect(render('seo')).toContain('11 / 200');
  });

  it('show the digital file with its limits, and the empty states of the pickers', () => {
    const file = render('digital-file');
    expect(file).toContain('guide.pdf (2.5 MB)');
    expect(file).toContain('Replace the file');
    expect(file).toContain('value="3"');
    expect(render('digital-file', { product: { ...product, digitalFile: null } })).toContain('No file yet');
    expect(render('additional-fields')).toContain('data-state="loading"');
    expect(render('related')).toContain('None chosen');
  });

  it('offer to publish a future time now', () => {
    const html = renderToString(<PublishPanel product={product} change={() => undefined} errors={{}} disabled={false} now={Date.parse('2029-12-31T00:00:00Z')} />);
    expect(html).toContain('Hidden from the store until then.');
    expect(html).toContain('Publish now');
    expect(html).toContain(`value="${localInputValue(product.publishOn)}"`);
    const past = renderToString(<PublishPanel product={product} change={() => undefined} errors={{ publishOn: 'Enter a date and time, like 2026-12-01T09:00:00Z.' }} disabled={false} now={Date.parse('2031-01-01T00:00:00Z')} />);
    expect(past).not.toContain('Publish now');
    expect(past).toContain('Enter a date and time');
  });
});
