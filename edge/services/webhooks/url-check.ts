import { isBlockedAddress, isBlockedHostName, parseIpv4, parseIpv6 } from '../../../domain/webhooks/address-rules.js';
import type { Resolver } from './resolver.js';

/**
 * What may be a webhook's target (docs/api/webhooks.md, "Which URLs are refused"): an
 * https URL without credentials whose host is no private, loopback, link-local, reserved
 * or multicast address, neither as written nor after DNS resolution. `devOrigins` are
 * exact origins (scheme, host, port) exempt from every rule: the local receiver of tests
 * and development (WEBHOOK_DEV_ALLOW_ORIGINS, never set in production).
 */
export interface UrlRules {
  resolver: Resolver;
  devOrigins: readonly string[];
}

export const URL_MESSAGES = {
  invalid: 'Enter a full URL starting with https://.',
  https: 'Webhook URLs must start with https://.',
  credentials: 'A webhook URL may not contain a user name or password.',
  blocked: 'This URL points at a private or local network address, which webhooks may not reach.',
  unresolved: (host: string) => `Could not look up ${host}. Check the address and try again.`,
} as const;

export type UrlVerdict = { ok: true; url: URL } | { ok: false; message: string };

/** The exempt origins of a WEBHOOK_DEV_ALLOW_ORIGINS value (comma separated). */
export function devOriginsOf(setting: string | undefined): string[] {
  return (setting ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .flatMap((s) => {
      try {
        return [new URL(s).origin];
      } catch {
        return [];
      }
    });
}

/** The URL's rules without DNS: form, scheme, credentials, a literal address or a local name. */
export function checkUrlShape(text: string, devOrigins: readonly string[]): UrlVerdict & { literal?: boolean } {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { ok: false, message: URL_MESSAGES.invalid };
  }
  if (url.username || url.password) return { ok: false, message: URL_MESSAGES.credentials };
  if (devOrigins.includes(url.origin)) return { ok: true, url, literal: true };
  if (url.protocol !== 'https:') return { ok: false, message: url.protocol === 'http:' ? URL_MESSAGES.https : URL_MESSAGES.invalid };
  // WHATWG URL parsing already turns 0x7f.1, 2130706433 and 127.1 into 127.0.0.1.
  const host = url.hostname;
  if (parseIpv4(host) !== undefined || host.startsWith('[')) {
    const address = host.replace(/^\[|\]$/g, '');
    if (parseIpv4(address) === undefined && !parseIpv6(address)) return { ok: false, message: URL_MESSAGES.invalid };
    return isBlockedAddress(address) ? { ok: false, message: URL_MESSAGES.blocked } : { ok: true, url, literal: true };
  }
  if (isBlockedHostName(host)) return { ok: false, message: URL_MESSAGES.blocked };
  return { ok: true, url, literal: false };
}

/** Every rule, resolving a host name with `rules.resolver`: refused when any of its addresses is. */
export async function checkWebhookUrl(text: string, rules: UrlRules): Promise<UrlVerdict> {
  const shape = checkUrlShape(text, rules.devOrigins);
  if (!shape.ok || shape.literal) return shape.ok ? { ok: true, url: shape.url } : shape;
  let addresses: string[];
  try {
    addresses = await rules.resolver.resolve(shape.url.hostname);
  } catch {
    return { ok: false, message: URL_MESSAGES.unresolved(shape.url.hostname) };
  }
  if (addresses.some(isBlockedAddress)) return { ok: false, message: URL_MESSAGES.blocked };
  return { ok: true, url: shape.url };
}
