/**
 * The store's own words on the cart, checkout and order-confirmation pages, their islands and
 * the confirmation mail (issue 29): English defaults here, a site's translations (kind
 * `system`, entity `store-texts`) over them per language. Pure: the edge fills the page
 * context (`storeTexts`) and the mail; the cart and checkout islands read the same keys.
 * `{number}`, `{email}` and `{site}` are filled in where the text is used.
 */
export const STORE_TEXTS = {
  cartTitle: 'Your cart',
  cartEmpty: 'You have nothing in your shopping cart.',
  continueShopping: 'Continue shopping',
  cartQuantity: 'Qty',
  quantity: 'Quantity',
  item: 'item',
  items: 'items',
  subtotal: 'Subtotal',
  cartNote: 'Shipping and tax are worked out at checkout.',
  cartNoteTaxIncluded: 'Prices include tax. Shipping is worked out at checkout.',
  checkout: 'Checkout',
  contact: 'Contact',
  delivery: 'Delivery',
  payment: 'Payment',
  email: 'Email',
  firstName: 'First name',
  lastName: 'Last name',
  address: 'Address',
  city: 'City',
  region: 'State / region',
  postalCode: 'Postal code',
  phone: 'Phone',
  country: 'Country',
  select: 'Select…',
  shippingOption: 'Shipping option',
  shippingHint: 'Enter your address to see the shipping options.',
  couponCode: 'Coupon code',
  apply: 'Apply',
  testCard: 'Card (test card)',
  cardNumber: 'Card number',
  expiry: 'Expiry (MM/YY)',
  securityCode: 'Security code',
  placeOrder: 'Place order',
  placingOrder: 'Placing order…',
  secureCheckout: 'Secure checkout.',
  secureCheckoutNote: 'Your card details go straight to the payment provider and are never stored on this site.',
  orderSummary: 'Order summary',
  showOrderSummary: 'Show order summary',
  hideOrderSummary: 'Hide order summary',
  discount: 'Discount',
  shipping: 'Shipping',
  withYourAddress: 'With your address',
  tax: 'Tax',
  includingTax: 'Including tax',
  /** Under the price on the product page when prices include tax (commerce preference `tax.pricesIncludeTax`). */
  priceIncludesTax: 'Price includes tax.',
  /** Beside the price on product cards and search results when prices include tax. */
  inclTax: 'incl. tax',
  /** On the order pages when prices include tax: a message (`{amount money}` is the tax inside the total). */
  includesTax: 'Includes {amount money} tax.',
  total: 'Total',
  orderConfirmed: 'Thank you! Order #{number} is confirmed.',
  confirmationSent: 'A confirmation has been sent to {email}.',
  each: 'each',
  mailSubject: '{site}: order #{number} confirmed',
  mailThanks: 'Thank you for your order #{number}.',
  giftCard: 'Gift card',
  paidByCard: 'Paid by card',
  yourDownloads: 'Your downloads:',
  orderStatus: 'Order status',
  viewOrderStatus: 'View your order status',
  remove: 'Remove',
  editDetails: 'Edit details',
  held: 'Held for you',
  heldFor: 'Held for you for {time}',
  loadingCart: 'Loading your cart…',
  subscribe: 'Subscribe',
  giftCardCode: 'Gift card code',
  applyGiftCard: 'Apply gift card',
  removeGiftCard: 'Remove gift card',
  giftCardApplied: 'Gift card ending {last4} applied.',
  enterGiftCardCode: 'Enter a gift card code.',
  giftCardCovers: 'Your gift card covers this order: no card payment is needed.',
  loadingCardPayment: 'Loading card payment…',
  suggestions: '{label} suggestions',
  suggestionsFound: '{count} suggestions. Use the arrow keys to choose one.',
  fieldNeedsAttention: '1 field needs attention: {fields}.',
  fieldsNeedAttention: '{count} fields need attention: {fields}.',
  mailShippedSubject: '{site}: order #{number} has shipped',
  mailShipped: 'Good news: items of your order #{number} are on their way.',
  mailPickedUpSubject: '{site}: order #{number} was picked up',
  mailPickedUp: 'Items of your order #{number} were picked up.',
  mailCarrier: 'Carrier: {carrier}',
  mailTracking: 'Tracking number: {tracking}',
  mailRefundSubject: '{site}: refund for order #{number}',
  mailRefunded: 'We refunded {amount} for your order #{number}.',
  mailRefundToCard: 'To your payment method: {amount}',
  mailRefundToGiftCard: 'To your gift card: {amount}',
  mailCancelledSubject: '{site}: order #{number} was cancelled',
  mailCancelled: 'Your order #{number} was cancelled.',
  /** The review request: `{which}` is mailReviewOrder (the number known) or mailReviewAnyOrder. */
  mailReviewOrder: 'your order #{number}',
  mailReviewAnyOrder: 'your order',
  mailReviewSubject: '{site}: how was {which}?',
  mailReviewIntro: 'Thank you for {which}. How do you like what you bought? A short review helps other shoppers.',
  mailGiftCardSubject: '{site}: your gift card (order #{number})',
  mailGiftCardsSubject: '{site}: your gift cards (order #{number})',
  mailGiftCard: 'Here is the gift card from order #{number}. Enter the code at checkout; what is not spent stays on the card.',
  mailRestockSubject: '{product} is back in stock',
  mailRestock: 'Good news: {product} is back in stock.',
  mailRestockOnce: 'You asked us to tell you once; we will not write again about it.',
  mailResetSubject: 'Reset your password for {site}',
  mailReset: 'Choose a new password here:',
  mailResetNote: 'The link works for one hour. If you did not ask for it, ignore this mail: your password stays as it is.',
  mailGiftCards: 'Here are the gift cards from order #{number}. Enter the code at checkout; what is not spent stays on the card.',
  /** The account mails (verification, an address that has an account already, a contributor's invitation). */
  mailVerifySubject: 'Confirm your email for {site}',
  mailVerify: 'Welcome! Confirm your email address to finish creating your account:',
  mailVerifyNote: 'The link works for 24 hours. If you did not sign up, ignore this mail.',
  mailExistingSubject: 'You already have an account at {site}',
  mailExisting: 'Someone (probably you) tried to create an account with this address, which already has one.',
  mailExistingSignIn: 'Sign in: {link}',
  mailExistingForgot: 'Forgot your password? {link}',
  mailInviteSubject: 'You are invited to help run {site}',
  mailInvite: 'You have been invited to {site} as {roles}.',
  mailInviteAccept: 'Accept the invitation:',
  mailInviteNote: 'The link works for 7 days.',
  /** A paid order the store could not complete (the order reconciler refunds it). */
  mailUnfinishedSubject: '{site}: we could not complete your order',
  mailUnfinished: 'We took your payment of {amount} for the order below, but the store could not complete it.',
  mailUnfinishedRefund: 'We are refunding the full {amount} to the card you paid with. It can take a few days to show on your statement. Nothing else was charged.',
  /** The shopper's account pages (/account, issue 29): headings, labels, buttons and links. */
  accountSignIn: 'Sign in',
  accountPassword: 'Password',
  accountRememberMe: 'Keep me signed in for 30 days',
  accountForgotPassword: 'Forgot your password?',
  accountNewHere: 'New here?',
  accountCreate: 'Create an account',
  accountYours: 'Your account',
  accountSignedInAs: 'Signed in as',
  accountLanguage: 'language',
  accountSignOut: 'Sign out',
  accountNewPasswordLabel: 'Password (at least 8 characters)',
  accountCreateButton: 'Create account',
  accountHaveOne: 'Already have an account?',
  accountCheckEmail: 'Check your email',
  accountConfirmEmail: 'Confirm your email',
  accountConfirmButton: 'Confirm my email address',
  accountResetTitle: 'Reset your password',
  accountSendLink: 'Send me a link',
  accountChoosePassword: 'Choose a new password',
  accountNewPassword: 'New password (at least 8 characters)',
  accountSavePassword: 'Save password',
  accountTryAgain: 'Please try again',
  accountReloadForm: 'Reload the form',
  accountSignInToSee: 'Sign in to see your orders and subscriptions.',
  accountNotFound: 'Not found',
  accountNotFoundText: 'We could not find that in your account.',
  accountBack: 'Back to your account',
  accountOrders: 'Orders',
  accountNoOrders: 'You have not placed any orders yet.',
  accountOrder: 'Order',
  accountDate: 'Date',
  accountStatus: 'Status',
  accountSubscriptions: 'Subscriptions',
  accountNoSubscriptions: 'You have no subscriptions.',
  accountProduct: 'Product',
  accountPrice: 'Price',
  accountNextPayment: 'Next payment',
  accountOrderNumber: 'Order #{number}',
  accountTestMode: 'test mode',
  accountPaymentsSoFar: 'Payments so far',
  /** '{done} of {total}' payments of a subscription with a fixed number of them. */
  accountPaymentsOf: '{done} of {total}',
  accountCanceled: 'Your subscription is canceled. There will be no further payments.',
  accountCancelSubscription: 'Cancel subscription',
  accountStatusPaid: 'Paid',
  accountStatusRefunded: 'Refunded',
  accountStatusActive: 'Active',
  accountStatusPastDue: 'Past due',
  accountStatusPaused: 'Paused',
  accountStatusEnded: 'Ended',
  accountStatusCanceled: 'Canceled',
  /** SPEC §8 and account messages the account pages show: the English is the catalogue's text (account-texts.ts maps them). */
  accountInvalidCredentials: 'Invalid email or password.',
  accountEmailUnverified: 'Please verify your email address first: use the link we emailed you.',
  accountInvalidLink: 'This link is invalid or has expired.',
  accountSignUpSent: 'Check your email: we sent you a link to confirm your account.',
  accountResetSent: 'If an account uses that address, we sent it a link to choose a new password.',
  accountSessionExpired: 'Your session has expired. Please reload the page and try again.',
  accountRateLimited: 'Please try again in a few seconds.',
  accountEnterEmail: 'Enter your email address.',
  accountEmailTooLong: 'Email addresses are at most 256 characters.',
  accountEmailInvalid: 'Enter a valid email address.',
  accountPasswordTooShort: 'Passwords need at least 8 characters.',
  accountPasswordTooLong: 'Passwords are at most 1024 characters.',
  /** The member's mail when the owner revokes their access to a member area (issue 30). */
  mailMembershipEndedSubject: '{site}: your access to {area} has ended',
  mailMembershipEnded: 'Your access to {area} at {site} has ended.',
  mailMembershipPlanStopped: 'Your plan for it is stopped: there will be no further payments.',
  mailMembershipPlanGoesOn: 'Your subscription is not cancelled by this. You can cancel it in your account: {url}',
  /** The demo theme's header, layout and switcher words, on every page as `themeTexts` (domain/languages/theme-texts.ts). */
  headerMenu: 'Menu',
  headerMainNavigation: 'Main',
  headerMoreUnder: 'More under {title}',
  headerSearchLabel: 'Search the site',
  headerSearch: 'Search',
  headerCart: 'Cart',
  headerLanguage: 'Language',
  layoutSkipToContent: 'Skip to content',
  layoutPageNotFound: 'Page not found',
  /**
   * SPEC §9 subscription wording (domain/commerce/subscription-wording.ts): one text per unit and
   * number, since languages agree words with the unit (French 'toutes les semaines', 'tous les mois').
   * `{count}` is the number; `{every}` and `{duration}` the two parts; `{price}` the money.
   */
  subscriptionEveryWeek: 'every week',
  subscriptionEveryWeeks: 'every {count} weeks',
  subscriptionEveryMonth: 'every month',
  subscriptionEveryMonths: 'every {count} months',
  subscriptionEveryYear: 'every year',
  subscriptionEveryYears: 'every {count} years',
  subscriptionWeek: '{count} week',
  subscriptionWeeks: '{count} weeks',
  subscriptionMonth: '{count} month',
  subscriptionMonths: '{count} months',
  subscriptionYear: '{count} year',
  subscriptionYears: '{count} years',
  subscriptionFor: '{every} for {duration}',
  subscriptionPrice: '{price} {wording}',
  /** A product with varied prices words its plan from its lowest price. */
  subscriptionFromPrice: 'from {price}',
  subscriptionUnavailable: 'Unavailable',
  /** A label and its value ('Status: Active'): French puts a no-break space before the colon. */
  labelValue: '{label}: {value}',
  /**
   * The demo theme's post, product and review words (`themeTexts`, issue 29). `themeCommentCount` is an
   * ICU message (the `message` formatter) of the item's comment count.
   */
  themeBy: 'by',
  themeCommentCount: '{0 plural =0 {No Comments} one {# Comment} other {# Comments}}',
  themeSoldOut: 'Sold Out',
  themeReviews: 'Reviews',
  themeReviewsPages: 'Reviews pages',
  themeWriteReview: 'Write a review',
  themeRelatedProducts: 'You may also like',
  themeFiledUnder: 'Filed under',
  themeTags: 'Tags',
  /** Before a product's tag list; French puts a no-break space before the colon. */
  themeTagsLabel: 'Tags:',
} as const;

export type StoreTextKey = keyof typeof STORE_TEXTS;
/** The texts, and on pages the links islands need under the page's language prefix. */
export type StoreTexts = Record<StoreTextKey, string> & { homeUrl?: string; checkoutUrl?: string };

/** The translation entity of the store texts (kind `system`). */
export const STORE_TEXTS_ENTITY = 'store-texts';

/** The English defaults with `translated(key)` over them where it gives a text. */
export function storeTexts(translated: (key: StoreTextKey) => string | undefined = () => undefined): StoreTexts {
  const out = {} as StoreTexts;
  for (const key of Object.keys(STORE_TEXTS) as StoreTextKey[]) out[key] = translated(key) ?? STORE_TEXTS[key];
  return out;
}

/** `text` with each `{name}` replaced by `values[name]` (unknown names stay). */
export function fillText(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * The texts an island received in its props, over the English defaults (a theme without
 * the prop, or an older page, still reads English).
 */
export function storeTextsOf(value: unknown): StoreTexts {
  const given = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const texts = storeTexts((key) => (typeof given[key] === 'string' ? (given[key] as string) : undefined));
  // Only site-relative links (never another origin or a script URL).
  for (const link of ['homeUrl', 'checkoutUrl'] as const) {
    const url = given[link];
    if (typeof url === 'string' && /^\/(?!\/)/.test(url)) texts[link] = url;
  }
  return texts;
}
