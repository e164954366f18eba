import { STORE_TEXTS, type StoreTextKey } from './store-texts.js';

/**
 * The store texts a theme's shared partials read on every page (issue 29), as the page
 * context's `themeTexts`: the header's account label and search, the layout's skip link, the cart
 * pill's hidden words, and the post, product and review words of the page templates.
 * Template names on the left, the store text (translated per language) on the right.
 */
const THEME_TEXT_KEYS = {
  signIn: 'accountSignIn',
  yourAccount: 'accountYours',
  menu: 'headerMenu',
  mainNavigation: 'headerMainNavigation',
  moreUnder: 'headerMoreUnder',
  searchLabel: 'headerSearchLabel',
  search: 'headerSearch',
  cart: 'headerCart',
  language: 'headerLanguage',
  skipToContent: 'layoutSkipToContent',
  pageNotFound: 'layoutPageNotFound',
  item: 'item',
  items: 'items',
  by: 'themeBy',
  commentCount: 'themeCommentCount',
  soldOut: 'themeSoldOut',
  reviews: 'themeReviews',
  reviewsPages: 'themeReviewsPages',
  writeReview: 'themeWriteReview',
  relatedProducts: 'themeRelatedProducts',
  filedUnder: 'themeFiledUnder',
  tags: 'themeTags',
  tagsLabel: 'themeTagsLabel',
  selectOption: 'themeSelectOption',
  nothingHereYet: 'themeNothingHereYet',
  productNotAvailable: 'themeProductNotAvailable',
  orderStatus: 'themeOrderStatus',
  orderTotal: 'themeOrderTotal',
  orderRefunded: 'themeOrderRefunded',
  orderShipments: 'themeOrderShipments',
  subscriptionConfirmed: 'themeSubscriptionConfirmed',
  subscriptionNextPayment: 'themeSubscriptionNextPayment',
  subscriptionNoFurther: 'themeSubscriptionNoFurther',
  subscriptionOrder: 'themeSubscriptionOrder',
  subscriptionPaidToday: 'themeSubscriptionPaidToday',
  continueShopping: 'continueShopping',
  // lang17: the add-to-cart button's words and alert, the added popover (client/components/add-to-cart-texts.ts).
  adding: 'themeAdding',
  added: 'themeAdded',
  addTitle: 'themeAddTitle',
  purchaseTitle: 'themePurchaseTitle',
  somethingWrong: 'themeSomethingWrong',
  sessionExpired: 'themeSessionExpired',
  cookiesDisabled: 'themeCookiesDisabled',
  rateLimited: 'themeRateLimited',
  network: 'themeNetwork',
  variantUnavailable: 'themeVariantUnavailable',
  notEnoughStock: 'themeNotEnoughStock',
  quantityNotNumber: 'themeQuantityNotNumber',
  quantityNotWhole: 'themeQuantityNotWhole',
  selectOneOption: 'themeSelectOneOption',
  selectOptions: 'themeSelectOptions',
  addedToCart: 'themeAddedToCart',
  close: 'themeClose',
  pages: 'themePages',
  previousPage: 'themePreviousPage',
  nextPage: 'themeNextPage',
  pageOf: 'themePageOf',
  itemCount: 'themeItemCount',
  outOfFive: 'themeOutOfFive',
  reviewCount: 'themeReviewCount',
  rated: 'themeRated',
  verifiedBuyer: 'themeVerifiedBuyer',
  reviewsPrevious: 'themeReviewsPrevious',
  reviewsNext: 'themeReviewsNext',
  noReviews: 'themeNoReviews',
  more: 'themeMore',
  orderNumber: 'accountOrderNumber',
  shipped: 'themeShipped',
  pickedUp: 'themePickedUp',
  trackingNumber: 'themeTrackingNumber',
  // lang19: the not-found page.
  notFoundText: 'notFoundText',
  notFoundHome: 'notFoundHome',
  viewDetails: 'themeViewDetails',
  // lang20: the search page's placeholder, count and empty result.
  searchPlaceholder: 'themeSearchPlaceholder',
  searchCount: 'themeSearchCount',
  searchNothing: 'themeSearchNothing',
  // lang21: the message pages (error.html, status.html, newsletter.html).
  errorTryAgain: 'themeErrorTryAgain',
  newsletterConfirmTitle: 'themeNewsletterConfirmTitle',
  newsletterConfirmText: 'themeNewsletterConfirmText',
  newsletterConfirmButton: 'themeNewsletterConfirmButton',
  newsletterConfirmed: 'themeNewsletterConfirmed',
  newsletterConfirmedText: 'themeNewsletterConfirmedText',
  newsletterConfirmInvalid: 'themeNewsletterConfirmInvalid',
  newsletterConfirmInvalidText: 'themeNewsletterConfirmInvalidText',
  newsletterUnsubscribeTitle: 'themeNewsletterUnsubscribeTitle',
  newsletterUnsubscribeText: 'themeNewsletterUnsubscribeText',
  newsletterUnsubscribeButton: 'themeNewsletterUnsubscribeButton',
  newsletterUnsubscribed: 'themeNewsletterUnsubscribed',
  newsletterUnsubscribedText: 'themeNewsletterUnsubscribedText',
  newsletterUnsubscribeInvalid: 'themeNewsletterUnsubscribeInvalid',
  newsletterUnsubscribeInvalidText: 'themeNewsletterUnsubscribeInvalidText',
  // lang25: the product form island's label colon ('Taille\u00a0:').
  labelValue: 'labelValue',
} as const satisfies Record<string, StoreTextKey>;

type ThemeTexts = Record<keyof typeof THEME_TEXT_KEYS, string>;
const THEME_TEXT_ENTRIES = Object.entries(THEME_TEXT_KEYS) as [keyof ThemeTexts, StoreTextKey][];

/** The English theme texts, built once: every page of a site's primary language shares them. */
const ENGLISH: Readonly<ThemeTexts> = Object.freeze(Object.fromEntries(THEME_TEXT_ENTRIES.map(([name, key]) => [name, STORE_TEXTS[key]])) as ThemeTexts);

/**
 * Each theme text: `translated(key)` where it gives one, else the English. Without any
 * translation the answer is the shared, frozen English object.
 * @example themeTexts().signIn === 'Sign in'
 */
export function themeTexts(translated?: (key: StoreTextKey) => string | undefined): Readonly<ThemeTexts> {
  if (!translated) return ENGLISH;
  const out = {} as ThemeTexts;
  let anyTranslated = false;
  for (const [name, key] of THEME_TEXT_ENTRIES) {
    const text = translated(key);
    if (text !== undefined) anyTranslated = true;
    out[name] = text ?? STORE_TEXTS[key];
  }
  return anyTranslated ? out : ENGLISH;
}
