import { z } from 'zod';
import { REVIEW_STATUSES } from '../../../schema/index.js';

// Control characters other than newline and tab never belong in a review.
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F]/g;
const text = (max: number, message: string) =>
  z
    .string({ error: message })
    .transform((s) => s.replace(CONTROL, '').trim())
    .pipe(z.string().max(max, { error: `${message} (at most ${max} characters)` }));

// SPEC §9: email length 3 to 256, with a top-level domain.
const email = z
  .string({ error: 'Email is not valid.' })
  .trim()
  .min(3, { error: 'Email is not valid.' })
  .max(256, { error: 'Email is not valid.' })
  .regex(/^[^\s@]+@[^\s@]+\.[A-Za-z0-9]{2,}$/, { error: 'Email is not valid.' });

/** POST /api/reviews */
export const reviewBody = z.strictObject({
  itemId: z.string({ error: 'itemId must be a product id.' }).min(1).max(64),
  rating: z.number({ error: 'Choose a rating from 1 to 5 stars.' }).int({ error: 'Choose a rating from 1 to 5 stars.' }).min(1, { error: 'Choose a rating from 1 to 5 stars.' }).max(5, { error: 'Choose a rating from 1 to 5 stars.' }),
  title: text(120, 'Title is too long').optional().default(''),
  body: text(5000, 'Review is too long').pipe(z.string().min(1, { error: 'Please write a few words about the product.' })),
  name: text(80, 'Name is too long').pipe(z.string().min(1, { error: 'Please give your name.' })),
  email: email.optional(),
  token: z.string().max(2048).optional(),
  /** The form's page language (issue 29): the answer's messages are in it when the site publishes it. */
  language: z.string().max(35).optional(),
});

/** GET /api/reviews */
export const reviewsQuery = z.object({
  itemId: z.string().min(1).max(64),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
});

/** GET /api/reviews/moderation */
export const moderationQuery = z.object({ status: z.enum(REVIEW_STATUSES).optional().default('pending') });

/** PUT /api/reviews/{id}/status */
export const statusBody = z.strictObject({ status: z.enum(REVIEW_STATUSES, { error: 'status must be pending, published or rejected.' }) });

/** POST /api/reviews/moderation/status: several reviews at once (the moderation screen's bulk actions). */
export const bulkStatusBody = z.strictObject({
  ids: z.array(z.string().min(1).max(64), { error: 'ids must list review ids.' }).min(1, { error: 'Choose at least one review.' }).max(100, { error: 'At most 100 reviews at once.' }),
  status: z.enum(REVIEW_STATUSES, { error: 'status must be pending, published or rejected.' }),
});
