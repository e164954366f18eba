import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../../env.js';
import { REMEMBER_ME_MS } from '../../services/accounts/sessions.js';
import { cookieBase } from '../../lib/cookie-attributes.js';

/** DESIGN: Cookies — the session's secret token: HttpOnly, never readable by scripts. */
export const SESSION_COOKIE = 'SiteUserSession';
/** SPEC §3 Visitor cookies: `SiteUserInfo` (JSON with authenticated, siteUserId) for storefront scripts. */
export const SITE_USER_INFO_COOKIE = 'SiteUserInfo';

export interface SiteUserInfo {
  authenticated: boolean;
  siteUserId: string;
}

/**
 * Sets the session cookie (30 days with rememberMe, else a browser-session cookie) and
 * the script-readable SiteUserInfo beside it, with the same lifetime.
 */
export function setSessionCookies(c: Context<AppEnv>, token: string, siteUserId: string, rememberMe: boolean): void {
  const lifetime = rememberMe ? { maxAge: Math.floor(REMEMBER_ME_MS / 1000) } : {};
  setCookie(c, SESSION_COOKIE, token, { ...cookieBase(c), httpOnly: true, ...lifetime });
  setSiteUserInfo(c, siteUserId, rememberMe);
}

export function setSiteUserInfo(c: Context<AppEnv>, siteUserId: string, rememberMe: boolean): void {
  const info: SiteUserInfo = { authenticated: true, siteUserId };
  const lifetime = rememberMe ? { maxAge: Math.floor(REMEMBER_ME_MS / 1000) } : {};
  setCookie(c, SITE_USER_INFO_COOKIE, JSON.stringify(info), { ...cookieBase(c), httpOnly: false, ...lifetime });
}

/** Removes both account cookies (sign-out, or a session the server no longer knows). */
export function clearSessionCookies(c: Context<AppEnv>): void {
  deleteCookie(c, SESSION_COOKIE, { ...cookieBase(c), httpOnly: true });
  deleteCookie(c, SITE_USER_INFO_COOKIE, cookieBase(c));
}

/** The SiteUserInfo the visitor holds, if it parses. */
export function readSiteUserInfo(c: Context<AppEnv>): SiteUserInfo | undefined {
  const raw = getCookie(c, SITE_USER_INFO_COOKIE);
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<SiteUserInfo>;
    return typeof value.siteUserId === 'string' ? { authenticated: value.authenticated === true, siteUserId: value.siteUserId } : undefined;
  } catch {
    return undefined;
  }
}

/** True when the response being built already sets `name` (a handler signed in or out). */
export function responseSetsCookie(c: Context<AppEnv>, name: string): boolean {
  return c.res.headers.getSetCookie().some((line) => line.startsWith(`${name}=`));
}
