import { REVIEW_FORM_ENGLISH } from './review-form-texts.js';

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
  /** The donate page (203), contribution confirmed (204), the donation block and the donate island (issue 29/30). */
  donateTitle: 'Make a donation',
  donateButton: 'Donate',
  donateAmount: 'Amount ({currency})',
  donateRange: 'Between {min} and {max}.',
  donateCoverFee: 'Cover the card fee ({rule}) so all of your gift arrives',
  donateFeeTotal: 'On {amount} the fee is {fee}, so you give {total}.',
  donateHowOften: 'How often',
  donateOneTime: 'One time',
  donateMonthly: 'Monthly',
  donateMonthlyCancel: 'Monthly (cancel at any time)',
  donateEmail: 'Email (for your receipt)',
  donateName: 'Your name',
  donateMessage: 'Message (optional)',
  donateAnonymous: 'Give anonymously (your name is not shown)',
  donateCard: 'Card',
  donateExpMonth: 'Expiry month (MM)',
  donateExpYear: 'Expiry year (YYYY)',
  donateChooseAmount: 'Choose an amount ({currency})',
  donateOtherAmount: 'Or enter another amount',
  donateEnterAmount: 'Enter an amount',
  donateCoverFeeShort: 'Cover the card fee ({rule})',
  /** Messages of the donate form (DONATION_MESSAGES and the form's checks): the English is theirs. */
  donateAmountMissing: 'Choose or enter an amount to give.',
  donateAmountInvalid: 'Enter the amount as a number, like 25 or 25.50.',
  donateTooSmall: 'The smallest donation is {amount}.',
  donateTooLarge: 'The largest donation is {amount}.',
  donatePaymentsOff: 'This site is not taking donations by card right now.',
  donateNeedsJavaScript: 'Paying by card on this site needs JavaScript. Please turn JavaScript on and reload this page to give.',
  donateMessageTooLong: 'Your message is too long (500 characters at most).',
  donateNameTooLong: 'Your name is too long.',
  donateCardIncomplete: 'Your card number is incomplete.',
  donateCardExpiry: 'Your card’s expiry date is invalid.',
  donateCardCvc: 'Your card’s security code is incomplete.',
  donateCheckFields: 'Please check the fields below.',
  donateRecorded: 'Thank you: your donation is recorded and a receipt is on its way to your email.',
  donateLoadFailed: 'Card payments could not load. Please reload the page and try again.',
  contributionTitle: 'Thank you',
  contributionHeading: 'Thank you for your donation',
  contributionGave: 'You gave {amount} to {site}.',
  contributionFee: 'This includes {fee} to cover the card fee.',
  contributionReceipt: 'Receipt number {number}. A receipt is on its way to {email}.',
  contributionStopped: 'Your monthly donation is stopped: nothing more will be charged.',
  contributionMonthly: 'This is a monthly donation: you get a receipt each month.',
  contributionNext: 'The next one is on {date}.',
  contributionStop: 'Stop my monthly donation',
  contributionTest: 'This was a test donation: no money moved.',
  contributionBack: 'Back to the site',
  mailDonationSubject: '{site}: receipt for your donation #{number}',
  mailDonationDear: 'Dear {name},',
  mailDonationHello: 'Hello,',
  mailDonationThanks: 'Thank you for your donation of {amount} to {site}.',
  mailDonationNumber: 'Receipt number: {number}',
  mailDonationAmount: 'Amount: {amount}',
  mailDonationLink: 'Your receipt: {url}',
  mailDonationView: 'View your receipt',
  /** The member pages (103 lock screen, 105 teaser, 106, 107, 208) and the member-area block (issue 29/30). */
  memberLockTitle: 'This page is password protected',
  memberSiteLockTitle: 'This site is password protected',
  memberLockPrompt: 'Enter the password to continue.',
  memberWrongPassword: 'That password is not correct.',
  memberUnlock: 'Unlock',
  memberPaywallTitle: 'Members only',
  memberDeniedTitle: 'Access denied',
  memberDeniedMessage: 'Your account is not a member of this area.',
  memberJoinFree: 'Join {area} for free.',
  memberPaidOnce: 'Access to {area}: {price}, paid once.',
  memberPaidMonthly: 'Access to {area}: {price} a month.',
  memberSignUpToJoin: '{signUp} or {signIn} to join.',
  memberSignInLower: 'sign in',
  memberJoin: 'Join {area}',
  memberSubscribe: 'Subscribe for {price} a month',
  memberBuy: 'Buy access for {price}',
  memberAlready: 'Already a member? {signIn}.',
  memberConfirmedTitle: 'Membership confirmed',
  memberWelcome: 'Welcome to {area}',
  memberActive: 'Your membership is active.',
  memberContinue: 'Continue reading',
  memberGuest: 'Your access to {area} is on the account with the email you gave at checkout. We have sent it a mail: set your password from its link, or {signIn} if you already have an account.',
  memberHeading: 'Membership',
  memberSignInToSee: '{signIn} to see your membership.',
  memberAreaJoin: 'Join',
  memberAreaEmpty: 'Member area',
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
  /** The listing add-to-cart button's pause on a product with options, and the summary and product blocks' empty words (issue 29). */
  themeSelectOption: 'Select Option',
  themeNothingHereYet: 'Nothing here yet.',
  themeProductNotAvailable: 'This product is not available.',
  /** The mails of a guest's paid order of access (edge/services/members/guest.ts), in the order's language. */
  memberMailSetPasswordSubject: 'Set your password for {site}',
  memberMailSetPassword: 'Thank you for your purchase. Your access to {areas} belongs to an account we made for this address.\n\nChoose its password here:\n\n{setPasswordUrl}\n\nThe link works for 24 hours. Later, use "Forgot your password?" at {resetUrl}',
  memberMailSignInSubject: 'Your access at {site}',
  memberMailSignIn: 'Thank you for your purchase. Your access to {areas} is on your account with this address.\n\nSign in to read: {accountUrl}\nForgot your password? {resetUrl}',
  memberMailAreasFallback: 'members-only pages',
  /** The subscription renewal mail (edge/services/subscriptions/renewal-mail.ts), in the first order's language. */
  renewalSubjectRenewed: '{site}: your subscription to {name} is renewed',
  renewalCharged: 'Thank you: we charged {amount} for {line} ({wording}).',
  renewalNextPayment: 'Next payment: {date}.',
  renewalLastPayment: 'That was the last payment of this subscription.',
  renewalOrderStatus: 'Order status: {url}',
  renewalSubjectDeclined: '{site}: we could not renew your subscription to {name}',
  renewalDeclined: 'We could not take the payment for {line} ({wording}): {message}',
  renewalRetry: 'We will try again on {date}.',
  renewalCanceled: 'We tried several times, so the subscription is now canceled.',
  /** The demo theme's order-status page words (`themeTexts`); French puts a no-break space before the colons. */
  themeOrderStatus: 'Status:',
  themeOrderTotal: 'Total:',
  themeOrderRefunded: 'Refunded:',
  themeOrderShipments: 'Shipments',
  /** The demo theme's subscription-confirmed page (206) words (`themeTexts`). */
  themeSubscriptionConfirmed: 'Thank you! Your subscription is confirmed.',
  themeSubscriptionNextPayment: 'Next payment:',
  themeSubscriptionNoFurther: 'No further payments.',
  themeSubscriptionOrder: 'Order #{number} · a confirmation has been sent to {email}.',
  themeSubscriptionPaidToday: 'Paid today:',
  /**
   * lang17: the add-to-cart button's passing words, its failure alert (the SPEC §5/§8 catalogue
   * texts it shows) and the added popover, as `themeTexts` for the islands; `{option}`, `{options}`,
   * `{last}` and `{title}` are filled in by the island.
   */
  themeAdding: 'Adding…',
  themeAdded: 'Added!',
  themeAddTitle: 'Unable to Add Item',
  themePurchaseTitle: 'Unable to Purchase Item',
  themeSomethingWrong: 'Something went wrong',
  themeSessionExpired: 'Your session has expired. Please reload the page and try again.',
  themeCookiesDisabled: 'Please enable cookies in your browser, reload the page, and try again.',
  themeRateLimited: 'Please try again in a few seconds.',
  themeNetwork: 'Please check your internet connection.',
  themeVariantUnavailable: 'Sorry, that item variant is unavailable. Please select another variant.',
  themeNotEnoughStock: 'Sorry, we do not have enough of that item available.',
  themeQuantityNotNumber: 'Quantity must be a number.',
  themeQuantityNotWhole: 'Quantity must be a whole number',
  themeSelectOneOption: 'Please select the {option} option.',
  themeSelectOptions: 'Please select the {options} and {last} options.',
  themeAddedToCart: '{title} was added to your cart.',
  themeClose: 'Close',
  /** lang17: a monthly donation's renewal mails (edge/services/subscriptions/renewal-mail.ts), in the first donation's language. */
  donationRenewedSubject: '{site}: receipt for your monthly donation',
  donationRenewedThanks: 'Thank you for your monthly donation of {amount} to {site}.',
  donationRenewedAmount: 'Amount: {amount}',
  donationRenewedReceipt: 'Your receipt: {url}',
  donationRenewedNext: 'Next donation: {date}. To stop it, use the link in your first receipt or your account.',
  donationRenewedLast: 'That was the last donation of this plan.',
  donationDeclinedSubject: '{site}: we could not take your monthly donation',
  donationDeclined: 'We could not take your monthly donation of {amount}: {message}',
  donationRetry: 'We will try again on {date}.',
  donationStopped: 'We tried several times, so the monthly donation is now stopped.',
  /** lang17: why a renewal's charge failed (the provider's RENEWAL_MESSAGES), inside the declined mail. */
  declineCardDeclined: 'Your card was declined.',
  declineInsufficientFunds: 'Your card has insufficient funds.',
  declineExpired: 'Your card has expired.',
  declineAuthenticationRequired: 'Your bank asked you to confirm this payment, which cannot be done automatically. Please contact the store to pay this renewal with your card.',
  declineMethodGone: 'This saved payment method is no longer available.',
  declineUnavailable: 'We could not reach the payment service. You have not been charged; we will try again.',
  declineIncomplete: 'This renewal could not be paid with your saved card.',
  declineNotChargeable: 'This payment method cannot be charged again.',
  /**
   * The demo theme's collection pagination and item count (`themeTexts`, lang16); `themeItemCount` is an
   * ICU message of the collection's item count.
   */
  themePages: 'Pages',
  themePreviousPage: '← Previous page',
  themeNextPage: 'Next page →',
  themePageOf: 'Page {current} of {total}',
  themeItemCount: '{0 plural one {# item} other {# items}}',
  /** The product page's reviews (`themeReviewCount` an ICU message of the count) and its item links' label. */
  themeOutOfFive: 'out of 5',
  themeReviewCount: '{0 plural one {# review} other {# reviews}}',
  themeRated: 'Rated {rating} out of 5',
  themeVerifiedBuyer: 'Verified buyer',
  themeReviewsPrevious: 'Previous page',
  themeReviewsNext: 'Next page',
  themeNoReviews: 'No reviews yet.',
  themeMore: 'More',
  /** The order-status page: its shipments' words (French puts a no-break space before the colons) and the statuses the account words lack. */
  themeShipped: 'Shipped:',
  themePickedUp: 'Picked up:',
  themeTrackingNumber: 'Tracking number',
  orderStatusPartiallyRefunded: 'Partially refunded',
  orderStatusCancelled: 'Cancelled',
  /** The title of the plain page a no-JS post without a valid crumb gets (its text is `accountSessionExpired`). */
  requestRefused: 'Request refused',
  /** The checkout island's note above the demo store's test card fields; `{card}` is the test card number, in bold. */
  testCardNote: 'This is a demo store: no money is taken. Pay with the test card {card}, any future expiry and any 3-digit security code; 4000 0000 0000 0002 is declined.',
  /** The review form island's words (domain/languages/review-form-texts.ts, where their English lives: the island's chunk reads it there). */
  ...REVIEW_FORM_ENGLISH,
  /** The order pages' gift-card line and downloads block (`partials/order-extras.html`). */
  orderGiftCardPaid: 'Gift card: −{gift money} · Paid by card: {paid money}',
  orderDownloadsTitle: 'Your downloads',
  orderDownloadsUsed: '{used} of {max} downloads used',
  orderDownloadsNote: 'Links work for a limited time; they are also in your confirmation email.',
  /** The checkout page's line when guest checkout is off and nobody is signed in. */
  checkoutSignInRequired: 'Sign in to check out: this store takes orders from account holders only.',
  checkoutSignInLink: 'Sign in or create an account',
  /** The review-request page (209); `{product}` is the product's link, `{email}` the masked address. */
  reviewRequestTitle: 'Review your purchase',
  reviewRequestAsk: 'Thank you for shopping with us. How do you like {product}?',
  reviewRequestLinked: 'Your review is linked to {email} and will be marked as a verified purchase.',
  reviewRequestLoading: 'Loading the review form…',
  reviewRequestInvalid: 'This review link is invalid or has expired.',
  /** lang19: the not-found page's words (the demo theme's `not-found.html`, as `themeTexts`). */
  notFoundText: 'We could not find the page you were looking for. It may have moved or no longer exists.',
  notFoundHome: 'Back to the home page',
  /** The quick view's link to the product page; `{title}` is the product's. */
  themeViewDetails: 'View details for {title}',
  /** The review API's other answers (POST /api/reviews, in the language the form posts). */
  reviewTitleTooLong: 'Title is too long (at most 120 characters)',
  reviewBodyTooLong: 'Review is too long (at most 5000 characters)',
  reviewNameTooLong: 'Name is too long (at most 80 characters)',
  reviewNoProduct: 'That product does not exist.',
  reviewLinkUsed: 'This review link has already been used.',
  /** The checkout API's refusals the checkout island shows (POST /api/commerce/orders, in the page's language). */
  checkoutPhoneRequired: 'Enter a phone number.',
  checkoutTestCardsOff: 'This store is not taking test-card payments.',
  checkoutTestCardUnknown: 'Your card number is not a test card number. Use 4242 4242 4242 4242.',
  checkoutCardMissing: 'Enter your card details.',
  checkoutCartIsEmpty: 'Your cart is empty.',
  checkoutInProgress: 'This order is already being placed. Please wait a moment.',
  checkoutCheckFields: 'Please check the highlighted fields.',
  checkoutChooseShipping: 'Choose one of the shipping options offered.',
  checkoutNoShipping: 'We do not ship to this address.',
  /** SPEC §8: the checkout island's alert when fields were refused. */
  checkoutUpdateMissing: 'Update the missing or invalid information above.',
  /** The checkout body's own checks (email, address, test card) beside their fields. */
  checkoutEmailInvalid: 'Enter a valid email address.',
  checkoutFirstNameRequired: 'First name is required.',
  checkoutLastNameRequired: 'Last name is required.',
  checkoutAddressRequired: 'Address is required.',
  checkoutCityRequired: 'City is required.',
  checkoutCardIncomplete: 'Your card number is incomplete.',
  checkoutCardMonthInvalid: 'Your card’s expiration month is invalid.',
  checkoutCardYearInvalid: 'Your card’s expiration year is invalid.',
  checkoutCardCodeIncomplete: 'Your card’s security code is incomplete.',
  /**
   * lang20: the search page's placeholder, result count (an ICU plural message: {0} the count,
   * {1} the query) and empty result (`themeTexts`); the checkout summary's gift-card lines.
   */
  themeSearchPlaceholder: 'Search products and posts',
  themeSearchCount: '{0 plural one {# result} other {# results}} for “{1}”',
  themeSearchNothing: 'Nothing matched. Try fewer or different words.',
  checkoutGiftCardEnding: 'Gift card (ending {last4})',
  checkoutToPayByCard: 'To pay by card',
  /** lang21: the checkout API's other refusals (too-long fields, postcode rules, coupons, gift cards, Stripe), in the body's language. */
  checkoutFirstNameTooLong: 'First name is too long.',
  checkoutLastNameTooLong: 'Last name is too long.',
  checkoutAddressTooLong: 'Address is too long.',
  checkoutAddress2TooLong: 'Address line 2 is too long.',
  checkoutCityTooLong: 'City is too long.',
  checkoutRegionTooLong: 'State / region is too long.',
  checkoutPostalCodeTooLong: 'Postal code is too long.',
  checkoutPhoneTooLong: 'Phone is too long.',
  checkoutShippingAddressNeeded: 'Enter a shipping address.',
  postcodeInvalid: 'Invalid postal code.',
  postcodeUsZip: 'ZIP Codes need to be 5 digits.',
  postcodeCaFsa: 'An FSA code is invalid.',
  postcodeGbOutcode: 'Enter only the 1-4 character outcode portion of postcodes.',
  postcodeSe: 'Enter up to 3 digits of the postcode',
  postcodeIeEircode: 'Enter only the first three characters of the Eircode',
  checkoutCouponUsedUp: 'This coupon has reached its usage limit.',
  checkoutCouponCustomerLimit: 'You have already used this coupon as many times as it allows.',
  giftCardInvalid: 'This gift card code is not valid.',
  giftCardNoBalance: 'This gift card has no balance left.',
  giftCardBalanceChanged: 'This gift card’s balance has changed. Please review your order and try again.',
  giftCardPurchase: 'Unable to purchase Gift Card',
  giftCardPurchaseField: 'A gift card cannot be used to buy another gift card.',
  giftCardCardNeeded: 'Enter your card details to pay the rest of the order.',
  checkoutStripeNotSetUp: 'Card payments through Stripe are not set up for this store.',
  /** lang21: the cart API's own messages (in the language the cart island sends) and the cart island's failure titles. */
  cartQuantityRequired: 'Quantity is required.',
  cartQuantityRange: 'Quantity must be between 1 and 9999.',
  cartServiceSingleQuantity: 'Only one of this item can be added to your cart.',
  cartGiftCardDenomination: 'Select a denomination for the Gift Card',
  cartSubscriptionOnly: 'This item is a subscription; subscribe to it from its product page.',
  cartNotSubscribable: 'This item cannot be bought as a subscription.',
  cartSubscriptionPlanUnknown: 'That subscription option is not offered for this item.',
  cartEntryNotFound: 'That item is no longer in your cart.',
  cartEntryMismatch: 'That entry does not hold this item and variant.',
  cartDuplicateLine: 'Your cart already has this item with the same details.',
  cartRemoveFailed: 'Unable to remove item',
  cartQuantityFailed: 'Unable to update quantity',
  cartOpenFormFailed: 'Unable to open form',
  cartUpdateFormFailed: 'Unable to update form',
  /** lang21: the theme's message pages (error.html, status.html, newsletter.html) as `themeTexts`; `{email}` and `{list}` filled in by the template. */
  themeErrorTryAgain: 'Please try again in a moment.',
  themeNewsletterConfirmTitle: 'Subscribe to {list}?',
  themeNewsletterConfirmText: 'Confirm that {email} should get {list}.',
  themeNewsletterConfirmButton: 'Confirm my subscription',
  themeNewsletterConfirmed: "You're subscribed",
  themeNewsletterConfirmedText: '{email} will get {list}. Thank you!',
  themeNewsletterConfirmInvalid: 'This link has expired',
  themeNewsletterConfirmInvalidText: 'The confirmation link is not valid any more. Sign up again and we will send a new one.',
  themeNewsletterUnsubscribeTitle: 'Unsubscribe from {list}?',
  themeNewsletterUnsubscribeText: '{email} will get no more mail from this list.',
  themeNewsletterUnsubscribeButton: 'Unsubscribe',
  themeNewsletterUnsubscribed: "You're unsubscribed",
  themeNewsletterUnsubscribedText: '{email} will get no more mail from {list}.',
  themeNewsletterUnsubscribeInvalid: 'This link is not valid',
  themeNewsletterUnsubscribeInvalidText: 'Use the unsubscribe link from one of our emails.',
  statusMethodNotAllowedTitle: 'Method not allowed',
  statusMethodNotAllowed: 'This address can only be viewed, not sent to.',
  downloadForgedTitle: 'Link not valid',
  downloadForged: 'This download link is not valid. Use the link from your order confirmation.',
  downloadExpiredTitle: 'Link expired',
  downloadExpired: 'This download link has expired. Please contact the store for a new one.',
  downloadUsedUpTitle: 'Download limit reached',
  downloadUsedUp: 'This file has been downloaded as many times as this link allows. Please contact the store.',
  downloadMissingTitle: 'File unavailable',
  downloadMissing: 'This file is no longer available. Please contact the store.',
  /** lang24: the add-to-cart body's own refusals, the cart's coupon refusals ({amount} in the language's money format), the region-mismatch field message. */
  cartItemIdInvalid: 'itemId must be an item id.',
  cartSkuInvalid: 'sku must be a sku or null.',
  cartAdditionalFieldsJson: 'additionalFields must be JSON text, an object or null.',
  couponNotStarted: 'This coupon is not active yet.',
  couponExpired: 'This coupon has expired.',
  couponBelowMinimum: 'Spend at least {amount} to use this coupon.',
  couponNoEligibleItems: 'This coupon does not apply to any item in your cart.',
  couponUnknown: 'This coupon code is not valid.',
  checkoutRegionMismatch: 'This ZIP / postal code is in {postcodeRegion}, not {typedRegion}.',
  /** lang23: the newsletter confirmation mail (a list sign-up from a form, the promo popup or the restock form); `{list}`, `{site}`, `{url}` (the unsubscribe link). */
  mailNewsletterSubject: 'Confirm your subscription to {list}',
  mailNewsletterConfirm: 'Please confirm that you want {list} from {site}:',
  mailNewsletterIgnore: 'Did not ask for this? Ignore this mail, or unsubscribe: {url}',
  /** lang23: the owner canceled a shopper's subscription (outbox `subscription-canceled`); `{name}` the product. */
  mailSubscriptionCanceledSubject: '{site}: your subscription to {name} is canceled',
  mailSubscriptionCanceled: 'The store canceled your subscription to {name}. There will be no further payments.',
  /** lang23: the notice of a burst of failed sign-ins (outbox `sign-in-failures`); `{url}` the reset page. */
  mailSignInFailuresSubject: 'Failed sign-ins to your account at {site}',
  mailSignInFailures: 'Someone has been trying wrong passwords for your account at {site} ({email}).',
  mailSignInFailuresReset: 'If it was you, there is nothing to do. If not, your account is still safe while your password is strong and only yours; you can choose a new one here: {url}',
  mailSignInFailuresDevice: 'You can still sign in from a browser you used before.',
  /** lang26: the promo popup island's own words and its sign-up API's refusals (POPUP_MESSAGES). */
  popupEmailAddress: 'Email address',
  popupThanks: 'Thanks! Check your inbox to confirm your subscription.',
  popupNotFound: 'There is no popup to show.',
  popupFailed: 'We could not sign you up. Please try again.',
  /** lang26: a campaign mail's footer (`{site}` the site's title) and its text part's unsubscribe line (`{url}`). */
  mailCampaignSubscribedTo: 'You get this mail because you subscribed to {site}.',
  mailCampaignUnsubscribe: 'Unsubscribe',
  mailCampaignUnsubscribeLine: 'Unsubscribe: {url}',
  /** lang26: the gift card the owner issues from the Gift cards screen, in the recipient's language the owner chose. */
  mailOwnerGiftCardSubject: '{site}: a gift card for you',
  mailOwnerGiftCard: '{site} sent you a gift card worth {amount}.',
  mailOwnerGiftCardCode: 'Your code: {code}',
  mailOwnerGiftCardUse: 'Enter the code at checkout; what is not spent stays on the card.',
  /** lang27: the promo popup API's missing bot-check token (SPEC §8's text; its 429 is `popupFailed`). */
  popupCaptchaIncomplete: 'Complete CAPTCHA before submitting.',
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
 * fillText's inverse: the messages `text` makes as one pattern of the whole message. A slot
 * named in `known` matches exactly that value; each other slot matches any words, captured in
 * order (`names`).
 * @example textPattern('{site}: order #{number} shipped', { number: '1001' }).pattern.exec('Fern: order #1001 shipped')?.[1] === 'Fern'
 */
export function textPattern(text: string, known: Record<string, string> = {}): { pattern: RegExp; names: string[] } {
  const escape = (words: string) => words.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const names: string[] = [];
  const source = text.split(/(\{\w+\})/).map((part) => {
    const slot = /^\{(\w+)\}$/.exec(part)?.[1];
    if (slot === undefined) return escape(part);
    if (slot in known) return escape(known[slot]!);
    names.push(slot);
    return '([\\s\\S]*?)';
  });
  return { pattern: new RegExp(`^${source.join('')}$`), names };
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
