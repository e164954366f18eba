/**
 * Currency amounts of messages (`{0 money style:short}`): a money object
 * `{ decimalValue, currencyCode }` formatted with Intl's currency style.
 */
import type Decimal from 'decimal.js';
import { getKey } from '../../values.js';
import { isKnownCurrency } from '../commerce/money.js';
import { formatDecimalString, numberOption, parseDecimal, splitOption, type NumberOptions } from './decimal-options.js';

/** The decimal value and currency code of a money object, if it is one. */
export function moneyParts(v: unknown): { amount: Decimal; currency: string } | undefined {
  // `{decimalValue, currencyCode}` or the edge's `{value, currency}` money, as `{x|money}` reads them.
  const amount = parseDecimal(getKey(v, 'decimalValue') ?? getKey(v, 'value'));
  const currency = getKey(v, 'currencyCode') ?? getKey(v, 'currency');
  if (!amount || typeof currency !== 'string' || !isKnownCurrency(currency.toUpperCase())) return undefined;
  return { amount, currency: currency.toUpperCase() };
}

/**
 * Options: `style:symbol|accounting|code|name|short`, `symbol:narrow`, and the number options.
 * @example formatCurrency(new Decimal('123456.789'), 'EUR', ['style:short'], 'en-US') === '€123K'
 */
export function formatCurrency(amount: Decimal, currency: string, args: readonly string[], locale: string): string {
  const o: NumberOptions = { style: 'currency', currency };
  for (const arg of args) {
    const [key, val] = splitOption(arg);
    if (key === 'style') {
      if (val === 'accounting') o.currencySign = 'accounting';
      else if (val === 'code') o.currencyDisplay = 'code';
      else if (val === 'name') o.currencyDisplay = 'name';
      else if (val === 'short') o.notation = 'compact';
    } else if (key === 'symbol') {
      if (val === 'narrow') o.currencyDisplay = 'narrowSymbol';
    } else {
      numberOption(key, val, o);
    }
  }
  return formatDecimalString(locale, amount, o);
}
