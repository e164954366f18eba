import Bowser from 'bowser';
import { isbot } from 'isbot';

export type DeviceClass = 'desktop' | 'mobile' | 'tablet' | 'other';

export interface UserAgentFacts {
  device: DeviceClass;
  browser: string;
  bot: boolean;
}

const MAX_UA = 1000;

/**
 * Device class, browser family and bot flag from a User-Agent header (the server's view,
 * never the client's claim). Crawlers are recognised by `isbot` and counted apart.
 */
export function userAgentFacts(userAgent: string | undefined): UserAgentFacts {
  const ua = (userAgent ?? '').slice(0, MAX_UA);
  if (!ua || isbot(ua)) return { device: 'other', browser: 'Bot', bot: true };
  const parsed = Bowser.parse(ua);
  const platform = parsed.platform.type;
  const device: DeviceClass = platform === 'mobile' || platform === 'tablet' || platform === 'desktop' ? platform : 'other';
  return { device, browser: (parsed.browser.name ?? 'Other').slice(0, 40), bot: false };
}
