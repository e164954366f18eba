/**
 * Product reviews in D1 (schema/reviews.ts): shoppers create pending reviews, the owner
 * publishes or rejects them, product pages show the published ones with a summary.
 */
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { items, products, reviews, type ReviewStatus } from '../../../schema/index.js';
import { query, type Db } from '../db.js';

export type ReviewRecord = typeof reviews.$inferSelect;

export interface NewReview {
  websiteId: string;
  itemId: string;
  rating: number;
  title: string;
  body: string;
  authorName: string;
  email: string;
  verifiedBuyer: boolean;
  /** The order line of the review-request link it came through; one review each. */
  requestLine?: string | null;
}

/** What the storefront may show of a review: never the email. */
export interface PublicReview {
  id: string;
  rating: number;
  title: string;
  body: string;
  authorName: string;
  verifiedBuyer: boolean;
  createdOn: number;
}

export interface ReviewSummary {
  count: number;
  /** Mean rating rounded to one decimal, 0 without reviews. */
  average: number;
  /** Published reviews per star, index 0 = 1 star. */
  histogram: [number, number, number, number, number];
}

export const REVIEWS_PER_PAGE = 5;

function publicReview(r: ReviewRecord): PublicReview {
  return { id: r.id, rating: r.rating, title: r.title, body: r.body, authorName: r.authorName, verifiedBuyer: r.verifiedBuyer, createdOn: r.createdOn };
}

/** A stored review, and whether it was stored by an earlier request (a replay). */
export interface CreatedReview {
  review: ReviewRecord;
  replayed: boolean;
}

/** The same review from the same author (and the same review-request line): what a retry sends. */
const sameReview = (r: NewReview) => and(
  eq(reviews.websiteId, r.websiteId), eq(reviews.itemId, r.itemId), eq(reviews.email, r.email), eq(reviews.rating, r.rating),
  eq(reviews.title, r.title), eq(reviews.body, r.body), eq(reviews.authorName, r.authorName),
  r.requestLine ? eq(reviews.requestLine, r.requestLine) : isNull(reviews.requestLine),
);

/**
 * Stores a pending review (SPEC: owner moderation). A retry whose first answer was lost (the
 * same author, product, rating, title, text and review-request line as a stored review)
 * stores nothing and answers the stored review (`replayed`, issue 35). Undefined when the
 * review-request line has a different review already (the unique index decides, so two
 * concurrent uses of one link store one review). One statement: the identical-review check
 * and the insert are atomic.
 */
export async function createReview(db: Db, input: NewReview, now = Date.now()): Promise<CreatedReview | undefined> {
  const row: ReviewRecord = { ...input, requestLine: input.requestLine ?? null, id: crypto.randomUUID().replaceAll('-', ''), status: 'pending', createdOn: now, moderatedOn: null };
  const stored = await query(() =>
    db.run(sql`INSERT INTO reviews (id, website_id, item_id, rating, title, body, author_name, email, verified_buyer, request_line, status, created_on)
      SELECT ${row.id}, ${row.websiteId}, ${row.itemId}, ${row.rating}, ${row.title}, ${row.body}, ${row.authorName}, ${row.email},
        ${row.verifiedBuyer ? 1 : 0}, ${row.requestLine}, 'pending', ${now}
      WHERE NOT EXISTS (SELECT 1 FROM reviews WHERE ${sameReview(input)})
      ON CONFLICT DO NOTHING`),
  );
  if (stored.meta.changes > 0) return { review: row, replayed: false };
  const [earlier] = await query(() => db.select().from(reviews).where(sameReview(input)).orderBy(reviews.createdOn).limit(1));
  return earlier ? { review: earlier, replayed: true } : undefined;
}

/** A product's published reviews (the only ones visitors see). */
const published = (websiteId: string, itemId: string) =>
  and(eq(reviews.websiteId, websiteId), eq(reviews.itemId, itemId), eq(reviews.status, 'published'));

/** One page (1-based) of a product's published reviews, newest first. */
function pageQuery(db: Db, websiteId: string, itemId: string, page: number) {
  return db
    .select()
    .from(reviews)
    .where(published(websiteId, itemId))
    .orderBy(desc(reviews.createdOn), desc(reviews.id))
    .limit(REVIEWS_PER_PAGE)
    .offset((Math.max(1, page) - 1) * REVIEWS_PER_PAGE);
}

/** One page (1-based) of a product's published reviews, newest first, and their total. */
export async function publishedReviews(db: Db, websiteId: string, itemId: string, page: number): Promise<{ reviews: PublicReview[]; total: number }> {
  const [rows, [totals]] = await query(() =>
    db.batch([pageQuery(db, websiteId, itemId, page), db.select({ total: count() }).from(reviews).where(published(websiteId, itemId))]),
  );
  return { reviews: rows.map(publicReview), total: totals?.total ?? 0 };
}

function summaryQuery(db: Db, websiteId: string, itemId: string) {
  return db
    .select({ rating: reviews.rating, n: count() })
    .from(reviews)
    .where(published(websiteId, itemId))
    .groupBy(reviews.rating);
}

/** Rating summary of a product's published reviews, computed in one grouped query. */
export async function reviewSummary(db: Db, websiteId: string, itemId: string): Promise<ReviewSummary> {
  return summarise(await query(() => summaryQuery(db, websiteId, itemId)));
}

/** A product page's reviews: one page of published reviews and the summary, in one D1 round trip. */
export async function reviewsForPage(db: Db, websiteId: string, itemId: string, page: number): Promise<{ reviews: PublicReview[]; summary: ReviewSummary }> {
  const [rows, grouped] = await query(() => db.batch([pageQuery(db, websiteId, itemId, page), summaryQuery(db, websiteId, itemId)]));
  return { reviews: rows.map(publicReview), summary: summarise(grouped) };
}

function summarise(rows: readonly { rating: number; n: number }[]): ReviewSummary {
  const histogram: ReviewSummary['histogram'] = [0, 0, 0, 0, 0];
  let total = 0;
  let stars = 0;
  for (const { rating, n } of rows) {
    histogram[rating - 1] = n;
    total += n;
    stars += rating * n;
  }
  // Integer arithmetic, then one rounding to a tenth.
  return { count: total, average: total ? Math.round((stars * 10) / total) / 10 : 0, histogram };
}

/** The owner's moderation queue: reviews of a status, newest first (emails included). */
export async function reviewsByStatus(db: Db, websiteId: string, status: ReviewStatus, limit = 50): Promise<ModerationReview[]> {
  const rows = await query(() =>
    db
      .select({ review: reviews, productName: items.title, productUrl: items.fullUrl })
      .from(reviews)
      .leftJoin(items, eq(items.id, reviews.itemId))
      .where(and(eq(reviews.websiteId, websiteId), eq(reviews.status, status)))
      .orderBy(desc(reviews.createdOn))
      .limit(limit),
  );
  return rows.map((r) => ({ ...r.review, productName: r.productName ?? '', productUrl: r.productUrl ?? '' }));
}

/** A review as the moderators see it: with the email and the product it is about. */
export type ModerationReview = ReviewRecord & { productName: string; productUrl: string };

/** Moves every listed review of this site to `status` in one UPDATE; returns the ids it changed. */
export async function setReviewsStatus(db: Db, websiteId: string, ids: readonly string[], status: ReviewStatus, now = Date.now()): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await query(() =>
    db
      .update(reviews)
      .set({ status, moderatedOn: now })
      .where(and(eq(reviews.websiteId, websiteId), inArray(reviews.id, [...ids])))
      .returning({ id: reviews.id }),
  );
  return rows.map((r) => r.id);
}

/** Moves a review of this site to `status`; false when the site has no such review. */
export async function setReviewStatus(db: Db, websiteId: string, id: string, status: ReviewStatus, now = Date.now()): Promise<ReviewRecord | undefined> {
  const [row] = await query(() =>
    db
      .update(reviews)
      .set({ status, moderatedOn: now })
      .where(and(eq(reviews.websiteId, websiteId), eq(reviews.id, id)))
      .returning(),
  );
  return row;
}


/** The product a review request names, when it is a published store item of this site. */
export async function reviewableProduct(db: Db, websiteId: string, itemId: string): Promise<typeof items.$inferSelect | undefined> {
  const [row] = await query(() =>
    db
      .select({ item: items })
      .from(items)
      .innerJoin(products, eq(products.itemId, items.id))
      .where(and(eq(items.websiteId, websiteId), eq(items.id, itemId), eq(items.status, 'published')))
      .limit(1),
  );
  return row?.item;
}
