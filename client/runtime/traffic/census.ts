import { hasPrivacySignal, readCookie, type PageInfo } from './page-info.js';

/** SPEC §9: tracking calls time out after 2500 ms; SPEC §7: failures are ignored. */
export const TRACKING_TIMEOUT_MS = 2500;

/**
 * A fresh id for one page view: 128 random bits, base64url. getRandomValues, not
 * randomUUID, because randomUUID needs a secure context and sites may be served over http.
 */
export function newHitId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Posts once; true when it is worth one more try (no answer in time, or a server failure). */
async function post(form: URLSearchParams, send: typeof fetch): Promise<boolean> {
  try {
    const res = await send('/api/census/RecordHit', {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { 'X-CSRF-Token': readCookie('crumb') ?? '' },
      signal: AbortSignal.timeout(TRACKING_TIMEOUT_MS),
    });
    return res.status >= 500;
  } catch {
    return true;
  }
}

/**
 * Posts a page view, and once more (the same form, so the same hit id) when the first
 * post timed out, failed on the network or met a server failure; never more, and never
 * after a refusal (4xx, 429). SPEC §8: the outcome is not reported to the page.
 */
export async function sendHit(form: URLSearchParams, send: typeof fetch = fetch): Promise<void> {
  if (await post(form, send)) await post(form, send);
}

/**
 * Posts the page view (SPEC §7 RecordHit): form-encoded `event`, `data` (page, website,
 * template, locale, viewport and screen, user agent, client time, title), `ss_cvr`. The
 * server applies the visitor-cookie rules and answers with ss_cvr/ss_cvt; under the
 * privacy signal the record is not sent at all. A post that times out or fails on the
 * server is sent once more with the same hit id, which the server stores only once.
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
    hitId: newHitId(),
  };
  const form = new URLSearchParams({ event: 'view', data: JSON.stringify(data) });
  const record = readCookie('ss_cvr');
  if (record && !hasPrivacySignal() && !page.census.restrictive) form.set('ss_cvr', decodeURIComponent(record));
  await sendHit(form);
}
