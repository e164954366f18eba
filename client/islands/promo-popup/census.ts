import { readCookie } from '../../runtime/cookies.js';
import { POPUP_PAGE_TYPE } from '../../../domain/popups/page-type.js';

export type OverlayAction = 'render' | 'close' | 'submit';

/**
 * SPEC §7 POST /api/census/overlay: the popup was shown (render), dismissed (close) or
 * submitted, with its version. Tracking failures are swallowed (SPEC §8); the server applies
 * the census skip rules and its per-visitor budget.
 */
export function overlayEvent(action: OverlayAction, version: number): void {
  const form = new URLSearchParams({
    pagePath: (location.pathname + location.search).slice(0, 2083),
    pageType: String(POPUP_PAGE_TYPE),
    overlayId: 'promo-popup',
    action,
    data: JSON.stringify({ version }),
  });
  const visitor = readCookie('ss_cvr');
  if (visitor) form.set('visitorCookie', decodeURIComponent(visitor).slice(0, 200));
  void fetch('/api/census/overlay', {
    method: 'POST',
    body: form,
    credentials: 'same-origin',
    headers: { 'X-CSRF-Token': readCookie('crumb') ?? '' },
    signal: AbortSignal.timeout(2500),
  }).catch(() => undefined);
}
