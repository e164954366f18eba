/**
 * The honeypot: an input people never see (off-screen, aria-hidden, tabindex -1) that the
 * form island sends under this id in the form JSON. Bots that fill every input fill it too.
 */
export const HONEYPOT_FIELD = 'hp-website';

/** 'honeypot' when the hidden input came back filled, else undefined. */
export function honeypotReason(raw: Record<string, unknown>): string | undefined {
  const value = raw[HONEYPOT_FIELD];
  return typeof value === 'string' ? (value.trim() ? 'honeypot' : undefined) : value == null ? undefined : 'honeypot';
}
