import type { Context } from 'hono';
import type { AppEnv } from '../../env.js';
import { displayMoney } from '../../../domain/money/money.js';

/** A moment in the site's time zone and locale, date and time (owner screens). */
export function ownerDateTime(c: Context<AppEnv>, ms: number | null, withTime = true): string {
  if (ms === null) return '—';
  const options = withTime ? ({ dateStyle: 'medium', timeStyle: 'short' } as const) : ({ dateStyle: 'medium' } as const);
  try {
    return new Intl.DateTimeFormat(c.var.site.locale.replace('_', '-'), { ...options, timeZone: c.var.site.timeZone }).format(ms);
  } catch {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(ms);
  }
}

/** Minor units in the site's locale ('$65.00'); the amount never passes through a float. */
export const ownerMoney = (c: Context<AppEnv>, cents: number, currency: string) => displayMoney(cents, currency, c.var.site.locale);

/** What the owner reads for a stored state (orders, payments, subscriptions, mail). */
const STATE_TEXT: Record<string, string> = {
  paid: 'Paid',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
  refund_failed: 'Refund failed',
  captured: 'Captured',
  active: 'Active',
  past_due: 'Past due',
  canceled: 'Canceled',
  ended: 'Ended',
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};
export const stateText = (state: string) => STATE_TEXT[state] ?? state;
