import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { apiTokens } from '../../../schema/index.js';
import { randomToken } from '../../lib/random-token.js';
import { newId, sha256Hex } from '../accounts/tokens.js';
import { query, type Db } from '../db.js';

/** The scopes a token can hold (docs/api/themes.md). */
export const TOKEN_SCOPES = ['theme:read', 'theme:write'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** Live (unrevoked) tokens a site may hold at once. */
export const MAX_API_TOKENS = 50;

/** `atl_` and 256 random bits, base64url: the only shape ever looked up. */
export const API_TOKEN_SHAPE = /^atl_[A-Za-z0-9_-]{43}$/;

export interface ApiTokenView {
  id: string;
  name: string;
  scopes: TokenScope[];
  createdBy: string | null;
  createdOn: number;
  expiresOn: number;
  revokedOn: number | null;
  lastUsedOn: number | null;
  state: 'active' | 'expired' | 'revoked';
}

const columns = {
  id: apiTokens.id, name: apiTokens.name, scopes: apiTokens.scopes, createdBy: apiTokens.createdBy, createdOn: apiTokens.createdOn,
  expiresOn: apiTokens.expiresOn, revokedOn: apiTokens.revokedOn, lastUsedOn: apiTokens.lastUsedOn,
};

function toView(r: { id: string; name: string; scopes: string; createdBy: string | null; createdOn: number; expiresOn: number; revokedOn: number | null; lastUsedOn: number | null }, now: number): ApiTokenView {
  const state = r.revokedOn !== null ? 'revoked' : r.expiresOn <= now ? 'expired' : 'active';
  return { ...r, scopes: JSON.parse(r.scopes) as TokenScope[], state };
}

/** A site's tokens, newest first (never their secrets: only hashes are stored). */
export async function listApiTokens(db: Db, websiteId: string, now = Date.now()): Promise<ApiTokenView[]> {
  const rows = await query(() => db.select(columns).from(apiTokens).where(eq(apiTokens.websiteId, websiteId)).orderBy(desc(apiTokens.createdOn)));
  return rows.map((r) => toView(r, now));
}

/**
 * Creates a token and returns its secret, which is never stored (only its SHA-256) and so
 * never shown again. The count check and the insert are one statement.
 */
export async function createApiToken(
  db: Db, websiteId: string, input: { name: string; scopes: readonly TokenScope[]; expiresOn: number; createdBy: string | null }, now = Date.now(),
): Promise<{ token: ApiTokenView; secret: string } | undefined> {
  const secret = `atl_${randomToken(32)}`;
  const id = newId();
  const scopes = JSON.stringify(TOKEN_SCOPES.filter((s) => input.scopes.includes(s)));
  const hash = await sha256Hex(secret);
  const result = await query(() =>
    db.$client
      .prepare(
        `INSERT INTO api_tokens (id, website_id, name, scopes, token_hash, created_by, created_on, expires_on)
         SELECT ?, ?, ?, ?, ?, ?, ?, ? WHERE (SELECT COUNT(*) FROM api_tokens WHERE website_id = ? AND revoked_on IS NULL AND expires_on > ?) < ?`,
      )
      .bind(id, websiteId, input.name, scopes, hash, input.createdBy, now, input.expiresOn, websiteId, now, MAX_API_TOKENS)
      .run(),
  );
  if (!result.meta.changes) return undefined;
  const [row] = await query(() => db.select(columns).from(apiTokens).where(eq(apiTokens.id, id)).limit(1));
  return { token: toView(row!, now), secret };
}

/** Revokes a token at once (its next use answers 401). False when the site has no such live token. */
export async function revokeApiToken(db: Db, websiteId: string, id: string, now = Date.now()): Promise<boolean> {
  const result = await query(() =>
    db.update(apiTokens).set({ revokedOn: now }).where(and(eq(apiTokens.websiteId, websiteId), eq(apiTokens.id, id), isNull(apiTokens.revokedOn))).run(),
  );
  return result.meta.changes > 0;
}

/**
 * The token behind a bearer secret when it belongs to `websiteId`, is not revoked and
 * has not expired; its use (route, time, source) is logged in one batch after the lookup.
 */
export async function useApiToken(
  db: Db, websiteId: string, secret: string, use: { method: string; route: string; source: string }, now = Date.now(),
): Promise<{ id: string; scopes: TokenScope[] } | undefined> {
  const token = await findApiToken(db, websiteId, secret, now);
  if (!token) return undefined;
  await query(async () => {
    const d1 = db.$client;
    await d1.batch([
      d1.prepare('INSERT INTO api_token_uses (token_id, method, route, source, used_on) VALUES (?, ?, ?, ?, ?)').bind(token.id, use.method, use.route.slice(0, 300), use.source.slice(0, 64), now),
      d1.prepare('UPDATE api_tokens SET last_used_on = ? WHERE id = ?').bind(now, token.id),
    ]);
  });
  return token;
}

/**
 * The site's live token (not revoked, not expired) for `secret`, without recording a use:
 * the expired-site answer (edge/pages/unavailable.ts) tells a token's caller 402 from it.
 */
export async function findApiToken(db: Db, websiteId: string, secret: string, now = Date.now()): Promise<{ id: string; scopes: TokenScope[] } | undefined> {
  if (!API_TOKEN_SHAPE.test(secret)) return undefined;
  const hash = await sha256Hex(secret);
  const [row] = await query(() =>
    db
      .select({ id: apiTokens.id, scopes: apiTokens.scopes })
      .from(apiTokens)
      .where(and(eq(apiTokens.tokenHash, hash), eq(apiTokens.websiteId, websiteId), isNull(apiTokens.revokedOn), sql`${apiTokens.expiresOn} > ${now}`))
      .limit(1),
  );
  return row && { id: row.id, scopes: JSON.parse(row.scopes) as TokenScope[] };
}

/** The latest uses of a token (newest first); undefined when the site has no such token. */
export async function apiTokenUses(db: Db, websiteId: string, id: string, limit = 50) {
  const token = await query(() => db.$client.prepare('SELECT 1 AS one FROM api_tokens WHERE id = ? AND website_id = ?').bind(id, websiteId).first());
  if (!token) return undefined;
  const { results } = await query(() =>
    db.$client
      .prepare(
        `SELECT u.method, u.route, u.source, u.used_on AS usedOn FROM api_token_uses u JOIN api_tokens t ON t.id = u.token_id
         WHERE t.website_id = ? AND t.id = ? ORDER BY u.used_on DESC, u.id DESC LIMIT ?`,
      )
      .bind(websiteId, id, limit)
      .all<{ method: string; route: string; source: string; usedOn: number }>(),
  );
  return results;
}
