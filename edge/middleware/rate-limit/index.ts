import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv, RateLimitBinding } from '../../env.js';
import { ApiError } from '../../errors.js';
import { MESSAGES } from '../../../domain/messages/storefront-messages.js';

/** SPEC §8: the 429 text, the same the storefront islands show. */
export const RATE_LIMITED_MESSAGE = MESSAGES.rateLimited;

export interface RateLimitRule {
  /** The Workers rate-limiting binding (wrangler.toml `[[ratelimits]]`) that holds the budget. */
  binding: RateLimitBinding;
  /** The budget's period in seconds, as configured on the binding (sent as Retry-After). */
  periodSeconds: 10 | 60;
  /** Whose budget this request spends; undefined skips this rule. */
  key: (c: Context<AppEnv>) => string | undefined;
}

let warned = false;

/**
 * Spends one unit of each rule's budget; the first exhausted budget answers 429
 * `{ error: 'rate_limited' }` with Retry-After. Budgets live in Cloudflare's rate-limiting
 * binding (per location, eventually consistent), so hot counters never touch D1.
 */
export function rateLimit(...rules: RateLimitRule[]): MiddlewareHandler<AppEnv> {
  return createMiddleware<AppEnv>(async (c, next) => {
    for (const rule of rules) {
      const key = rule.key(c);
      if (key === undefined) continue;
      const limiter = c.env[rule.binding];
      if (!limiter) {
        // A deployment without the binding keeps selling rather than refusing every write.
        if (!warned) console.warn(`rate limit binding ${rule.binding} is not configured; not limiting`);
        warned = true;
        continue;
      }
      const { success } = await limiter.limit({ key });
      if (!success) {
        throw new ApiError(429, 'rate_limited', RATE_LIMITED_MESSAGE, { headers: { 'Retry-After': String(rule.periodSeconds) } });
      }
    }
    await next();
  });
}
