import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { clientIp } from '../../lib/client-address.js';
import { normalizeEmail } from '../../../domain/forms/email.js';
import { rateLimit, type RateLimitRule } from './index.js';

/**
 * The visitor a form call is bound to: the crumb cookie (every visitor has one before
 * they can post), else the signed-in session's xsrfToken.
 */
export function visitorSecret(c: Context<AppEnv>): string | undefined {
  return getCookie(c, 'crumb') ?? c.var.xsrfToken;
}

/** One visitor's budget for one kind of call (`kind` keeps keys, saves and sign-ups apart). */
export function perVisitor(kind: string): RateLimitRule {
  return { binding: 'RATE_FORM_VISITOR', periodSeconds: 60, key: (c) => `${kind}:${visitorSecret(c) ?? 'anonymous'}` };
}

/** A shared budget for one target (a form, or a site's keys), whoever spends it. */
export function perTarget(target: (c: Context<AppEnv>) => string | undefined): RateLimitRule {
  return { binding: 'RATE_FORM_TARGET', periodSeconds: 60, key: target };
}

/**
 * The budgets of a call that mails an address it was handed (a mailing list's confirmation):
 * per recipient, whoever asks, and per client address, whatever crumbs and recipients it
 * brings. A crumb is chosen by its sender, so a per-visitor budget alone bounds nothing
 * (issue 33, finding 2).
 */
export function mailBudgets(email: string): RateLimitRule[] {
  return [
    { binding: 'RATE_MAIL_RECIPIENT', periodSeconds: 60, key: () => `list:${normalizeEmail(email)}` },
    { binding: 'RATE_MAIL_IP', periodSeconds: 60, key: (c) => (clientIp(c) ? `list:${clientIp(c)}` : undefined) },
  ];
}

/** A refusal's text, or how to find it (in the visitor's language, issue 29) once a budget refuses. */
export type RefusalText = string | ((c: Context<AppEnv>) => Promise<string>);

/**
 * Spends the given budgets; over budget answers 429 with `message` (SPEC §8 gives forms
 * their own 429 text) and the binding's Retry-After.
 */
export async function spendBudgets(c: Context<AppEnv>, message: RefusalText, ...rules: RateLimitRule[]): Promise<void> {
  try {
    await rateLimit(...rules)(c, async () => {});
  } catch (err) {
    if (err instanceof ApiError && err.status === 429) throw new ApiError(429, 'rate_limited', typeof message === 'string' ? message : await message(c), err.options);
    throw err;
  }
}

/** `spendBudgets` as a middleware, for budgets that need nothing from the body. */
export function formBudget(message: RefusalText, ...rules: RateLimitRule[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await spendBudgets(c, message, ...rules);
    await next();
  });
}
