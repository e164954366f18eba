import type { SiteRecord } from '../services/websites.js';
import { verifyReviewRequest } from '../services/reviews/links.js';
import { reviewableProduct } from '../services/reviews/store.js';
import { baseContext } from './page-context.js';
import { type PageRequest } from './page-request.js';
import { PAGE_TYPE, type PageResult } from './page-types.js';
import { reviewFormTexts } from './context/reviews.js';
import { fillText, STORE_TEXTS_ENTITY, type StoreTextKey } from '../../domain/languages/store-texts.js';
import type { TranslationTable } from '../services/multilingual/texts.js';

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
/**
 * The page's words in an added language (issue 29), `reviewRequest.texts`: the sentence around the
 * product's link cut at `{product}` (`askBefore`, `askAfter`), the email sentence filled in. Only
 * when the language has them all, so the primary language's page stays as before.
 */
function requestTexts(table: TranslationTable | undefined, email: string): Record<string, string> | undefined {
  const text = (key: StoreTextKey) => table?.get('system', STORE_TEXTS_ENTITY, key);
  const [title, ask, linked, loading] = [text('reviewRequestTitle'), text('reviewRequestAsk'), text('reviewRequestLinked'), text('reviewRequestLoading')];
  if (!title || !ask || !linked || !loading) return undefined;
  const [askBefore = '', askAfter = ''] = ask.split('{product}', 2);
  return { title, askBefore, askAfter, linked: fillText(linked, { email }), loading };
}

export async function reviewsRequestPage(req: PageRequest, secret: string | undefined): Promise<PageResult> {
  const token = req.url.searchParams.get('token') ?? '';
  const [base, request] = await Promise.all([
    baseContext(req, PAGE_TYPE.reviewsRequest, 'reviews-request'),
    secret && token ? verifyReviewRequest(secret, token, req.now) : Promise.resolve(undefined),
  ]);
  const item = request && request.websiteId === (req.site as SiteRecord).id ? await reviewableProduct(req.db, req.site.id, request.itemId) : undefined;
  const table = req.translations ? await req.translations : undefined;
  if (!request || !item) {
    const message = table?.get('system', STORE_TEXTS_ENTITY, 'reviewRequestInvalid') ?? INVALID_REVIEW_LINK;
    const title = table?.get('system', STORE_TEXTS_ENTITY, 'reviewRequestTitle');
    return { status: 404, templates: ['reviews-request.html'], context: { ...base, reviewRequest: { valid: false, message, ...(title ? { texts: { title } } : {}) } } };
  }
  const email = maskEmail(request.email);
  const texts = requestTexts(table, email);
  const formTexts = reviewFormTexts(table);
  return {
    status: 200,
    templates: ['reviews-request.html'],
    context: {
      ...base,
      reviewRequest: { valid: true, token, email, item: { id: item.id, title: table?.get('product', item.id, 'title') ?? item.title, fullUrl: item.fullUrl }, ...(texts ? { texts } : {}), ...(formTexts ? { formTexts } : {}) },
    },
  };
}
