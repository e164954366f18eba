/**
 * The signature every webhook POST carries (docs/api/webhooks.md, "Verifying a delivery"):
 * hex HMAC-SHA-256, keyed with the subscription's secret, over `${timestamp}.${body}`, the
 * timestamp in whole Unix seconds. Sent as `Atelier-Webhook-Signature: v1=<hex>` beside
 * `Atelier-Webhook-Timestamp: <timestamp>` and `Atelier-Webhook-Id: <event id>`.
 */
export const HEADER = { id: 'Atelier-Webhook-Id', timestamp: 'Atelier-Webhook-Timestamp', signature: 'Atelier-Webhook-Signature', event: 'Atelier-Webhook-Event' } as const;

function hex(bytes: ArrayBuffer): string {
  let out = '';
  for (const b of new Uint8Array(bytes)) out += b.toString(16).padStart(2, '0');
  return out;
}

export async function signBody(secret: string, timestamp: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return hex(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${timestamp}.${body}`)));
}

/** `whsec_` and 256 random bits as base64url: a new subscription's secret. */
export function newSecret(): string {
  const raw = crypto.getRandomValues(new Uint8Array(32));
  let text = '';
  for (const b of raw) text += String.fromCharCode(b);
  return `whsec_${btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
}
