import { sql } from 'drizzle-orm';
import { randomToken } from '../../lib/random-token.js';
import { timingSafeEqual } from '../../lib/timing-safe-equal.js';
import { query, type Db } from '../db.js';

function base64url(bytes: ArrayBuffer): string {
  let binary = '';
  for (const b of new Uint8Array(bytes)) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function hmac(key: string, message: string): Promise<string> {
  const k = await crypto.subtle.importKey('raw', new TextEncoder().encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return base64url(await crypto.subtle.sign('HMAC', k, new TextEncoder().encode(message)));
}

/**
 * The list's signing key, made on first use. The conditional UPDATE means two requests
 * racing to make one agree on whichever landed first.
 */
async function listSigningKey(db: Db, listId: string): Promise<string | undefined> {
  await query(() => db.run(sql`UPDATE mailing_lists SET signing_key = ${randomToken(32)} WHERE id = ${listId} AND signing_key IS NULL`));
  const row = await query(() => db.get<{ signing_key: string | null }>(sql`SELECT signing_key FROM mailing_lists WHERE id = ${listId}`));
  return row?.signing_key ?? undefined;
}

/** The signature of a subscriber's unsubscribe link. */
export async function unsubscribeSignature(db: Db, listId: string, subscriberId: string): Promise<string> {
  const key = await listSigningKey(db, listId);
  if (!key) throw new Error(`mailing list ${listId} does not exist`);
  return hmac(key, `unsubscribe:${subscriberId}`);
}

/** Signs the unsubscribe links of many subscribers of one list with one read of its key (campaign sends). */
export async function unsubscribeSigner(db: Db, listId: string): Promise<(subscriberId: string) => Promise<string>> {
  const key = await listSigningKey(db, listId);
  if (!key) throw new Error(`mailing list ${listId} does not exist`);
  return (subscriberId) => hmac(key, `unsubscribe:${subscriberId}`);
}

/** True when `signature` is the one this list gives this subscriber. */
export async function verifyUnsubscribeSignature(db: Db, listId: string, subscriberId: string, signature: string): Promise<boolean> {
  const key = await listSigningKey(db, listId);
  return !!key && timingSafeEqual(await hmac(key, `unsubscribe:${subscriberId}`), signature);
}
