import type { Cents } from '../../../domain/branded-types.js';
import { cents } from './amounts.js';
import type { CheckoutLine, ShippingLocation, ShippingOption, ShippingRate, ShippingZone } from './types.js';

function specificity(zone: ShippingZone, location: ShippingLocation): number {
  const inCountry = zone.countries.includes(location.country.toUpperCase());
  if (!inCountry) return zone.countries.includes('*') ? 1 : 0;
  if (!zone.regions || zone.regions.length === 0) return 2;
  return location.region && zone.regions.includes(location.region.toUpperCase()) ? 3 : 0;
}

/** The most specific zone for a location: a region of the country, then the country, then '*'. */
export function zoneFor(zones: readonly ShippingZone[], location: ShippingLocation): ShippingZone | undefined {
  let best: ShippingZone | undefined;
  let bestScore = 0;
  for (const zone of zones) {
    const score = specificity(zone, location);
    if (score > bestScore) [best, bestScore] = [zone, score];
  }
  return best;
}

function rateAmount(rate: ShippingRate, grams: number, subtotal: Cents): Cents | undefined {
  switch (rate.kind) {
    case 'flat':
      return rate.amountCents;
    case 'pickup':
      return cents(0);
    case 'free-over':
      return subtotal >= rate.freeFromCents ? cents(0) : rate.amountCents;
    case 'weight':
      // Heavier than the last tier: this rate cannot carry the parcel.
      return rate.tiers.find((tier) => grams <= tier.upToGrams)?.amountCents;
    case 'value':
      // Worth more than the last tier: the rate is not offered.
      return rate.tiers.find((tier) => subtotal <= tier.upToCents)?.amountCents;
  }
}

/**
 * The shipping options a cart has at a location: every rate of the matching zone that
 * can carry the parcel, cheapest first. Only physical lines weigh and ship.
 */
export function shippingOptions(zones: readonly ShippingZone[], location: ShippingLocation, lines: readonly CheckoutLine[], subtotal: Cents): ShippingOption[] {
  const zone = zoneFor(zones, location);
  if (!zone) return [];
  const grams = lines.reduce((total, line) => (line.productType === 1 ? total + line.weightGrams * line.quantity : total), 0);
  const options: ShippingOption[] = [];
  for (const rate of zone.rates) {
    const amountCents = rateAmount(rate, grams, subtotal);
    if (amountCents !== undefined) options.push({ id: rate.id, name: rate.name, kind: rate.kind, amountCents });
  }
  return options.sort((a, b) => a.amountCents - b.amountCents);
}
