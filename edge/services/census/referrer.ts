/**
 * The referrer as the dashboard shows it: the host of the page the visitor came from,
 * lower-cased, without path or query (which may carry personal data). Internal
 * navigation and missing or malformed referrers are '' (direct).
 */
export function referrerHost(referrer: string | undefined, siteHosts: readonly string[]): string {
  if (!referrer) return '';
  let host: string;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
    host = url.hostname.toLowerCase();
  } catch {
    return '';
  }
  if (host.startsWith('www.')) host = host.slice(4);
  const own = siteHosts.map((h) => h.toLowerCase().replace(/^www\./, ''));
  return own.includes(host) ? '' : host.slice(0, 253);
}
