import type { ComponentType } from 'react';
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
export const EXTRA_PANELS: ProductPanel[] = [];
