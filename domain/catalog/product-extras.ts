/**
 * The product's extra settings (issue 26): limits and field texts the worker enforces and the
 * owner app's panels show (client/editor/screens/product-editor/panels/), in the catalogue's voice.
 * SPEC §9 gives none of these lengths; they follow the page settings' SEO limits.
 */
export const EXTRA_LIMITS = {
  addButtonText: 50,
  soldOutText: 50,
  scarcityText: 100,
  seoTitle: 200,
  seoDescription: 500,
  relatedProducts: 12,
  maxDownloads: 1000,
  /** A download link lives at most a year. */
  linkLifetimeHours: 8760,
} as const;

export const EXTRA_MESSAGES = {
  addButtonText: `A button text is at most ${EXTRA_LIMITS.addButtonText} characters.`,
  addButtonTextMissing: 'Enter the button text.',
  soldOutText: `A sold-out text is at most ${EXTRA_LIMITS.soldOutText} characters.`,
  scarcityText: `A scarcity message is at most ${EXTRA_LIMITS.scarcityText} characters.`,
  scarcityTextMissing: 'Enter the scarcity message, like "Only {0} left".',
  seoTitle: `An SEO title is at most ${EXTRA_LIMITS.seoTitle} characters.`,
  seoDescription: `An SEO description is at most ${EXTRA_LIMITS.seoDescription} characters.`,
  relatedTooMany: `Choose at most ${EXTRA_LIMITS.relatedProducts} related products.`,
  relatedRepeated: 'Each related product is listed once.',
  relatedSelf: 'A product cannot be related to itself.',
  relatedMissing: 'No such product on this site.',
  periodValue: 'Enter a billing period of 1 to 1000.',
  periodUnit: 'Choose weeks, months or years.',
  cycles: 'Enter the number of payments as a whole number from 0 (until cancelled) to 10000.',
  planMissing: 'Choose a billing period for the subscription.',
  subscriptionType: 'Only physical products and services can be subscriptions.',
  formMissing: 'Choose one of the site’s additional-fields forms.',
  publishOn: 'Enter a date and time, like 2026-12-01T09:00:00Z.',
  digitalOnly: 'Only a digital product has a file to download.',
  digitalFileMissing: 'Upload the file for this product here; files from the file manager are public.',
  maxDownloads: `Enter a download limit of 1 to ${EXTRA_LIMITS.maxDownloads}, or none for the store’s setting.`,
  linkLifetime: `Enter a link lifetime of 1 to ${EXTRA_LIMITS.linkLifetimeHours} hours, or none for the store’s setting.`,
} as const;

/** The four SPEC §3 product types by the names the API takes. */
const SUBSCRIBABLE_TYPES = new Set(['physical', 'service']);

/** True when products of this type may be sold as subscriptions. */
export const canSubscribe = (productType: string) => SUBSCRIBABLE_TYPES.has(productType);
