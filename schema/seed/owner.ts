import { contributors, siteUsers } from '../index.js';
import { demoId } from './ids.js';
import { insertRow, type SeedStatement } from './statements.js';

/** The demo site's owner (SPEC §3 admin role 1). Local seeds only: production never runs the demo seed. */
export const DEMO_OWNER_EMAIL = 'owner@fernandkiln.test';
/** The local default when ATELIER_DEMO_OWNER_PASSWORD is unset (README documents it). */
export const DEMO_OWNER_DEFAULT_PASSWORD = 'check-Owner-pass-7';
const ADMIN_ROLE = 1;

/** The demo owner's password: ATELIER_DEMO_OWNER_PASSWORD, else the documented local default. */
export function demoOwnerPassword(env: Record<string, string | undefined> = process.env): string {
  return env.ATELIER_DEMO_OWNER_PASSWORD || DEMO_OWNER_DEFAULT_PASSWORD;
}

/**
 * INSERTs for the demo owner: a verified site user and an admin contributor of the demo
 * website. The caller hashes the password (edge/services/accounts/passwords.ts: schema
 * holds no crypto); hashing salts randomly, so unlike the rest of the seed this is not
 * byte-stable; ids are, and ON CONFLICT DO NOTHING keeps a re-run harmless.
 */
export function demoOwnerStatements(websiteId: string, identifier: string, passwordHash: string): SeedStatement[] {
  const id = demoId(identifier, 'site-user', DEMO_OWNER_EMAIL);
  const now = Date.UTC(2026, 0, 1);
  return [
    insertRow(siteUsers, {
      id, websiteId, email: DEMO_OWNER_EMAIL, passwordHash,
      emailVerifiedOn: now, createdOn: now, updatedOn: now,
    }),
    insertRow(contributors, { websiteId, siteUserId: id, roles: [ADMIN_ROLE], createdOn: now }),
  ];
}
