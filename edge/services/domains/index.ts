/**
 * Custom domains of a site (issue 34, docs/api/domains.md): attach (pending), verify by DNS
 * TXT record (then the domain selects the site through website_hosts and gets its
 * certificate), make primary (canonical URLs; the site's other hosts redirect to it),
 * remove. Every statement names the site, so another site's domain answers 404.
 */
import type { R2Bucket } from '@cloudflare/workers-types';
import { DOMAIN_MESSAGES, MAX_DOMAINS, verificationRecord } from '../../../domain/domains/domain-name.js';
import type { Env } from '../../env.js';
import { ApiError } from '../../errors.js';
import { randomToken } from '../../lib/random-token.js';
import { query, type Db } from '../db.js';
import { forgetSite } from '../site-versions.js';
import { isLocalHost } from '../websites.js';
import { cloudflareCustomHostnames, localCustomHostnames, type CustomHostnames } from './custom-hostnames.js';
import { dohTxtResolver, localTxtResolver, type TxtResolver } from './txt-resolver.js';

export interface DomainDeps {
  resolver: TxtResolver;
  hostnames: CustomHostnames;
  platformDomains: string[];
}

/** The resolver and certificate service of this deployment (env.ts documents the bindings). */
export function domainDeps(env: Env): DomainDeps {
  const resolver = env.DOMAINS_DNS === 'doh' ? dohTxtResolver(env.DOMAINS_DOH_URL || undefined) : localTxtResolver(env.FILES as unknown as R2Bucket);
  const hostnames =
    env.CUSTOM_HOSTNAMES === 'cloudflare'
      ? cloudflareCustomHostnames({ zoneId: env.CF_SAAS_ZONE_ID ?? '', apiToken: env.CF_SAAS_API_TOKEN ?? '', base: env.CF_API_BASE || undefined })
      : localCustomHostnames();
  const platformDomains = (env.PLATFORM_DOMAINS ?? 'atelier.site').split(',').map((d) => d.trim().toLowerCase()).filter(Boolean);
  return { resolver, hostnames, platformDomains };
}

interface Row {
  host: string;
  token: string;
  verifiedOn: number | null;
  certificateId: string | null;
  certificateStatus: string;
  createdOn: number;
}

export interface OwnerDomain {
  host: string;
  state: 'pending' | 'verified';
  primary: boolean;
  certificate: string;
  /** The TXT record the owner adds at their DNS provider. */
  txt: { name: string; value: string };
  createdOn: number;
  verifiedOn: number | null;
}

/** The content-version bump (edge/services/content-version.ts) as a raw statement for D1 batches: cached pages of the site's hosts render afresh. */
const BUMP = 'UPDATE websites SET content_version = content_version + 1, updated_on = ?2 WHERE id = ?1';

const COLUMNS = 'host, token, verified_on AS verifiedOn, certificate_id AS certificateId, certificate_status AS certificateStatus, created_on AS createdOn';

function ownerDomain(row: Row, primaryHost: string): OwnerDomain {
  return {
    host: row.host,
    state: row.verifiedOn === null ? 'pending' : 'verified',
    primary: row.host === primaryHost,
    certificate: row.certificateStatus,
    txt: verificationRecord(row.host, row.token),
    createdOn: row.createdOn,
    verifiedOn: row.verifiedOn,
  };
}

async function primaryHostOf(db: Db, websiteId: string): Promise<string> {
  const row = await query(() => db.$client.prepare('SELECT primary_host AS host FROM websites WHERE id = ?').bind(websiteId).first<{ host: string }>());
  return row!.host;
}

async function findDomain(db: Db, websiteId: string, host: string): Promise<Row> {
  const row = await query(() => db.$client.prepare(`SELECT ${COLUMNS} FROM website_domains WHERE host = ? AND website_id = ?`).bind(host, websiteId).first<Row>());
  if (!row) throw new ApiError(404, 'not_found', DOMAIN_MESSAGES.notFound);
  return row;
}

/** The site's custom domains (oldest first), its primary host and its other hosts. */
export async function listDomains(db: Db, websiteId: string): Promise<{ domains: OwnerDomain[]; primaryHost: string; hosts: string[] }> {
  const d1 = db.$client;
  const [domains, hosts, site] = await query(() =>
    d1.batch([
      d1.prepare(`SELECT ${COLUMNS} FROM website_domains WHERE website_id = ? ORDER BY created_on, host`).bind(websiteId),
      d1.prepare('SELECT host FROM website_hosts WHERE website_id = ? ORDER BY host').bind(websiteId),
      d1.prepare('SELECT primary_host AS host FROM websites WHERE id = ?').bind(websiteId),
    ]),
  );
  const primaryHost = (site!.results[0] as { host: string }).host;
  return {
    domains: (domains!.results as unknown as Row[]).map((r) => ownerDomain(r, primaryHost)),
    primaryHost,
    hosts: (hosts!.results as { host: string }[]).map((r) => r.host),
  };
}

/** The refusals of a claim on one database: a host any site there already uses (domain, primary host or alias). */
const FREE_HOST = 'NOT EXISTS (SELECT 1 FROM websites WHERE primary_host = ?1) AND NOT EXISTS (SELECT 1 FROM website_hosts WHERE host = ?1)';

/**
 * Attaches `host` (already normalised) to the site as a pending domain. The claim is decided
 * in the directory (shard 0, docs/platform.md "Shards"), whose `website_domains` has a row for
 * every site's domain wherever the site lives: one INSERT there that refuses a host any site
 * already uses, so two owners racing for one name, on any shards, cannot both get it (409).
 * A site on shard 0 is its own directory (one INSERT, with the eleventh-domain refusal). A
 * site on shard n > 0 then writes the domain on its shard; if that refuses (eleventh domain)
 * or fails, the directory's claim is taken back.
 */
export async function attachDomain(db: Db, websiteId: string, host: string, now = Date.now(), directory?: Db): Promise<OwnerDomain> {
  const token = randomToken(18);
  const insert = `INSERT INTO website_domains (host, website_id, token, created_on)
         SELECT ?1, ?2, ?3, ?4
         WHERE (SELECT COUNT(*) FROM website_domains WHERE website_id = ?2) < ?5 AND ${FREE_HOST}
         ON CONFLICT (host) DO NOTHING`;
  const claim = (on: Db) => query(() => on.$client.prepare(insert).bind(host, websiteId, token, now, MAX_DOMAINS).run());
  const refuse = async (): Promise<never> => {
    const count = await query(() => db.$client.prepare('SELECT COUNT(*) AS n FROM website_domains WHERE website_id = ?').bind(websiteId).first<{ n: number }>());
    if ((count?.n ?? 0) >= MAX_DOMAINS) throw new ApiError(409, 'too_many_domains', DOMAIN_MESSAGES.tooMany(MAX_DOMAINS));
    throw new ApiError(409, 'domain_taken', DOMAIN_MESSAGES.taken);
  };
  if (directory && directory.$client !== db.$client) {
    if (!(await claim(directory)).meta.changes) await refuse();
    const release = () =>
      query(() => directory.$client.prepare('DELETE FROM website_domains WHERE host = ?1 AND website_id = ?2 AND token = ?3').bind(host, websiteId, token).run());
    let written: boolean;
    try {
      written = Boolean((await claim(db)).meta.changes);
    } catch (error) {
      await release();
      throw error;
    }
    if (!written) {
      await release();
      await refuse();
    }
  } else if (!(await claim(db)).meta.changes) {
    await refuse();
  }
  return ownerDomain(await findDomain(db, websiteId, host), await primaryHostOf(db, websiteId));
}

/**
 * Checks the domain's TXT record. Found: the domain is verified, joins website_hosts (it
 * selects the site from now on) and is registered for its certificate. Not found: 409 with
 * the record to add. A verified domain only has its certificate status refreshed.
 */
export async function verifyDomain(db: Db, deps: DomainDeps, websiteId: string, host: string, now = Date.now()): Promise<OwnerDomain> {
  const row = await findDomain(db, websiteId, host);
  if (row.verifiedOn === null) {
    const record = verificationRecord(host, row.token);
    let records: string[];
    try {
      records = await deps.resolver.txt(record.name);
    } catch (error) {
      console.warn(`domain verification lookup failed: ${(error as Error).message}`);
      throw new ApiError(503, 'dns_lookup_failed', DOMAIN_MESSAGES.lookupFailed);
    }
    if (!records.includes(record.value)) throw new ApiError(409, 'verification_failed', DOMAIN_MESSAGES.verificationFailed(record.name, record.value));
    const d1 = db.$client;
    await query(() =>
      d1.batch([
        d1.prepare('UPDATE website_domains SET verified_on = ?3 WHERE host = ?1 AND website_id = ?2 AND verified_on IS NULL').bind(host, websiteId, now),
        d1.prepare('INSERT INTO website_hosts (host, website_id) VALUES (?1, ?2) ON CONFLICT (host) DO NOTHING').bind(host, websiteId),
        d1.prepare(BUMP).bind(websiteId, now),
      ]),
    );
    forgetSite(websiteId);
  }
  await refreshCertificate(db, deps, websiteId, await findDomain(db, websiteId, host));
  return ownerDomain(await findDomain(db, websiteId, host), await primaryHostOf(db, websiteId));
}

/** The certificate service's statuses that end its attempts (Cloudflare for SaaS): the Cron job stops polling them; `verify` still asks again. */
export const FAILED_STATUSES = ['failed', 'expired', 'deleted', 'validation_timed_out', 'issuance_timed_out', 'deployment_timed_out', 'deletion_timed_out'];

/** Registers a verified domain with the certificate service, or reads its status; a failure keeps the old status. Answers the stored status (undefined: the call failed). */
async function refreshCertificate(db: Db, deps: DomainDeps, websiteId: string, row: Row): Promise<string | undefined> {
  let hostname;
  try {
    hostname = row.certificateId ? await deps.hostnames.get(row.certificateId) : await deps.hostnames.create(row.host);
  } catch (error) {
    console.warn(`custom hostname of ${row.host}: ${(error as Error).message}`);
    return undefined;
  }
  const status = hostname.sslStatus.slice(0, 40);
  await query(() =>
    db.$client
      .prepare('UPDATE website_domains SET certificate_id = ?3, certificate_status = ?4 WHERE host = ?1 AND website_id = ?2')
      .bind(row.host, websiteId, hostname.id, status)
      .run(),
  );
  return status;
}

/** Certificates polled per shard and Cron run (edge/scheduled.ts "certificate status"). */
export const CERTIFICATE_POLL_BATCH = 20;

/**
 * The Cron job's certificate polling (docs/api/domains.md "Certificates"): up to `limit`
 * verified domains of this shard whose certificate is not settled (not yet registered, or a
 * status other than `active` and the service's failures, e.g. `pending_validation`) are asked
 * of the custom-hostname service, a random pick (so domains the service keeps failing on do
 * not hold the others back), and their status stored; a
 * domain not yet registered is registered. A failing call keeps the old status. Answers how
 * many were asked and how many became active or failed.
 */
export async function pollCertificates(db: Db, deps: DomainDeps, limit = CERTIFICATE_POLL_BATCH): Promise<{ checked: number; active: number; failed: number }> {
  const { results } = await query(() =>
    db.$client
      .prepare(
        `SELECT website_id AS websiteId, ${COLUMNS} FROM website_domains
          WHERE verified_on IS NOT NULL AND certificate_status NOT IN ('active', ${FAILED_STATUSES.map((s) => `'${s}'`).join(', ')})
          ORDER BY random() LIMIT ?1`,
      )
      .bind(limit)
      .all<Row & { websiteId: string }>(),
  );
  const outcome = { checked: 0, active: 0, failed: 0 };
  for (const row of results) {
    const status = await refreshCertificate(db, deps, row.websiteId, row);
    if (status === undefined) continue;
    outcome.checked++;
    if (status === 'active') outcome.active++;
    else if (FAILED_STATUSES.includes(status)) outcome.failed++;
  }
  return outcome;
}

/**
 * Makes `host` the site's primary host: a verified domain of the site, or one of its other
 * hosts (back to the platform host). The old primary host stays as another host. One batch.
 */
export async function makePrimary(db: Db, websiteId: string, host: string, now = Date.now()): Promise<{ primaryHost: string }> {
  const d1 = db.$client;
  const [domain, alias] = await query(() =>
    d1.batch([
      d1.prepare('SELECT verified_on AS verifiedOn FROM website_domains WHERE host = ? AND website_id = ?').bind(host, websiteId),
      d1.prepare('SELECT 1 AS one FROM website_hosts WHERE host = ? AND website_id = ?').bind(host, websiteId),
    ]),
  );
  const found = domain!.results[0] as { verifiedOn: number | null } | undefined;
  const isAlias = alias!.results.length > 0;
  if (!found && !isAlias) {
    if ((await primaryHostOf(db, websiteId)) === host) return { primaryHost: host };
    throw new ApiError(404, 'not_found', DOMAIN_MESSAGES.notFound);
  }
  if (found && found.verifiedOn === null) throw new ApiError(409, 'not_verified', DOMAIN_MESSAGES.notVerified);
  const allowed = `(EXISTS (SELECT 1 FROM website_domains WHERE host = ?2 AND website_id = ?1 AND verified_on IS NOT NULL) OR EXISTS (SELECT 1 FROM website_hosts WHERE host = ?2 AND website_id = ?1))`;
  await query(() =>
    d1.batch([
      d1.prepare(`INSERT INTO website_hosts (host, website_id) SELECT primary_host, id FROM websites WHERE id = ?1 AND primary_host <> ?2 AND ${allowed} ON CONFLICT (host) DO NOTHING`).bind(websiteId, host),
      d1.prepare(`UPDATE websites SET primary_host = ?2, content_version = content_version + 1, updated_on = ?3 WHERE id = ?1 AND ${allowed}`).bind(websiteId, host, now),
      d1.prepare('DELETE FROM website_hosts WHERE host = ?2 AND website_id = ?1 AND (SELECT primary_host FROM websites WHERE id = ?1) = ?2').bind(websiteId, host),
    ]),
  );
  forgetSite(websiteId);
  return { primaryHost: await primaryHostOf(db, websiteId) };
}

/** Removes a domain that is not the primary one (409 for the primary): it stops selecting the site at once. */
export async function removeDomain(db: Db, deps: DomainDeps, websiteId: string, host: string, now = Date.now(), directory?: Db): Promise<void> {
  const row = await findDomain(db, websiteId, host);
  if ((await primaryHostOf(db, websiteId)) === host) throw new ApiError(409, 'primary_domain', DOMAIN_MESSAGES.removePrimary);
  const d1 = db.$client;
  const notPrimary = '(SELECT primary_host FROM websites WHERE id = ?2) <> ?1';
  await query(() =>
    d1.batch([
      d1.prepare(`DELETE FROM website_domains WHERE host = ?1 AND website_id = ?2 AND ${notPrimary}`).bind(host, websiteId),
      d1.prepare(`DELETE FROM website_hosts WHERE host = ?1 AND website_id = ?2 AND ${notPrimary}`).bind(host, websiteId),
      d1.prepare(BUMP).bind(websiteId, now),
    ]),
  );
  forgetSite(websiteId);
  if (directory && directory.$client !== db.$client) {
    // The directory's claim (attachDomain) goes once the site's shard no longer has the domain.
    await query(() =>
      directory.$client
        .prepare('DELETE FROM website_domains WHERE host = ?1 AND website_id = ?2 AND NOT EXISTS (SELECT 1 FROM websites WHERE id = ?2 AND primary_host = ?1)')
        .bind(host, websiteId)
        .run(),
    );
  }
  if (row.certificateId) {
    await deps.hostnames.remove(row.certificateId).catch((error: Error) => console.warn(`custom hostname removal of ${host}: ${error.message}`));
  }
}

/**
 * Where a request for `host` should go instead: the site's primary host when that is a
 * verified custom domain and `host` is another of the site's hosts (www, the platform
 * host, other domains). Loopback hosts are never redirected.
 */
export async function primaryRedirect(db: Db, site: { id: string; primaryHost: string }, host: string): Promise<string | undefined> {
  if (host === site.primaryHost || isLocalHost(host)) return undefined;
  const custom = await query(() =>
    db.$client.prepare('SELECT 1 AS one FROM website_domains WHERE host = ? AND website_id = ? AND verified_on IS NOT NULL').bind(site.primaryHost, site.id).first(),
  );
  return custom ? site.primaryHost : undefined;
}
