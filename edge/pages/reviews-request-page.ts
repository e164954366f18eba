import type { SiteRecord } from '../services/websites.js';
import { verifyReviewRequest } from '../services/reviews/links.js';
import { reviewableProduct } from '../services/reviews/store.js';
import { baseContext } from './page-context.js';
import { type PageRequest } from './page-request.js';
import { PAGE_TYPE, type PageResult } from './page-types.js';

export const INVALID_REVIEW_LINK = 'This review link is invalid or has expired.';

/** 'ada@example.com' -> 'a••@example.com': the page confirms the address without showing it whole. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}${'•'.repeat(Math.min(6, at - 1) || 1)}${email.slice(at)}`;
}

/**
 * `/reviews/request?token=`: the reviews-request page (SPEC §2 page type 209) a buyer
 * reaches from the signed link the shop sends after a purchase. A valid token shows the
 * product and the review form; anything else says the link is invalid (status 404).
 */
export async function reviewsRequestPage(req: PageRequest, secret: string | undefined): Promise<PageResult> {
  const token = req.url.searchParams.get('token') ?? '';
  const [base, request] = await Promise.all([
    baseContext(req, PAGE_TYPE.reviewsRequest, 'reviews-request'),
    secret && token ? verifyReviewRequest(secret, token, req.now) : Promise.resolve(undefined),
  ]);
  const item = request && request.websiteId === (req.site as SiteRecord).id ? await reviewableProduct(req.db, req.site.id, request.itemId) : undefined;
  if (!request || !item) {
    return { status: 404, templates: ['reviews-request.html'], context: { ...base, reviewRequest: { valid: false, message: INVALID_REVIEW_LINK } } };
  }
  return {
    status: 200,
    templates: ['reviews-request.html'],
    context: {
      ...base,
      reviewRequest: { valid: true, token, email: maskEmail(request.email), item: { id: item.id, title: item.title, fullUrl: item.fullUrl } },
    },
  };
}
