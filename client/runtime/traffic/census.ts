import { hasPrivacySignal, readCookie, type PageInfo } from './page-info.js';

/** SPEC §9: tracking calls time out after 2500 ms; SPEC §7: failures are ignored. */
export const TRACKING_TIMEOUT_MS = 2500;

/**
 * Posts the page view (SPEC §7 RecordHit): form-encoded `event`, `data` (page, website,
 * template, locale, viewport and screen, user agent, client time, title), `ss_cvr`. The
 * server applies the visitor-cookie rules and answers with ss_cvr/ss_cvt; under the
 * privacy signal the record is not sent at all.
 */
export async function recordHit(page: PageInfo, now: number = Date.now()): Promise<void> {
  if (page.census.disabled) return;
  const data = {
    pagePath: page.pagePath,
    pageType: page.pageType ?? undefined,
    websiteId: page.websiteId ?? undefined,
    itemId: page.itemId ?? undefined,
    collectionId: page.collectionId ?? undefined,
    title: document.title.slice(0, 300),
    locale: (document.documentElement.lang || navigator.language || '').slice(0, 35) || undefined,
    referrer: document.referrer.slice(0, 2083) || undefined,
    viewportWidth: Math.round(window.innerWidth),
    viewportHeight: Math.round(window.innerHeight),
    screenWidth: Math.round(screen.width),
    screenHeight: Math.round(screen.height),
    userAgent: navigator.userAgent.slice(0, 1000),
    clientTime: now,
  };
  const form = new URLSearchParams({ event: 'view', data: JSON.stringify(data) });
  const record = readCookie('ss_cvr');
  if (record && !hasPrivacySignal() && !page.census.restrictive) form.set('ss_cvr', decodeURIComponent(record));
  try {
    await fetch('/api/census/RecordHit', {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { 'X-CSRF-Token': readCookie('crumb') ?? '' },
      signal: AbortSignal.timeout(TRACKING_TIMEOUT_MS),
    });
  } catch {
    // SPEC §8: tracking failures are swallowed.
  }
}
