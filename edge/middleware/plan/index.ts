import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { prefixCandidate } from '../../../domain/languages/languages.js';
import { planHas, planRequiredMessage, smallestPlanWith, upgradeDestination, type PlanFeature } from '../../../domain/platform/plans.js';

/**
 * Routes of plan-gated features (domain/platform/plans.ts), the first match wins: owner APIs,
 * shopper APIs and storefront pages alike. A route of a feature the site's plan lacks answers
 * 403 `plan_required` naming the smallest plan that has it, before any other check.
 */
export const FEATURE_ROUTES: readonly { path: RegExp; feature: PlanFeature | null }[] = [
  // Stripe's events about money already taken are never refused (a downgrade mid-payment).
  { path: /^\/api\/commerce\/payments\/stripe\/webhook\/?$/, feature: null },
  { path: /^\/api\/commerce\/owner\/gift-cards(\/|$)/, feature: 'giftCards' },
  { path: /^\/api\/commerce\/shopping-cart\/gift-card(\/|$)/, feature: 'giftCards' },
  { path: /^\/api\/commerce\/owner\/subscriptions(\/|$)/, feature: 'subscriptions' },
  { path: /^\/api\/3\/commerce(\/|$)/, feature: 'subscriptions' },
  { path: /^\/api\/commerce(\/|$)/, feature: 'commerce' },
  { path: /^\/api\/owner\/(products|product-extras|checkout-settings|payment-keys)(\/|$)/, feature: 'commerce' },
  { path: /^\/api\/content-service\/product(\/|$)/, feature: 'commerce' },
  { path: /^\/api\/v1\/commerce-preferences(\/|$)/, feature: 'commerce' },
  { path: /^\/(cart|checkout)\/?$/, feature: 'commerce' },
  { path: /^\/api\/owner\/members\/areas(\/|$)/, feature: 'members' },
  { path: /^\/(members(\/|$)|membership-confirmed\/?$)/, feature: 'members' },
  { path: /^\/api\/census\/dashboard(\/|$)/, feature: 'analytics' },
];

/**
 * The plan feature a path needs, or undefined when it is open to every plan. A page under a
 * language prefix (`/fr/cart`, issue 29) is gated like its unprefixed form.
 */
export function featureOf(path: string): PlanFeature | undefined {
  const route = FEATURE_ROUTES.find((r) => r.path.test(path));
  if (route) return route.feature ?? undefined;
  const prefix = prefixCandidate(path);
  if (!prefix) return undefined;
  const rest = path.slice(prefix.length + 1) || '/';
  return FEATURE_ROUTES.find((r) => r.path.test(rest))?.feature ?? undefined;
}

/** 403 when the route's feature is not in the site's plan (mounted after selectSite). */
export const planGate = createMiddleware<AppEnv>(async (c, next) => {
  const feature = featureOf(c.req.path);
  if (feature && !planHas(c.var.site.plan, feature)) {
    throw new ApiError(403, 'plan_required', planRequiredMessage(feature), {
      extra: { plan: smallestPlanWith(feature).id, upgradeUrl: upgradeDestination(c.var.site.subscriptionState) },
    });
  }
  await next();
});
