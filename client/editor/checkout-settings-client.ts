import { currentCrumb, OwnerApiError, TEXT } from './api.js';

/**
 * What the shipping, tax and coupon screens share: versioned writes to
 * /api/owner/checkout-settings (If-Match; a delete answers 204) and amounts typed in the store
 * currency's own digits (JPY 0, USD 2) as integer minor units.
 */
export const SETTINGS_API = '/api/owner/checkout-settings';

/** POST (no version) or PUT/DELETE under If-Match. Throws OwnerApiError (status 412: someone else saved). */
export async function settingsWrite<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, version: number | null, body?: unknown): Promise<T | undefined> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json', 'Content-Type': 'application/json', 'X-CSRF-Token': currentCrumb(),
        ...(version === null ? {} : { 'If-Match': `"${version}"` }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new OwnerApiError(TEXT.network, 0);
  }
  if (res.status === 204) return undefined;
  const json = (await res.json().catch(() => undefined)) as (T & { message?: string; fields?: Record<string, string> }) | undefined;
  if (!res.ok) throw new OwnerApiError(json?.message ?? (res.status >= 500 ? TEXT.unreachable : TEXT.failed), res.status, json?.fields ?? {});
  return json;
}

/**
 * '25', '25.5', '25.50' -> 2500, 2550, 2550 with 2 digits; '1200' -> 1200 with 0 (JPY); undefined
 * for anything else. Split as text, never multiplied as a float.
 */
export function parseMinor(text: string, digits: number): number | undefined {
  const m = (digits > 0 ? /^\s*(\d{1,9})(?:[.,](\d+))?\s*$/ : /^\s*(\d{1,12})\s*$/).exec(text.replace(/(?<=\d),(?=\d{3}\b)/g, ''));
  if (!m) return undefined;
  const fraction = m[2] ?? '';
  if (fraction.length > digits) return undefined;
  return Number(m[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** 2550 -> '25.50' (2 digits), 1200 -> '1200' (0 digits): what an amount field shows. */
export function minorText(minor: number | null | undefined, digits: number): string {
  if (minor === null || minor === undefined) return '';
  if (digits === 0) return String(minor);
  const s = String(minor).padStart(digits + 1, '0');
  return `${s.slice(0, -digits)}.${s.slice(-digits)}`;
}
