import { FORM_MESSAGES, type FormMessages } from '../messages/form-messages.js';
import type { SanitizedValue } from './form-field.js';

// SPEC §9: URLs are at most 2083 characters.
const MAX_URL_LENGTH = 2083;

function isNumber(value: string): boolean {
  return /^[-+]?(\d+([.,]\d+)?|[.,]\d+)$/.test(value);
}

function isAmount(value: string): boolean {
  // Thousands separators and spaces are the person's; the amount is digits with at most 2 decimals.
  return /^\d{1,15}([.,]\d{1,2})?$/.test(value.replace(/[\s,](?=\d{3}(\D|$))/g, ''));
}

function isWebsite(value: string): boolean {
  if (value.length > MAX_URL_LENGTH || /\s/.test(value)) return false;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`);
    return (url.protocol === 'https:' || url.protocol === 'http:') && /\.[^.]{2,}$/.test(url.hostname);
  } catch {
    return false;
  }
}

function isDate([month, day, year]: string[]): boolean {
  if (![month, day, year].every((p) => /^\d+$/.test(p ?? '')) || year!.length !== 4) return false;
  const m = Number(month), d = Number(day), y = Number(year);
  const probe = new Date(Date.UTC(y, m - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
}

function isTime([hour, minute, second, ampm]: string[]): boolean {
  const inRange = (v: string | undefined, lo: number, hi: number, optional = false) =>
    (optional && !v) || (/^\d{1,2}$/.test(v ?? '') && Number(v) >= lo && Number(v) <= hi);
  return inRange(hour, 1, 12) && inRange(minute, 0, 59) && inRange(second, 0, 59, true) && /^(AM|PM)$/i.test(ampm ?? '');
}

/** Format checks of the field types SPEC §5 leaves unworded; undefined when the value is fine. */
export function checkFormat(type: string, value: SanitizedValue, M: FormMessages = FORM_MESSAGES): string | undefined {
  switch (type) {
    case 'number':
      return isNumber(value as string) ? undefined : M.numberInvalid;
    case 'currency':
      return isAmount(value as string) ? undefined : M.currencyInvalid;
    case 'website':
      return isWebsite(value as string) ? undefined : M.websiteInvalid;
    case 'date':
      return isDate(value as string[]) ? undefined : M.dateInvalid;
    case 'time':
      return isTime(value as string[]) ? undefined : M.timeInvalid;
    default:
      return undefined;
  }
}
