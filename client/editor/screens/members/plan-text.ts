import { formatDate, formatMoney } from '../../format.js';
import type { MemberPlan } from './types.js';

const STATUS: Record<MemberPlan['status'], string> = {
  active: 'Active',
  cancelling: 'Cancelling at period end',
  past_due: 'Past due',
  paused: 'Paused',
  canceled: 'Canceled',
  ended: 'Ended',
};

/** A paying member's plan state as the Members screen words it ('—' without a plan). */
export const planStateText = (plan: MemberPlan | null) => (plan ? STATUS[plan.status] : '—');

/** What the plan charges, e.g. '$9.00 a month' (every paid area's plan is monthly). */
export const planPriceText = (plan: MemberPlan) => `${formatMoney(plan.amountCents, plan.currency)} a month`;

/** The next charge's day in the site's time zone, '—' when no charge is coming. */
export const nextChargeText = (plan: MemberPlan | null, timeZone: string) => (plan?.nextChargeOn == null ? '—' : formatDate(plan.nextChargeOn, timeZone));

/** True while the plan still charges (or would, once resumed): revoking may stop it. */
export const planBillable = (plan: MemberPlan | null): plan is MemberPlan => plan !== null && ['active', 'past_due', 'paused'].includes(plan.status);
