import type { ComponentType } from 'react';
import { AdditionalFieldsPanel } from './panels/additional-fields.js';
import { ButtonTextPanel } from './panels/button-text.js';
import { DigitalFilePanel } from './panels/digital-file.js';
import { MerchandisingPanel } from './panels/merchandising.js';
import { PublishPanel } from './panels/publish.js';
import { RelatedPanel } from './panels/related.js';
import { SeoPanel } from './panels/seo.js';
import { SubscriptionPanel } from './panels/subscription.js';
import { typeName } from './panels/panel-values.js';

/** What every extra panel of the product editor receives. */
export interface ProductPanelProps {
  /** The product as GET /api/owner/products/{id} answers it (a new product: the editor's draft, same shape; fields not
   *  yet set are absent). Read your own fields' current values from here (after your own changes are merged in). */
  product: Record<string, unknown> & { productType: string; id?: string };
  /** Merges top-level body fields into the draft; the editor's next save (POST or PUT with If-Match) sends them. */
  change: (patch: Record<string, unknown>) => void;
  /** Field messages of the last refused save, by body path ('subscriptionPlan.billingPeriodValue'). */
  errors: Record<string, string>;
  /** True while the contributor may not edit (saving, or no permission). */
  disabled: boolean;
}
export interface ProductPanel {
  id: string;
  title: string;
  /** Which product types show it ('physical', 'digital', 'service', 'giftCard'). */
  appliesTo: (productType: string) => boolean;
  Panel: ComponentType<ProductPanelProps>;
}

const any = () => true;
const only = (...types: string[]) => (productType: string) => types.includes(typeName(productType));

// Issue 26 extra settings (cat-extras): one panel per group, in the order the editor shows them.
export const EXTRA_PANELS: ProductPanel[] = [
  { id: 'digital-file', title: 'Digital file', appliesTo: only('digital'), Panel: DigitalFilePanel },
  { id: 'subscription', title: 'Subscription', appliesTo: only('physical', 'service'), Panel: SubscriptionPanel },
  { id: 'additional-fields', title: 'Additional fields', appliesTo: any, Panel: AdditionalFieldsPanel },
  { id: 'button-text', title: 'Button text', appliesTo: any, Panel: ButtonTextPanel },
  { id: 'merchandising', title: 'Merchandising', appliesTo: only('physical', 'service'), Panel: MerchandisingPanel },
  { id: 'related', title: 'Related products', appliesTo: any, Panel: RelatedPanel },
  { id: 'seo', title: 'SEO', appliesTo: any, Panel: SeoPanel },
  { id: 'publish', title: 'Publish time', appliesTo: any, Panel: PublishPanel },
];
