import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { D1Database, R2Bucket } from '@cloudflare/workers-types';
import { contributors, platformOwners, siteOwners, siteUsers, websites } from '../../../schema/index.js';
import { buildDemoSeed } from '../../../schema/seed/build.js';
import type { EpochMs } from '../../../domain/branded-types.js';
import { ROLE } from '../../../domain/roles/roles.js';
import { rawD1 } from '../cart/raw.js';
import { DECOY_HASH } from '../accounts/passwords.js';
import { newId } from '../accounts/tokens.js';
import { query, type Db } from '../db.js';
import { chooseShard } from '../shards/directory.js';
import { deleteSiteRows } from '../shards/move.js';
import type { SiteRecord } from '../websites.js';
import { SUBSCRIPTION_STATE, trialEndsOn } from '../../../domain/platform/trial.js';
import { DEMO_FILE_ROOT, starterFixtures, starterThemeFiles, storeStarterFiles, type StarterId } from './starters.js';
import { consumePlatformLink, issuePlatformLink } from './owners.js';
import { restoreSite } from '../site-lifecycle/lifecycle.js';

/** The identifier of the platform's own websites row (its outbox and rate-limit scope); a reserved slug, never a site. */
export const PLATFORM_IDENTIFIER = 'platform';

/**
 * The websites row the platform host runs as: platform mail is queued in the outbox under it
 * and account budgets are keyed by it. Created on the platform's first request; it has no
 * theme and no pages, and only the platform host (which never reaches the storefront) names it.
 */
export async function platformSite(db: Db, host: string, now: EpochMs): Promise<SiteRecord> {
  const find = async () => (await query(() => db.select().from(websites).where(eq(websites.identifier, PLATFORM_IDENTIFIER)).limit(1)))[0];
  const found = await find();
  if (found) return found;
  await query(() =>
    db
      .insert(websites)
      .values({
        id: PLATFORM_IDENTIFIER, identifier: PLATFORM_IDENTIFIER, primaryHost: host, isDefault: false, title: 'Atelier',
        siteSettings: {}, storeSettings: { multipleQuantityAllowedForServices: true, useCLDRMoneyFormat: true }, localizedStrings: {},
        createdOn: now, updatedOn: now,
      })
      .onConflictDoNothing(),
  );
  const created = await find();
  if (!created) throw new Error('the platform website row could not be created');
  return created;
}

export interface OwnerSite {
  id: string;
  title: string;
  host: string;
  roles: number[];
  /** When the site was deleted (it is purged 30 days later unless restored); null while it lives. */
  deletedOn: number | null;
}

/**
 * The title and primary host of sites on shard n > 0 as their shards have them (the owner
 * renames a site there; its directory row is not refreshed, docs/platform.md "Shards"): one
 * query per shard with sites in `rows`, then sorted by title again. `shards[0]` is the directory.
 */
async function fromTheirShards<T extends { id: string; title: string; host: string; shard: number }>(shards: Db[], rows: T[]): Promise<Omit<T, 'shard'>[]> {
  const fresh = new Map<string, { title: string; host: string }>();
  await Promise.all(
    shards.map(async (shard, n) => {
      const ids = rows.filter((r) => r.shard === n).map((r) => r.id);
      if (n === 0 || ids.length === 0) return;
      const { results } = await query(() =>
        shard.$client
          .prepare('SELECT id, title, primary_host AS host FROM websites WHERE id IN (SELECT value FROM json_each(?1))')
          .bind(JSON.stringify(ids))
          .all<{ id: string; title: string; host: string }>(),
      );
      for (const r of results) fresh.set(r.id, { title: r.title, host: r.host });
    }),
  );
  return rows
    .map(({ shard: _shard, ...row }) => ({ ...row, ...fresh.get(row.id) }))
    .sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

const ownerSiteColumns = { id: websites.id, title: websites.title, host: websites.primaryHost, roles: siteOwners.roles, deletedOn: websites.deletedOn, shard: websites.shard };

/** The sites an owner has rights on, by title (`shards`: every shard's handle, the directory first). */
export async function listOwnerSites(shards: Db[], ownerId: string): Promise<OwnerSite[]> {
  const rows = await query(() =>
    shards[0]!.select(ownerSiteColumns).from(siteOwners).innerJoin(websites, eq(websites.id, siteOwners.websiteId)).where(eq(siteOwners.ownerId, ownerId)),
  );
  return fromTheirShards(shards, rows);
}

/** One of the owner's sites, or undefined (another owner's site answers like a missing one). */
export async function findOwnerSite(shards: Db[], ownerId: string, websiteId: string): Promise<OwnerSite | undefined> {
  const rows = await query(() =>
    shards[0]!
      .select(ownerSiteColumns)
      .from(siteOwners)
      .innerJoin(websites, eq(websites.id, siteOwners.websiteId))
      .where(and(eq(siteOwners.ownerId, ownerId), eq(siteOwners.websiteId, websiteId)))
      .limit(1),
  );
  return (await fromTheirShards(shards, rows))[0];
}

/**
 * The site switcher's list: the other sites of the platform owner whose address is `email`
 * (the owner area's signed-in site user), by title. Empty for contributors who are no platform owner.
 * A deleted site is left out (the directory's `deleted_on`, stamped on both rows): it is
 * restored from the platform's Deleted sites, not opened.
 */
export async function otherOwnerSites(shards: Db[], email: string, currentWebsiteId: string): Promise<{ id: string; title: string; host: string }[]> {
  const rows = await query(() =>
    shards[0]!
      .select({ id: websites.id, title: websites.title, host: websites.primaryHost, shard: websites.shard })
      .from(siteOwners)
      .innerJoin(platformOwners, eq(platformOwners.id, siteOwners.ownerId))
      .innerJoin(websites, eq(websites.id, siteOwners.websiteId))
      .where(and(eq(platformOwners.email, email), sql`${platformOwners.emailVerifiedOn} is not null`, isNull(websites.deletedOn), ne(websites.id, currentWebsiteId))),
  );
  return fromTheirShards(shards, rows);
}

export type CreateSiteResult = { ok: true; site: OwnerSite } | { ok: false; reason: 'slug_taken' | 'no_starter_theme' };

async function slugTaken(db: Db, slug: string, host: string): Promise<boolean> {
  const [row] = await query(() =>
    db.select({ id: websites.id }).from(websites).where(or(eq(websites.identifier, slug), eq(websites.primaryHost, host))).limit(1),
  );
  return row !== undefined;
}

/** Copies the demo's files to the new site's keys (before its rows exist: a failure leaves only unreferenced files). */
async function copyStarterFiles(files: R2Bucket, root: string): Promise<Record<string, number>> {
  const sizes: Record<string, number> = {};
  await Promise.all(
    storeStarterFiles().map(async (path) => {
      const source = await files.get(`${DEMO_FILE_ROOT}/${path}`);
      if (!source) throw new Error(`starter file missing in R2: ${DEMO_FILE_ROOT}/${path}`);
      const body = await source.arrayBuffer();
      await files.put(`${root}/${path}`, body, { httpMetadata: source.httpMetadata });
      sizes[path] = body.byteLength;
    }),
  );
  return sizes;
}

/**
 * Creates a site from a starter for its owner (admin role) on the shard with the fewest
 * sites (edge/services/shards/directory.ts): every row (website, theme version 1 live,
 * templates, pages as block layouts, navigation, store and checkout settings) in ONE D1
 * batch on that shard, which D1 runs as one transaction. The directory entry (shard 0's
 * websites row naming the shard, and the owner's site_owners row) is written last: on shard
 * 0 in the same batch, on another shard as a second batch after the first, and if that one
 * fails the site's rows are deleted again; until it exists no host reaches the site. The
 * websites row is a plain INSERT (the seed's others skip conflicts), so a slug taken by a
 * racing request fails the batch.
 */
export async function createSite(
  shards: Db[],
  files: R2Bucket,
  input: { ownerId: string; title: string; slug: string; starter: StarterId; primaryHost: string; now: EpochMs },
): Promise<CreateSiteResult> {
  const db = shards[0]!;
  if (await slugTaken(db, input.slug, input.primaryHost)) return { ok: false, reason: 'slug_taken' };
  const themeFiles = await starterThemeFiles(db);
  if (themeFiles.length === 0) return { ok: false, reason: 'no_starter_theme' };
  const shard = await chooseShard(db, shards.length);
  const root = newId();
  const fileSizes = input.starter === 'store' ? await copyStarterFiles(files, root) : {};
  const fixtures = starterFixtures(input.starter, {
    identifier: input.slug, title: input.title, primaryHost: input.primaryHost, now: input.now, fileSizes, themeFiles,
  });
  const seed = buildDemoSeed(fixtures, { idRoot: root });
  if (!/^insert into "websites"/i.test(seed.statements[0]?.sql ?? '')) throw new Error('the seed must start with the websites row');
  const sqlOf = (index: number, sql: string) => (index === 0 ? sql.replace(/ on conflict do nothing$/i, '') : sql);
  // SPEC §4: a new site starts a trial (DEFAULT_TRIAL_DAYS calendar days in its time zone); the Cron job expires it.
  const timeZone = fixtures.website.timeZone ?? 'America/New_York';
  const trial = (d1: D1Database) =>
    d1
      .prepare('UPDATE websites SET subscription_state = ?1, trial_ends_on = ?2, shard = ?3 WHERE id = ?4')
      .bind(SUBSCRIPTION_STATE.trial, trialEndsOn(input.now, timeZone), shard, seed.websiteId);
  const siteD1 = rawD1(shards[shard]!);
  const siteStatements = [...seed.statements.map((s, index) => siteD1.prepare(sqlOf(index, s.sql)).bind(...s.params)), trial(siteD1)];
  const directoryD1 = rawD1(db);
  const owner = directoryD1
    .prepare('INSERT INTO site_owners (owner_id, website_id, roles, created_on) VALUES (?1, ?2, ?3, ?4)')
    .bind(input.ownerId, seed.websiteId, JSON.stringify([ROLE.admin]), input.now);
  try {
    if (shard === 0) {
      await query(() => siteD1.batch([...siteStatements, owner]));
    } else {
      await query(() => siteD1.batch(siteStatements));
      // The directory's copy of the websites row (and any host aliases), then the owner.
      const entry = seed.statements.flatMap((s, index) =>
        /^insert into "(websites|website_hosts)"/i.test(s.sql) ? [directoryD1.prepare(sqlOf(index, s.sql)).bind(...s.params)] : [],
      );
      try {
        await query(() => directoryD1.batch([...entry, trial(directoryD1), owner]));
      } catch (err) {
        await deleteSiteRows(siteD1, seed.websiteId, shard);
        throw err;
      }
    }
  } catch (err) {
    if (await slugTaken(db, input.slug, input.primaryHost)) return { ok: false, reason: 'slug_taken' };
    throw err;
  }
  return { ok: true, site: { id: seed.websiteId, title: input.title, host: input.primaryHost, roles: [ROLE.admin], deletedOn: null } };
}

/**
 * Restores one of the owner's deleted sites from the platform's "Deleted sites" list: only
 * with the admin role there (the site owner), as the site's own restore route.
 */
export async function restoreOwnerSite(directory: Db, shardOf: (shard: number) => Db, ownerId: string, websiteId: string): Promise<'restored' | 'not_found' | 'not_deleted'> {
  const site = await findOwnerSite([directory], ownerId, websiteId);
  if (!site || !site.roles.includes(ROLE.admin)) return 'not_found';
  const [entry] = await query(() => directory.select({ shard: websites.shard }).from(websites).where(eq(websites.id, websiteId)).limit(1));
  // The site's own row on its shard first (what its host serves), then the directory's.
  if (entry && entry.shard !== 0 && !(await restoreSite(shardOf(entry.shard), websiteId))) return 'not_deleted';
  return (await restoreSite(directory, websiteId)) ? 'restored' : 'not_deleted';
}

/** A one-time token that opens one of the owner's sites on its own host (cookies are per host). */
export async function issueHandoff(db: Db, ownerId: string, websiteId: string, now: EpochMs): Promise<string> {
  return issuePlatformLink(db, { purpose: 'handoff', ownerId, websiteId, now });
}

/**
 * Uses a hand-over token on the site it names (`directory`: shard 0 with the platform tables;
 * `db`: the site's shard): the owner's rights there (site_owners) become
 * the roles of a site user with the owner's address, the same contributor machinery every
 * owner route checks. The site user is made (verified, no usable password) on first use; an
 * unverified shopper account someone opened with the owner's address loses its password.
 * Undefined for a bad, used, expired or other site's token, or rights since withdrawn.
 */
export async function acceptHandoff(directory: Db, db: Db, websiteId: string, token: string, now: EpochMs): Promise<{ id: string; websiteId: string } | undefined> {
  const link = await consumePlatformLink(directory, 'handoff', token, now, websiteId);
  if (!link) return undefined;
  const [owner] = await query(() =>
    directory
      .select({ email: platformOwners.email, roles: siteOwners.roles })
      .from(siteOwners)
      .innerJoin(platformOwners, eq(platformOwners.id, siteOwners.ownerId))
      .where(and(eq(siteOwners.ownerId, link.ownerId), eq(siteOwners.websiteId, websiteId)))
      .limit(1),
  );
  if (!owner) return undefined;
  const id = newId();
  await query(() =>
      db
        .insert(siteUsers)
        .values({ id, websiteId, email: owner.email, passwordHash: DECOY_HASH, emailVerifiedOn: now, createdOn: now, updatedOn: now })
        .onConflictDoUpdate({
          target: [siteUsers.websiteId, siteUsers.email],
          set: {
            passwordHash: sql`case when ${siteUsers.emailVerifiedOn} is null then ${DECOY_HASH} else ${siteUsers.passwordHash} end`,
            emailVerifiedOn: sql`coalesce(${siteUsers.emailVerifiedOn}, ${now})`,
            updatedOn: now,
          },
        }),
  );
  const [user] = await query(() =>
    db.select({ id: siteUsers.id }).from(siteUsers).where(and(eq(siteUsers.websiteId, websiteId), eq(siteUsers.email, owner.email))).limit(1),
  );
  if (!user) return undefined;
  await query(() =>
    db
      .insert(contributors)
      .values({ websiteId, siteUserId: user.id, roles: owner.roles, invitedBy: 'platform', createdOn: now })
      .onConflictDoUpdate({ target: [contributors.websiteId, contributors.siteUserId], set: { roles: owner.roles } }),
  );
  return { id: user.id, websiteId };
}
