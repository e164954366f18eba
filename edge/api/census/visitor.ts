import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { CensusSettings } from '../../../schema/census.js';
import type { AppEnv } from '../../env.js';
import { clientIp } from '../../lib/client-address.js';
import { cookieBase } from '../../lib/cookie-attributes.js';
import type { RateLimitRule } from '../../middleware/rate-limit/index.js';
import {
  RESTRICTIVE_CLEARED_COOKIES,
  VISIT_RECORD_COOKIE,
  VISIT_RECORD_MAX_AGE_S,
  VISIT_TIMER_COOKIE,
  VISIT_TIMER_MAX_AGE_S,
  formatVisitRecord,
  nextVisitRecord,
  parseVisitRecord,
  type VisitOutcome,
} from '../../services/census/visit-record.js';

/** The site's census settings (`site_settings.census`), never undefined. */
export function censusSettings(c: Context<AppEnv>): CensusSettings {
  const value = c.var.site.siteSettings['census'];
  return value && typeof value === 'object' ? (value as CensusSettings) : {};
}

/**
 * Restrictive cookie policy: the site chose it, or the visitor's browser sends the
 * Global Privacy Control signal (`Sec-GPC: 1`), which we honour as an opt-out.
 */
export function isRestrictive(c: Context<AppEnv>): boolean {
  return censusSettings(c).restrictive === true || c.req.header('Sec-GPC')?.trim() === '1';
}

/**
 * Applies SPEC §4 to this hit and answers with the cookies: ss_cvr (2 years) and ss_cvt
 * (30 minutes, renewed by every hit so a visit ends after 30 idle minutes). In restrictive
 * mode the visitor gets a fresh record that is never stored in the browser, and ss_cid,
 * ss_cpvisit, ss_cvisit (and any old ss_cvr/ss_cvt) are cleared.
 */
export function applyVisitCookies(c: Context<AppEnv>, sentRecord: string | undefined, now: number, newVisitorId?: string): VisitOutcome {
  const restrictive = isRestrictive(c);
  const outcome = nextVisitRecord({
    record: sentRecord ?? getCookie(c, VISIT_RECORD_COOKIE),
    timer: getCookie(c, VISIT_TIMER_COOKIE),
    now,
    restrictive,
    uuid: () => newVisitorId ?? crypto.randomUUID(),
  });
  const base = cookieBase(c);
  if (restrictive) {
    for (const name of [...RESTRICTIVE_CLEARED_COOKIES, VISIT_RECORD_COOKIE, VISIT_TIMER_COOKIE]) {
      if (getCookie(c, name) !== undefined) deleteCookie(c, name, { path: '/' });
    }
    return outcome;
  }
  // Readable by scripts: the census client sends ss_cvr in its form (SPEC §7). SPEC §9 says
  // 2 years; Hono refuses more than 400 days (RFC 6265bis), and browsers clamp to 400 days
  // anyway, so the header is written here with the SPEC's figure.
  const secure = base.secure ? '; Secure' : '';
  c.header('Set-Cookie', `${VISIT_RECORD_COOKIE}=${encodeURIComponent(formatVisitRecord(outcome.record))}; Max-Age=${VISIT_RECORD_MAX_AGE_S}; Path=/; SameSite=Lax${secure}`, { append: true });
  setCookie(c, VISIT_TIMER_COOKIE, String(now), { ...base, maxAge: VISIT_TIMER_MAX_AGE_S });
  return outcome;
}

/**
 * The visitor id a first-time visitor gets from a page view with a hit id: derived from the
 * site and the hit id, so a retry of that hit (its first answer, cookies and all, lost to a
 * timeout while the hit was stored) hands out the id the stored row carries, not a second
 * one that no hit row knows. The hit id is 128 random bits from the client.
 */
export async function visitorIdForHit(siteId: string, hitId: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${siteId}\u0000${hitId}`)));
  const bytes = digest.slice(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4 layout, as randomUUID's
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** "This visitor" for census budgets: the ss_cvr uuid, else the crumb, else the address. */
export function censusVisitorKey(c: Context<AppEnv>): string {
  const record = parseVisitRecord(getCookie(c, VISIT_RECORD_COOKIE));
  if (record) return `cvr:${record.uuid}`;
  const crumb = getCookie(c, 'crumb');
  return crumb ? `crumb:${crumb.slice(0, 64)}` : `ip:${clientIp(c) || 'unknown'}`;
}

/**
 * Census budgets: per visitor (so a school or office behind one address is counted in
 * full), plus a high per-address ceiling where the platform reports the address, which
 * bounds a client that rotates cookies to dodge the per-visitor budget.
 */
export const CENSUS_RATE_RULES: RateLimitRule[] = [
  { binding: 'RATE_CENSUS_VISITOR', periodSeconds: 60, key: censusVisitorKey },
  { binding: 'RATE_CENSUS_IP', periodSeconds: 60, key: (c) => (clientIp(c) ? `ip:${clientIp(c)}` : undefined) },
];

/** The visitor id of an event that does not change the visit record (clicks, renders, RUM). */
export function visitorIdOf(c: Context<AppEnv>, sent: string | undefined): string {
  if (isRestrictive(c)) return crypto.randomUUID();
  return (parseVisitRecord(sent) ?? parseVisitRecord(getCookie(c, VISIT_RECORD_COOKIE)))?.uuid ?? 'anonymous';
}

/** ISO 3166 country from the edge (Request.cf; a placeholder locally), 'XX' when unknown. */
export function requestCountry(c: Context<AppEnv>): string {
  const country = (c.req.raw as { cf?: { country?: unknown } }).cf?.country;
  return typeof country === 'string' && /^[A-Z]{2}$/.test(country) ? country : 'XX';
}
