import { fractionDigits } from '../../engine/index.js';

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
  // SPEC §3: 2 fraction digits for every supported currency but JPY (0); one source with the engine's formatters.
  const digits = fractionDigits(currency.toUpperCase());
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
