/**
 * SPEC §3 localized strings with the English fallbacks of SPEC §8: what every page's
 * `localizedStrings` holds unless the owner (or a translation) says otherwise.
 * productVariantSelectText is left out: without it `variants-select` names each option ("Select Size").
 */
export const SYSTEM_TEXTS: Readonly<Record<string, string>> = {
  productAddToCartText: 'Add To Cart',
  productSubscribeText: 'Subscribe',
  productQuantityInputLabel: 'Quantity',
  productSoldOutText: 'sold out',
  productSaleText: 'sale',
  productQuickViewText: 'Quick View',
  giftCardValueDisplayText: 'Value',
  giftCardVariantSelectText: 'Select Value',
  productSummaryFormNoAnswerText: 'N/A',
};

/**
 * SPEC §3 strings the engine words itself on the primary language (its SPEC §8 fallbacks, so pages
 * there stay as they were): translatable all the same, and a language's translation is on its pages.
 */
export const TRANSLATED_ONLY_TEXTS: Readonly<Record<string, string>> = {
  productPriceFromText: 'from {fromPrice}',
  productVariantSelectText: 'Select {variantName}',
  salePriceText: 'Sale Price:',
  originalPriceText: 'Original Price:',
};
