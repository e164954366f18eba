import { REVIEWS_PER_PAGE, type PublicReview, type ReviewSummary } from '../../services/reviews/store.js';
import type { TranslationTable } from '../../services/multilingual/texts.js';
import { REVIEW_FORM_TEXT_KEYS } from '../../../domain/languages/review-form-texts.js';
import { STORE_TEXTS_ENTITY } from '../../../domain/languages/store-texts.js';

/**
 * `reviews` of a product page's context: the summary, one page of published reviews
 * (`?page=N`) and the links to the neighbouring pages (docs/page-context.md).
 */
export function reviewsJson(itemUrl: string, page: number, list: readonly PublicReview[], summary: ReviewSummary): Record<string, unknown> {
  const pageCount = Math.max(1, Math.ceil(summary.count / REVIEWS_PER_PAGE));
  const link = (n: number) => (n === 1 ? `${itemUrl}#reviews` : `${itemUrl}?page=${n}#reviews`);
  return {
    count: summary.count,
    average: summary.average,
    // Whole and half stars for the summary's star row (4.3 -> 4, 4.5 -> 4.5).
    averageStars: Math.round(summary.average * 2) / 2,
    histogram: summary.histogram.map((n, i) => ({ stars: i + 1, count: n })).reverse(),
    starsText: starsText(Math.round(summary.average)),
    items: list.map((r) => ({ ...r, starsText: starsText(r.rating) })),
    pagination: {
      page,
      pageCount,
      ...(page > 1 ? { prevUrl: link(page - 1) } : {}),
      ...(page < pageCount ? { nextUrl: link(page + 1) } : {}),
    },
  };
}

/** Five stars, `n` of them filled (shown beside a visually hidden 'Rated n out of 5'). */
export function starsText(n: number): string {
  const filled = Math.max(0, Math.min(5, n));
  return '★'.repeat(filled) + '☆'.repeat(5 - filled);
}

/**
 * `reviews.formTexts`: the review form island's words the page's language has (its props
 * `texts`); undefined on the primary language's pages, so their context stays as before.
 */
export function reviewFormTexts(table: TranslationTable | undefined): Record<string, string> | undefined {
  if (!table) return undefined;
  const out: Record<string, string> = {};
  for (const key of REVIEW_FORM_TEXT_KEYS) {
    const text = table.get('system', STORE_TEXTS_ENTITY, key);
    if (text !== undefined) out[key] = text;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
