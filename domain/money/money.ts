import { fractionDigits } from './fraction-digits.js';

/** The dialect's money object: `value` is a decimal string in major units. */
export interface MoneyJson {
  currency: string;
  value: string;
}


/**
 * Minor units to the decimal string templates read, with integer arithmetic only
 * (SPEC §9: conversion divides by 10 to the power of the fraction digits).
 * @example minorToDecimal(2550, 'USD') === '25.50'; minorToDecimal(1200, 'JPY') === '1200'
 */
export function minorToDecimal(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not an amount in minor units: ${minor}`);
  const digits = fractionDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const abs = String(Math.abs(minor));
  if (digits === 0) return sign + abs;
  const padded = abs.padStart(digits + 1, '0');
  return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

/** @example moneyJson(2500, 'USD') → { currency: 'USD', value: '25.00' } */
export function moneyJson(minor: number, currency: string): MoneyJson {
  return { currency, value: minorToDecimal(minor, currency) };
}

/**
 * Minor units as a shopper reads them ('$65.00', '¥1,200') in a BCP-47 or `en_US` locale.
 * Intl formats the exact decimal string, so no binary float ever holds the amount.
 * @example displayMoney(6500, 'USD', 'en-US') === '$65.00'
 */
export function displayMoney(minor: number, currency: string, locale = 'en-US'): string {
  const digits = fractionDigits(currency);
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(locale.replace('_', '-'), { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
  } catch {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
  }
  // Intl.NumberFormat v3 takes a decimal string as an exact value.
  return format.format(minorToDecimal(minor, currency) as unknown as number);
}
