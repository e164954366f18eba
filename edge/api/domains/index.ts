import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { DOMAIN_MESSAGES, normaliseDomain } from '../../../domain/domains/domain-name.js';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { requirePermission } from '../../middleware/roles/index.js';
import { attachDomain, domainDeps, listDomains, makePrimary, removeDomain, verifyDomain } from '../../services/domains/index.js';
import { jsonBody } from '../validate.js';
import { openDb } from '../../services/db.js';
import { syncDirectoryHosts } from '../../services/shards/directory.js';

const attachBody = z.strictObject({ host: z.string({ error: DOMAIN_MESSAGES.invalid }).max(300, { error: DOMAIN_MESSAGES.invalid }) });

/** The path's host, lower-cased; anything that is no host name is a 404 like a missing domain. */
function pathHost(c: Context<AppEnv>): string {
  const host = (c.req.param('host') ?? '').toLowerCase();
  if (!/^[a-z0-9.-]{1,253}$/.test(host)) throw new ApiError(404, 'not_found', DOMAIN_MESSAGES.notFound);
  return host;
}

/**
 * /api/owner/domains: the site's custom domains (docs/api/domains.md), permission row
 * `domains` (admins: a domain decides where the site's visitors land).
 */
export const ownerDomainsApi = new Hono<AppEnv>({ strict: false });

/** The directory (shard 0) for a site on shard n > 0, where a domain's claim is decided; undefined on shard 0 (the site's own database is the directory). */
function directoryOf(c: Context<AppEnv>) {
  return c.var.site.shard !== 0 ? openDb(c.env.DB) : undefined;
}

/** A site on shard n > 0: the directory (shard 0), which host lookup reads, gets the site's hosts after each change (docs/platform.md "Shards"). */
async function syncHosts(c: Context<AppEnv>): Promise<void> {
  if (c.var.site.shard !== 0) await syncDirectoryHosts(openDb(c.env.DB), c.var.db, c.var.site.id);
}

ownerDomainsApi.get('/', requirePermission('domains'), async (c) => c.json(await listDomains(c.var.db, c.var.site.id)));

ownerDomainsApi.post('/', requirePermission('domains'), jsonBody(attachBody), async (c) => {
  const entry = normaliseDomain(c.req.valid('json').host, domainDeps(c.env).platformDomains);
  if ('error' in entry) {
    const message = DOMAIN_MESSAGES[entry.error];
    throw new ApiError(400, 'invalid_request', message, { fields: { host: message } });
  }
  return c.json({ domain: await attachDomain(c.var.db, c.var.site.id, entry.host, Date.now(), directoryOf(c)) }, 201);
});

ownerDomainsApi.post('/:host/verify', requirePermission('domains'), async (c) => {
  const domain = await verifyDomain(c.var.db, domainDeps(c.env), c.var.site.id, pathHost(c));
  await syncHosts(c);
  return c.json({ domain });
});

ownerDomainsApi.post('/:host/primary', requirePermission('domains'), async (c) => {
  const primary = await makePrimary(c.var.db, c.var.site.id, pathHost(c));
  await syncHosts(c);
  return c.json(primary);
});

ownerDomainsApi.delete('/:host', requirePermission('domains'), async (c) => {
  await removeDomain(c.var.db, domainDeps(c.env), c.var.site.id, pathHost(c), Date.now(), directoryOf(c));
  await syncHosts(c);
  return c.json({ deleted: true });
});
