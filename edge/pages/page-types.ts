/** SPEC §2 page type codes the edge serves. */
export const PAGE_TYPE = {
  collection: 1,
  page: 2,
  item: 50,
  notFound: 100,
  error: 101,
  search: 102,
  lockScreen: 103,
  protectedContent: 105,
  accessDenied: 106,
  paywall: 107,
  showCart: 200,
  checkout: 201,
  orderConfirmed: 202,
  donate: 203,
  contributionConfirmed: 204,
  subscriptionConfirmed: 206,
  membershipConfirmed: 208,
  reviewsRequest: 209,
  orderStatus: 211,
  newsletterUnsubscribe: 300,
} as const;

export type PageTypeName = 'home' | 'collection' | 'item' | 'page' | 'cart' | 'search' | 'not-found' | 'error' | 'reviews-request'
  | 'newsletter-unsubscribe' | 'newsletter-confirmation' | 'checkout' | 'order-confirmed' | 'order-status'
  | 'subscription-confirmed' | 'account' | 'lock-screen' | 'protected-content' | 'access-denied' | 'paywall' | 'membership-confirmed'
  | 'donate' | 'contribution-confirmed';

/** What a resolved request renders: the status, the theme files to try in order, the context. */
export interface PageResult {
  status: 200 | 400 | 401 | 402 | 403 | 404 | 405 | 410 | 422 | 429 | 500;
  templates: string[];
  context: Record<string, unknown>;
}
