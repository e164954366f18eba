import { z } from 'zod';

/** SPEC §3 Subscription billingPeriod units; SPEC §9 payment schedules weekly, monthly, yearly. */
export const PERIOD_UNITS = ['WEEK', 'MONTH', 'YEAR'] as const;
export type PeriodUnit = (typeof PERIOD_UNITS)[number];

export interface BillingPeriod {
  value: number;
  unit: PeriodUnit;
}

/** A plan as the store offers it: the period and how many cycles (0 = indefinite). */
export interface SubscriptionPlan {
  billingPeriod: BillingPeriod;
  numBillingCycles: number;
}

const planShape = z.object({
  billingPeriod: z.object({ value: z.number().int().min(1).max(1000), unit: z.enum(PERIOD_UNITS) }),
  numBillingCycles: z.number().int().min(0).max(10000),
});

/** A plan from stored columns, or undefined when they are not a plan we can bill. */
export function readPlan(value: number, unit: string, numBillingCycles: number): SubscriptionPlan | undefined {
  const parsed = planShape.safeParse({ billingPeriod: { value, unit }, numBillingCycles });
  return parsed.success ? parsed.data : undefined;
}
