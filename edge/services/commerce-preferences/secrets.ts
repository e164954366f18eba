import { and, eq } from 'drizzle-orm';
import { paymentSecrets } from '../../../schema/index.js';
import { query, type Db } from '../db.js';

/**
 * Payment secrets of a site, AES-GCM encrypted with a key derived (SHA-256) from the worker
 * secret SETTINGS_ENCRYPTION_KEY. The plain key is decrypted only inside a request that pays,
 * refunds or tests the connection; it is never returned by an API or written into a page.
 */
export interface SecretsEnv {
  SETTINGS_ENCRYPTION_KEY?: string;
}

const encoder = new TextEncoder();

async function aesKey(secret: string): Promise<CryptoKey> {
  const raw = await crypto.subtle.digest('SHA-256', encoder.encode(`atelier-payment-secrets:${secret}`));
  return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));

/** True when this deployment can store site secrets. */
export const canStoreSecrets = (env: SecretsEnv): boolean => Boolean(env.SETTINGS_ENCRYPTION_KEY && env.SETTINGS_ENCRYPTION_KEY.length >= 16);

async function encrypt(secret: string, plain: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  // The website id is not bound in: a row copied to another site is no use without the key anyway.
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await aesKey(secret), encoder.encode(plain)));
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv);
  out.set(sealed, iv.length);
  return toBase64(out);
}

async function decrypt(secret: string, stored: string): Promise<string | undefined> {
  try {
    const bytes = fromBase64(stored);
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes.slice(0, 12) }, await aesKey(secret), bytes.slice(12));
    return new TextDecoder().decode(plain);
  } catch {
    // A rotated SETTINGS_ENCRYPTION_KEY: the stored key is unreadable and must be entered again.
    return undefined;
  }
}

/** Stores (replaces) a provider's secret for a site. */
export async function storeSecret(db: Db, env: SecretsEnv, websiteId: string, provider: 'stripe', plain: string, now: number): Promise<{ last4: string }> {
  const ciphertext = await encrypt(env.SETTINGS_ENCRYPTION_KEY!, plain);
  const last4 = plain.slice(-4);
  await query(() =>
    db
      .insert(paymentSecrets)
      .values({ websiteId, provider, ciphertext, last4, updatedOn: now })
      .onConflictDoUpdate({ target: [paymentSecrets.websiteId, paymentSecrets.provider], set: { ciphertext, last4, updatedOn: now } })
      .run(),
  );
  return { last4 };
}

export async function deleteSecret(db: Db, websiteId: string, provider: 'stripe'): Promise<boolean> {
  const r = await query(() => db.delete(paymentSecrets).where(and(eq(paymentSecrets.websiteId, websiteId), eq(paymentSecrets.provider, provider))).run());
  return r.meta.changes > 0;
}

/** The last four characters of the stored secret (what the owner app shows), or null. */
export async function secretLast4(db: Db, websiteId: string, provider: 'stripe'): Promise<string | null> {
  const [row] = await query(() =>
    db.select({ last4: paymentSecrets.last4 }).from(paymentSecrets).where(and(eq(paymentSecrets.websiteId, websiteId), eq(paymentSecrets.provider, provider))).limit(1),
  );
  return row?.last4 ?? null;
}

/** The plain secret, for server-side use only; undefined when none is stored or it cannot be read. */
export async function readSecret(db: Db, env: SecretsEnv, websiteId: string, provider: 'stripe'): Promise<string | undefined> {
  if (!canStoreSecrets(env)) return undefined;
  const [row] = await query(() =>
    db.select({ ciphertext: paymentSecrets.ciphertext }).from(paymentSecrets).where(and(eq(paymentSecrets.websiteId, websiteId), eq(paymentSecrets.provider, provider))).limit(1),
  );
  return row ? decrypt(env.SETTINGS_ENCRYPTION_KEY!, row.ciphertext) : undefined;
}
