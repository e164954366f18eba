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
} as const satisfies Record<string, StoreTextKey>;

type ThemeTexts = Record<keyof typeof THEME_TEXT_KEYS, string>;

/**
 * Each theme text: `translated(key)` where it gives one, else the English.
 * @example themeTexts().signIn === 'Sign in'
 */
export function themeTexts(translated: (key: StoreTextKey) => string | undefined = () => undefined): ThemeTexts {
  const out = {} as ThemeTexts;
  for (const [name, key] of Object.entries(THEME_TEXT_KEYS) as [keyof ThemeTexts, StoreTextKey][]) out[name] = translated(key) ?? STORE_TEXTS[key];
  return out;
}
