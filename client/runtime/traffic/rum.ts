import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import type { PageInfo } from './page-info.js';

/** SPEC §9 Performance collector (version 4.13.1). */
export const RUM = {
  version: '4.13.1',
  flushAfterLoadMs: 30_000,
  maxWaitMs: 60_000,
  slowestInteractions: 10,
  maxElementPath: 200,
  markPrefix: 'rum-',
} as const;

/** SPEC §9 web-vital ratings (good / poor); TTFB uses web-vitals' own. */
export const THRESHOLDS = { FCP: [1800, 3000], LCP: [2500, 4000], CLS: [0.1, 0.25], FID: [100, 300], INP: [200, 500], TTFB: [800, 1800] } as const;
type MetricName = keyof typeof THRESHOLDS;

export function rate(name: MetricName, value: number): 'good' | 'needs-improvement' | 'poor' {
  const [good, poor] = THRESHOLDS[name];
  return value <= good ? 'good' : value <= poor ? 'needs-improvement' : 'poor';
}

/** SPEC §9: environment from the hostname. */
export function environmentOf(hostname: string): 'staging' | 'dev' | 'prod' {
  if (hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]' || hostname.endsWith('.localhost') || hostname.endsWith('.local')) return 'dev';
  return /(^|[.-])staging([.-]|$)/.test(hostname) ? 'staging' : 'prod';
}

/** A CSS-like path of an element (`main>div.card>button#add`), at most 200 characters from the element end. */
export function elementPath(el: Element | null): string {
  const parts: string[] = [];
  for (let node = el; node && node.nodeType === 1 && parts.length < 12; node = node.parentElement) {
    let part = node.localName;
    if (node.id) part += `#${node.id}`;
    else if (node.classList.length) part += `.${[...node.classList].slice(0, 2).join('.')}`;
    parts.unshift(part);
    if (node.localName === 'body') break;
  }
  const path = parts.join('>');
  return path.length > RUM.maxElementPath ? path.slice(path.length - RUM.maxElementPath) : path;
}

interface Interaction {
  target: string;
  type: string;
  duration: number;
}

/**
 * Real-user performance: web-vitals for FCP, LCP, CLS, INP, TTFB and a PerformanceObserver
 * for FID (which web-vitals no longer reports), the 10 slowest interactions, `rum-` marks,
 * the site's own images and a small a11y count. Sends what it has 30 s after load and at
 * once when the page is hidden; stops after 60 s or when hidden. Each metric is sent once.
 */
export function startRum(page: PageInfo, opts: { endpoint?: string; now?: () => number } = {}): { flush: () => void } {
  const endpoint = opts.endpoint ?? '/api/1/performance/records';
  const now = opts.now ?? Date.now;
  const pageLoadId = crypto.randomUUID();
  const env = environmentOf(location.hostname);
  const pending = new Map<MetricName, number>();
  const sent = new Set<MetricName>();
  const interactions: Interaction[] = [];
  const records: object[] = [];
  let stopped = false;
  const observers: PerformanceObserver[] = [];
  const base = { pagePath: page.pagePath, env };
  const envelope = (event: string, data: object, raw = false) => ({ raw, app: 'atelier-rum', data, event, pageLoadId, ts: now() });

  const take = (m: Metric) => {
    const name = m.name as MetricName;
    if (!sent.has(name)) pending.set(name, Math.max(0, m.value));
  };
  for (const on of [onFCP, onLCP, onCLS, onINP, onTTFB]) on(take, { reportAllChanges: true });

  const observe = (type: string, cb: (list: PerformanceObserverEntryList) => void, options: PerformanceObserverInit) => {
    if (!PerformanceObserver.supportedEntryTypes?.includes(type)) return;
    const o = new PerformanceObserver(cb);
    o.observe(options);
    observers.push(o);
  };
  observe('first-input', (list) => {
    const e = list.getEntries()[0] as PerformanceEventTiming | undefined;
    if (e && !sent.has('FID')) pending.set('FID', Math.max(0, e.processingStart - e.startTime));
  }, { type: 'first-input', buffered: true });
  observe('event', (list) => {
    for (const e of list.getEntries() as PerformanceEventTiming[]) {
      if (!e.interactionId) continue;
      interactions.push({ target: elementPath(e.target as Element | null), type: e.name.slice(0, 20), duration: Math.round(e.duration) });
    }
    interactions.sort((a, b) => b.duration - a.duration).splice(RUM.slowestInteractions);
  }, { type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
  observe('resource', (list) => {
    for (const e of list.getEntries() as PerformanceResourceTiming[]) {
      // SPEC §9: image metrics only for the site's own asset host.
      const url = new URL(e.name, location.href);
      if (e.initiatorType !== 'img' || url.host !== location.host || !url.pathname.startsWith('/assets/')) continue;
      records.push(envelope('image', { ...base, url: url.href.slice(0, 2083), duration: Math.round(e.duration), bytes: e.transferSize || undefined }, true));
    }
  }, { type: 'resource', buffered: true });

  const send = (payload: object[]) => {
    const body = JSON.stringify(payload);
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(endpoint, body)) return;
    void fetch(endpoint, { method: 'POST', body, keepalive: true, credentials: 'same-origin', headers: { 'Content-Type': 'text/plain' } }).catch(() => undefined);
  };

  const flush = () => {
    const payload = records.splice(0, records.length);
    if (pending.size) {
      const metrics = Object.fromEntries(pending);
      for (const name of pending.keys()) sent.add(name);
      pending.clear();
      const marks = performance
        .getEntriesByType('mark')
        .filter((m) => m.name.startsWith(RUM.markPrefix))
        .slice(0, 20)
        .map((m) => ({ name: m.name.slice(0, 100), startTime: Math.round(m.startTime) }));
      payload.unshift(envelope('page_speed', { ...base, metrics, interactions: interactions.slice(0, RUM.slowestInteractions), marks }));
    }
    for (const m of performance.getEntriesByType('measure')) {
      if (m.name.startsWith(RUM.markPrefix) && !sentMeasures.has(m.name)) {
        sentMeasures.add(m.name);
        payload.push(envelope('user', { ...base, name: m.name.slice(0, 100), duration: Math.round(m.duration) }));
      }
    }
    if (payload.length) send(payload.slice(0, 50));
  };
  const sentMeasures = new Set<string>();

  const stop = () => {
    if (stopped) return;
    stopped = true;
    flush();
    for (const o of observers) o.disconnect();
  };
  const a11y = () => {
    const missingAlt = document.querySelectorAll('img:not([alt])').length;
    const unnamedButtons = [...document.querySelectorAll('button')].filter((b) => !b.textContent?.trim() && !b.getAttribute('aria-label')).length;
    records.push(envelope('a11y', { ...base, issues: missingAlt + unnamedButtons, rules: [...(missingAlt ? ['image-alt'] : []), ...(unnamedButtons ? ['button-name'] : [])] }));
  };

  const onLoad = () => {
    a11y();
    setTimeout(() => !stopped && flush(), RUM.flushAfterLoadMs);
    setTimeout(stop, RUM.maxWaitMs);
  };
  if (document.readyState === 'complete') onLoad();
  else addEventListener('load', onLoad, { once: true });
  // web-vitals reports its final CLS/INP/LCP in its own visibilitychange listener; ours
  // runs after it (a task later) so those values go out in the same beacon.
  addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && setTimeout(stop, 0), true);
  addEventListener('pagehide', () => stop(), { once: true });
  return { flush };
}
