/**
 * Fraction digits of an ISO 4217 currency, from Intl's currency data: the one answer the
 * worker, the browser and the stored amounts share (SPEC §9: minor units divide by 10 to
 * the power of these digits). Unknown codes fall back to 2.
 *
 * The engine keeps its own Intl-based copy (engine/plugins/commerce/money.ts) because it
 * imports nothing outside engine/; money.test.ts proves the two agree for every currency.
 *
 * @example fractionDigits('USD') === 2; fractionDigits('JPY') === 0; fractionDigits('KRW') === 0; fractionDigits('BHD') === 3
 */
export function fractionDigits(currency: string): number {
  const code = currency.toUpperCase();
  let digits = digitsByCurrency.get(code);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    // Bounded: currency codes come from data, so a flood of junk must not grow it forever.
    if (digitsByCurrency.size < 1000) digitsByCurrency.set(code, digits);
  }
  return digits;
}

const digitsByCurrency = new Map<string, number>();
