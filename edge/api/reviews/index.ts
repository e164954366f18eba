import { and, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { products } from '../../../schema/index.js';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { clientIp } from '../../lib/client-address.js';
import { visitorKey } from '../../lib/visitor-key.js';
import { rateLimit } from '../../middleware/rate-limit/index.js';
import { requirePermission } from '../../middleware/roles/index.js';
import { bumpContentVersion } from '../../services/content-version.js';
import { query } from '../../services/db.js';
import { verifyReviewRequest } from '../../services/reviews/links.js';
import { hasBought } from '../../services/reviews/verified-buyer.js';
import { REVIEWS_PER_PAGE, createReview, publishedReviews, reviewSummary, reviewsByStatus, setReviewStatus, setReviewsStatus } from '../../services/reviews/store.js';
import { jsonBody, queryParams, validationError } from '../validate.js';
import { zValidator } from '@hono/zod-validator';
import { reviewMessages } from './messages.js';
import { localizedError } from '../localized-messages.js';
import { bulkStatusBody, moderationQuery, reviewBody, reviewsQuery, statusBody } from './schemas.js';

export const INVALID_LINK_MESSAGE = 'This review link is invalid or has expired.';
export const LINK_USED_MESSAGE = 'This review link has already been used.';
export const THANKS_MESSAGE = 'Thank you! Your review will appear once the shop has approved it.';

/**
 * /api/reviews: product reviews (SPEC §1). Shoppers read published reviews and send new
 * ones (crumb; 5 a minute per visitor, 20 per client address, 100 per site); the owner's moderators list and moderate them.
 */
export const reviewsApi = new Hono<AppEnv>();

reviewsApi.get('/', queryParams(reviewsQuery), async (c) => {
  const { itemId, page } = c.req.valid('query');
  const [list, summary] = await Promise.all([publishedReviews(c.var.db, c.var.site.id, itemId, page), reviewSummary(c.var.db, c.var.site.id, itemId)]);
  return c.json({ ...list, page, perPage: REVIEWS_PER_PAGE, summary });
});

reviewsApi.post(
  '/',
  // A crumb is the sender's choice, so per visitor alone bounds nothing: also per client
  // address and per site (issue 33, finding 3; docs/security.md "Abuse budgets").
  rateLimit(
    { binding: 'RATE_REVIEW_WRITES', periodSeconds: 60, key: (c) => visitorKey(c) },
    { binding: 'RATE_REVIEW_IP', periodSeconds: 60, key: (c) => (clientIp(c) ? `review:${clientIp(c)}` : undefined) },
    { binding: 'RATE_REVIEW_SITE', periodSeconds: 60, key: (c) => `review:${c.var.site.id}` },
  ),
  // A refused review answers in the language its form posts (issue 29), as the handler's own refusals.
  zValidator('json', reviewBody, async (result, hookContext) => {
    // The hook's context is the app's own (typed with Hono's default Env by the validator).
    const c = hookContext as unknown as Context<AppEnv>;
    if (!result.success) throw localizedError(validationError(result.error), await reviewMessages(c, (result.data as { language?: unknown } | null)?.language));
  }),
  async (c) => {
    const input = c.req.valid('json');
    const site = c.var.site;
    const say = await reviewMessages(c, input.language);
    let email = input.email;
    let verifiedBuyer = false;
    let requestLine: string | null = null;
    if (input.token !== undefined) {
      const secret = c.env.REVIEW_LINK_SECRET;
      const request = secret ? await verifyReviewRequest(secret, input.token) : undefined;
      if (!request || request.websiteId !== site.id || request.itemId !== input.itemId) throw new ApiError(400, 'invalid_review_link', say(INVALID_LINK_MESSAGE));
      // The signed link was sent to the buyer of this product: the purchase is verified.
      email = request.email;
      verifiedBuyer = true;
      requestLine = request.orderId ?? `email:${request.email}`;
    } else if (c.var.siteUser) {
      // A signed-in shopper writes as their (verified) account; its orders decide the badge.
      email = c.var.siteUser.email;
      verifiedBuyer = await hasBought(c.var.db, site.id, email, input.itemId);
    }
    if (!email) throw new ApiError(400, 'invalid_request', say('Email is not valid.'), { fields: { email: say('Email is not valid.') } });
    const [product] = await query(() =>
      c.var.db.select({ id: products.itemId }).from(products).where(and(eq(products.websiteId, site.id), eq(products.itemId, input.itemId))).limit(1),
    );
    if (!product) throw new ApiError(400, 'invalid_request', say('That product does not exist.'), { fields: { itemId: say('That product does not exist.') } });
    const created = await createReview(c.var.db, { websiteId: site.id, itemId: input.itemId, rating: input.rating, title: input.title, body: input.body, authorName: input.name, email, verifiedBuyer, requestLine });
    if (!created) throw new ApiError(409, 'review_link_used', say(LINK_USED_MESSAGE));
    // A retry of a stored review (its first answer lost) answers that review again (issue 35).
    const { review, replayed } = created;
    if (replayed) c.header('Idempotent-Replayed', 'true');
    return c.json({ review: { id: review.id, status: review.status, verifiedBuyer: review.verifiedBuyer }, message: say(THANKS_MESSAGE) }, 201);
  },
);

reviewsApi.get('/moderation', requirePermission('reviews'), queryParams(moderationQuery), async (c) => {
  const { status } = c.req.valid('query');
  return c.json({ reviews: await reviewsByStatus(c.var.db, c.var.site.id, status) });
});

reviewsApi.post('/moderation/status', requirePermission('reviews'), jsonBody(bulkStatusBody), async (c) => {
  const { ids, status } = c.req.valid('json');
  const changed = await setReviewsStatus(c.var.db, c.var.site.id, ids, status);
  if (changed.length > 0) await bumpContentVersion(c.var.db, c.var.site.id);
  // Ids of other sites or unknown ones are left out of `changed`, never an error of the batch.
  return c.json({ status, changed });
});

reviewsApi.put('/:id/status', requirePermission('reviews'), jsonBody(statusBody), async (c) => {
  const review = await setReviewStatus(c.var.db, c.var.site.id, c.req.param('id'), c.req.valid('json').status);
  if (!review) throw new ApiError(404, 'not_found', 'No such review.');
  // Product pages are cached by content version: a moderated review shows (or leaves) at once.
  await bumpContentVersion(c.var.db, c.var.site.id);
  return c.json({ review });
});
