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
