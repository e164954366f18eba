import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core';
import { websites } from './websites.js';

/**
 * Custom domains an owner attached to a site (issue 34, docs/api/domains.md). A domain is
 * `pending` until a DNS TXT record `_atelier-verify.<host>` carries `atelier-verify=<token>`;
 * verifying copies it into website_hosts (so requests for it select the site) and asks the
 * custom-hostname service for its certificate. The site's primary domain is the one in
 * websites.primary_host. `host` is unique across every site.
 */
export const websiteDomains = sqliteTable(
  'website_domains',
  {
    host: text('host').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    verifiedOn: integer('verified_on'),
    /** The custom-hostname service's id for the domain (Cloudflare for SaaS), once verified. */
    certificateId: text('certificate_id'),
    /** 'none' until verified, then the service's SSL status ('pending_validation', 'active', ...). */
    certificateStatus: text('certificate_status').notNull().default('none'),
    createdOn: integer('created_on').notNull(),
  },
  (t) => [index('website_domains_site_idx').on(t.websiteId, t.createdOn)],
);
