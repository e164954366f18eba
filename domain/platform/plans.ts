/**
 * Plans and the features they unlock (issue 34). SPEC §3 names the plan features (commerce,
 * gift cards, subscriptions, invoicing, instalment providers, analytics and others) and their
 * range (1-88) but not each number: the numbers below are this project's, kept in that range.
 */
export const PLAN_FEATURE = {
  commerce: 1,
  giftCards: 2,
  subscriptions: 3,
  invoicing: 4,
  instalmentProviders: 5,
  analytics: 6,
  members: 7,
} as const;

export type PlanFeature = keyof typeof PLAN_FEATURE;

/** What people read for a feature in messages. */
export const FEATURE_LABELS: Record<PlanFeature, string> = {
  commerce: 'Selling online',
  giftCards: 'Gift cards',
  subscriptions: 'Product subscriptions',
  invoicing: 'Invoicing',
  instalmentProviders: 'Instalment payments',
  analytics: 'Analytics',
  members: 'Member areas',
};

/** Plans from the smallest up; each includes the features of the plans before it. */
export const PLANS = [
  { id: 'personal', name: 'Personal', monthlyCents: 1600, features: ['analytics'] },
  { id: 'business', name: 'Business', monthlyCents: 3300, features: ['analytics', 'commerce', 'giftCards', 'members'] },
  {
    id: 'commerce',
    name: 'Commerce',
    monthlyCents: 4900,
    features: ['analytics', 'commerce', 'giftCards', 'members', 'subscriptions', 'invoicing', 'instalmentProviders'],
  },
] as const satisfies readonly { id: string; name: string; monthlyCents: number; features: readonly PlanFeature[] }[];

export type PlanId = (typeof PLANS)[number]['id'];
export const PLAN_IDS = PLANS.map((p) => p.id) as [PlanId, ...PlanId[]];

/** The plan of `id` (unknown ids: undefined). */
export function planById(id: string): (typeof PLANS)[number] | undefined {
  return PLANS.find((p) => p.id === id);
}

/** True when `plan` includes `feature` (an unknown plan has none). */
export function planHas(plan: string, feature: PlanFeature): boolean {
  return (planById(plan)?.features as readonly PlanFeature[] | undefined)?.includes(feature) ?? false;
}

/** The smallest plan that has `feature`. */
export function smallestPlanWith(feature: PlanFeature): (typeof PLANS)[number] {
  return PLANS.find((p) => (p.features as readonly PlanFeature[]).includes(feature))!;
}

/** The 403 message when `feature` is off in the site's plan: it names the plan that has it. */
export function planRequiredMessage(feature: PlanFeature): string {
  return `${FEATURE_LABELS[feature]} is part of the ${smallestPlanWith(feature).name} plan. Upgrade your plan to use it.`;
}

/**
 * SPEC §2 upgrade destinations: the trial-upgrade plan goes to the billing upgrade settings
 * path, the regular upgrade plan to the website-subscriptions billing settings path.
 */
export const UPGRADE_PATHS = {
  trialUpgrade: '/config/billing/upgrade',
  upgrade: '/config/billing/website-subscriptions',
} as const;

/** Where an owner upgrades from: the trial-upgrade path while on trial (or expired), else the regular one. */
export function upgradeDestination(subscriptionState: number): string {
  // 3 = trial, 1 = expired (SPEC §3): both still choose their first paid plan.
  return subscriptionState === 3 || subscriptionState === 1 ? UPGRADE_PATHS.trialUpgrade : UPGRADE_PATHS.upgrade;
}

/** Past due (SPEC §3 state 2): the site stays up; the owner shell's banner asks for the payment in Billing. */
export const PAST_DUE_BANNER = 'Your last payment did not go through. Your site stays online while you update your payment details.';
