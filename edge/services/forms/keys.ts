import { randomToken } from '../../lib/random-token.js';
import { query, type Db } from '../db.js';
import { d1Of, retryBusy } from './d1.js';
import { sha256Hex } from './hash.js';

/** How long a key stays usable: a long form in a tab left open still submits. */
export const KEY_TTL_MS = 12 * 60 * 60 * 1000;
// Expired keys are swept a few at a time by whoever asks for a new one (no cron needed).
const SWEEP_BATCH = 20;

/**
 * SPEC §7 FormSubmissionKey: a random single-use key bound to the visitor (their crumb,
 * hashed) and expiring after KEY_TTL_MS. Its issue time starts the time-to-fill clock.
 * @example const key = await issueFormKey(db, site.id, await sha256Hex(crumb), Date.now());
 */
export async function issueFormKey(db: Db, websiteId: string, visitorHash: string, now: number): Promise<string> {
  const key = randomToken(24);
  const keyHash = await sha256Hex(key);
  const d1 = d1Of(db);
  await query(() => retryBusy(() =>
    d1.batch([
      d1.prepare(`INSERT INTO form_keys (key_hash, website_id, visitor_hash, issued_on, expires_on) VALUES (?, ?, ?, ?, ?)`)
        .bind(keyHash, websiteId, visitorHash, now, now + KEY_TTL_MS),
      d1.prepare(`DELETE FROM form_keys WHERE key_hash IN (SELECT key_hash FROM form_keys WHERE expires_on < ? LIMIT ?)`)
        .bind(now, SWEEP_BATCH),
    ])),
  );
  return key;
}

/**
 * A key the server mints for a form posted without JavaScript (services/forms/plain-post):
 * issued at the page's render time, so the same time-to-fill verdict applies. Minting it
 * again is a no-op, so a replayed post finds its key already used and stores nothing.
 */
export async function issuePlainKey(db: Db, websiteId: string, visitorHash: string, key: string, issuedOn: number): Promise<void> {
  const keyHash = await sha256Hex(key);
  const d1 = d1Of(db);
  await query(() => retryBusy(() =>
    d1.prepare(`INSERT INTO form_keys (key_hash, website_id, visitor_hash, issued_on, expires_on) VALUES (?, ?, ?, ?, ?) ON CONFLICT (key_hash) DO NOTHING`)
      .bind(keyHash, websiteId, visitorHash, issuedOn, issuedOn + KEY_TTL_MS).run()),
  );
}
