import { z } from 'zod';
import { VITAL_MAX, VITAL_METRICS, type VitalMetric } from '../../services/census/vitals.js';
import { MAX_URL, pagePath } from '../census/schemas.js';

/** At most this many records per send (a page sends one page_speed and a few others). */
export const MAX_RECORDS_PER_SEND = 50;

const metrics = z.object(
  Object.fromEntries(VITAL_METRICS.map((m) => [m, z.number().min(0).max(VITAL_MAX[m]).optional()])) as Record<VitalMetric, z.ZodOptional<z.ZodNumber>>,
);

/** SPEC §9: the 10 slowest interactions, element paths at most 200 characters. */
const interaction = z.object({ target: z.string().max(200), type: z.string().max(20), duration: z.number().min(0).max(600_000) });
/** SPEC §9: custom marks are prefixed 'rum-'. */
const mark = z.object({ name: z.string().max(100).startsWith('rum-', "Custom marks start with 'rum-'."), startTime: z.number().min(0).max(3_600_000) });

const common = { pagePath, env: z.enum(['staging', 'dev', 'prod']) };

const pageSpeed = z.object({
  ...common,
  metrics,
  interactions: z.array(interaction).max(10).default([]),
  marks: z.array(mark).max(20).default([]),
});
const image = z.object({ ...common, url: z.string().max(MAX_URL), duration: z.number().min(0).max(600_000), bytes: z.number().int().min(0).optional() });
const user = z.object({ ...common, name: z.string().max(100).startsWith('rum-', "Custom marks start with 'rum-'."), duration: z.number().min(0).max(3_600_000) });
const a11y = z.object({ ...common, issues: z.number().int().min(0).max(10_000), rules: z.array(z.string().max(60)).max(20).default([]) });

const envelope = { raw: z.boolean(), app: z.string().min(1).max(40), pageLoadId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/), ts: z.number().int().positive() };

/** SPEC §7: a JSON array of `{ raw, app, data, event, pageLoadId, ts }`. */
export const performanceRecords = z
  .array(
    z.discriminatedUnion('event', [
      z.object({ ...envelope, event: z.literal('page_speed'), data: pageSpeed }),
      z.object({ ...envelope, event: z.literal('image'), data: image }),
      z.object({ ...envelope, event: z.literal('user'), data: user }),
      z.object({ ...envelope, event: z.literal('a11y'), data: a11y }),
    ]),
  )
  .min(1)
  .max(MAX_RECORDS_PER_SEND);

type PerformanceRecord = z.infer<typeof performanceRecords>[number];
