import type { Cents } from '../../../domain/branded-types.js';
import { cents, includedPortion, portion } from './amounts.js';
import type { ShippingLocation, TaxRule } from './types.js';

export interface AppliedTax {
  ruleId: string;
  name: string;
  rateBps: number;
  inclusive: boolean;
  amountCents: Cents;
}

export interface TaxOutcome {
  applied: AppliedTax[];
  /** Added on top of the prices (exclusive rules). */
  addedCents: Cents;
  /** Already inside the prices (inclusive rules), shown but not added. */
  includedCents: Cents;
}

/** Country-wide rules and the rules of the location's region both apply (e.g. a state tax). */
export function applicableTaxRules(rules: readonly TaxRule[], location: ShippingLocation): TaxRule[] {
  const country = location.country.toUpperCase();
  const region = location.region?.toUpperCase();
  return rules.filter((rule) => rule.country === country && (rule.region === undefined || rule.region === region));
}

/**
 * Tax per rule on the discounted goods (and shipping where the rule says so), each
 * rounded half up to a minor unit on its own (docs/checkout.md, "Rounding").
 */
export function computeTax(rules: readonly TaxRule[], goodsCents: Cents, shippingCents: Cents): TaxOutcome {
  const outcome: TaxOutcome = { applied: [], addedCents: cents(0), includedCents: cents(0) };
  for (const rule of rules) {
    const base = cents(goodsCents + (rule.appliesToShipping ? shippingCents : 0));
    const amountCents = rule.inclusive ? includedPortion(base, rule.rateBps) : portion(base, rule.rateBps);
    outcome.applied.push({ ruleId: rule.id, name: rule.name, rateBps: rule.rateBps, inclusive: rule.inclusive, amountCents });
    if (rule.inclusive) outcome.includedCents = cents(outcome.includedCents + amountCents);
    else outcome.addedCents = cents(outcome.addedCents + amountCents);
  }
  return outcome;
}
