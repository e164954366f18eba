import { timingSafeEqual } from '../../lib/timing-safe-equal.js';

/**
 * Signed click links of campaign mails: `/api/campaigns/click?c=&r=&u=&s=`, where `s` is an
 * HMAC-SHA-256 over the campaign, the recipient (subscriber id, '' in a test mail) and the
 * target under the worker secret CAMPAIGN_LINK_SECRET (else REVIEW_LINK_SECRET, with a
 * purpose tag). A link whose signature does not hold is refused, so the route is no open redirect.
 * The open pixel (`/api/campaigns/open?c=&r=&s=`) is signed the same way with the target 'open-pixel'.
 */
export const CLICK_PATH = '/api/campaigns/click';

export function campaignLinkSecret(env: { CAMPAIGN_LINK_SECRET?: string | undefined; REVIEW_LINK_SECRET?: string | undefined }): string | undefined {
  return env.CAMPAIGN_LINK_SECRET || env.REVIEW_LINK_SECRET || undefined;
}

const encoder = new TextEncoder();

function base64url(bytes: ArrayBuffer): string {
  let binary = '';
  for (const b of new Uint8Array(bytes)) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Signs many links under one imported key. */
export async function clickSigner(secret: string): Promise<(campaignId: string, recipient: string, target: string) => Promise<string>> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return async (campaignId, recipient, target) =>
    base64url(await crypto.subtle.sign('HMAC', key, encoder.encode(`campaign-click\n${campaignId}\n${recipient}\n${target}`)));
}

/** The click link of `target` for one recipient. */
export async function clickLink(sign: Awaited<ReturnType<typeof clickSigner>>, origin: string, campaignId: string, recipient: string, target: string): Promise<string> {
  const s = await sign(campaignId, recipient, target);
  return `${origin}${CLICK_PATH}?${new URLSearchParams({ c: campaignId, r: recipient, u: target, s }).toString()}`;
}

export const OPEN_PATH = '/api/campaigns/open';

/** The open pixel's URL of one recipient (signed over the campaign and the recipient only). */
export async function openPixelLink(sign: Awaited<ReturnType<typeof clickSigner>>, origin: string, campaignId: string, recipient: string): Promise<string> {
  const s = await sign(campaignId, recipient, 'open-pixel');
  return `${origin}${OPEN_PATH}?${new URLSearchParams({ c: campaignId, r: recipient, s }).toString()}`;
}

/** True when `signature` is the one the link's fields carry. */
export async function verifyLink(secret: string, campaignId: string, recipient: string, target: string, signature: string): Promise<boolean> {
  const sign = await clickSigner(secret);
  return timingSafeEqual(await sign(campaignId, recipient, target), signature);
}
