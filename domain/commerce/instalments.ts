/**
 * SPEC §5/§9 buy-now-pay-later wording: physical products only; the provider brand
 * by locale (one brand for en_US, en_CA, fr_CA, en_AU, en_NZ, another for en_GB);
 * 'or N interest-free payments of {amount} with' inside the limits, else
 * 'available for orders over {min}' / 'available for orders up to {max}'.
 */
export interface InstalmentSettings {
  provider: string;
  numInstallments: number;
  minCents: number;
  maxCents: number;
}

const BRAND_BY_LOCALE: Record<string, string> = { en_US: 'Afterpay', en_CA: 'Afterpay', fr_CA: 'Afterpay', en_AU: 'Afterpay', en_NZ: 'Afterpay', en_GB: 'Clearpay' };

/** The brand for a page locale ('en-US' or 'en_US'), undefined where no provider serves it. */
export function instalmentBrand(locale: string): string | undefined {
  return BRAND_BY_LOCALE[locale.replace('-', '_')];
}

export type InstalmentOffer =
  | { kind: 'payments'; count: number; eachCents: number }
  | { kind: 'over'; limitCents: number }
  | { kind: 'up-to'; limitCents: number };

/** SPEC §5: the price must be above the minimum and not above the maximum. */
export function instalmentOffer(priceCents: number, s: InstalmentSettings): InstalmentOffer {
  if (priceCents <= s.minCents) return { kind: 'over', limitCents: s.minCents };
  if (priceCents > s.maxCents) return { kind: 'up-to', limitCents: s.maxCents };
  // Whole cents per payment; the provider settles any remainder on the first one.
  return { kind: 'payments', count: s.numInstallments, eachCents: Math.ceil(priceCents / s.numInstallments) };
}

/** The pill's words: `brand` is set when the text ends with the brand, shown in bold after it. */
export interface InstalmentPill {
  text: string;
  brand?: string;
}

/**
 * The pill under a physical product's price, the same on the server (its first paint) and in
 * the product-form island, so hydrating it moves nothing. Undefined where no provider serves
 * the locale.
 * `money` formats minor units (the server's displayMoney, the island's formatCents: the same Intl
 * currency format, and the island keeps its bundle small).
 * @example instalmentPill(3600, settings, 'en-US', (c) => displayMoney(c, 'USD')) // { text: 'or 4 interest-free payments of $9.00 with', brand: 'Afterpay' }
 */
export function instalmentPill(priceCents: number, settings: InstalmentSettings, locale: string, money: (minor: number) => string): InstalmentPill | undefined {
  const brand = instalmentBrand(locale);
  if (!brand) return undefined;
  const offer = instalmentOffer(priceCents, settings);
  if (offer.kind === 'payments') return { text: `or ${offer.count} interest-free payments of ${money(offer.eachCents)} with`, brand };
  return { text: `${brand} available for orders ${offer.kind === 'over' ? 'over' : 'up to'} ${money(offer.limitCents)}` };
}
