import { readCookie, type PageInfo } from './page-info.js';

/** SPEC §7 analytics event names. */
export type AnalyticsEvent =
  | 'add_to_cart'
  | 'view_product'
  | 'search'
  | 'newsletter_subscribe'
  | 'create_account'
  | 'view_cart'
  | 'remove_from_cart'
  | 'related_products_display'
  | 'click_and_add'
  | 'reviews_tab'
  | 'product_page_visit'
  | 'list_page_visit';

type Pixel = (event: AnalyticsEvent, data: Record<string, unknown>) => void;
let pixel: Pixel | undefined;

/**
 * The browser pixel hook: only when the owner set a third-party tag id is its script
 * loaded (never by default); every tracked event is then pushed to its data layer too.
 */
export function installPixel(page: PageInfo): void {
  const tagId = page.census.pixelTagId;
  if (!tagId || !/^[A-Za-z0-9-]{1,40}$/.test(tagId)) return;
  const w = window as Window & { dataLayer?: unknown[] };
  w.dataLayer ??= [];
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(tagId)}`;
  document.head.append(script);
  w.dataLayer.push(['config', tagId]);
  pixel = (event, data) => w.dataLayer!.push(['event', event, data]);
}

/**
 * SPEC §7 analytics client: form-encoded crumb, event name and JSON data to the same-origin
 * events endpoint, by beacon when the browser has one. Failures are swallowed (SPEC §8).
 * @example trackEvent('view_product', { pagePath: location.pathname, itemId })
 */
export function trackEvent(event: AnalyticsEvent, data: Record<string, unknown>): void {
  try {
    pixel?.(event, data);
    const form = new URLSearchParams({ crumb: readCookie('crumb') ?? '', event, data: JSON.stringify(data) });
    const url = '/api/events/RecordEvent';
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, form)) return;
    void fetch(url, { method: 'POST', body: form, credentials: 'same-origin', keepalive: true }).catch(() => undefined);
  } catch {
    // Tracking never stops the page.
  }
}
