/**
 * Two sites in one worker for the isolation walk (isolation-walk.test.ts): the seeded demo
 * site A and a second site B built from the same fixtures under another identifier and
 * host (so every seeded id differs), each with its own admin owner, plus one row per
 * owner-visible table the seed leaves empty (orders, gift cards, campaigns, ...).
 */
import { createHash } from 'node:crypto';
import { buildDemoSeed } from '../../schema/seed/build.js';
import { demoId } from '../../schema/seed/ids.js';
import { loadDemoFixtures } from '../../schema/seed/load.js';
import { DEMO_OWNER_EMAIL, demoOwnerPassword, demoOwnerStatements } from '../../schema/seed/owner.js';
import { hashPassword } from '../../edge/services/accounts/passwords.js';
import { responseCookies, testAddress, type RunningWorker, type SignedIn } from '../../edge/test-support.js';

export const HOST_A = 'fernandkiln.atelier.site';
export const HOST_B = 'b.isolation.test';
const IDENTIFIER_B = 'isolation-b';

export interface Site {
  id: string;
  host: string;
  ownerId: string;
}

/** Seeds site B (the demo fixtures under another identifier and host) with its admin owner, on shard 0. */
export async function seedSiteB(worker: RunningWorker): Promise<Site> {
  return seedSite(worker, { identifier: IDENTIFIER_B, host: HOST_B, title: 'Site B', shard: 0 });
}

/** Site C of the cross-shard walk: like site B, on shard 1 (DB_SHARD_1). */
export const HOST_C = 'c.isolation.test';
export async function seedSiteC(worker: RunningWorker): Promise<Site> {
  return seedSite(worker, { identifier: 'isolation-c', host: HOST_C, title: 'Site C', shard: 1 });
}

/**
 * The demo fixtures as another site with its admin owner on `shard`. On shard n > 0 the
 * rows go there and the directory (shard 0) gets the site's websites row naming the shard,
 * as createSite (edge/services/platform/sites.ts) writes them.
 */
async function seedSite(worker: RunningWorker, site: { identifier: string; host: string; title: string; shard: number }): Promise<Site> {
  const fixtures = await loadDemoFixtures();
  fixtures.website = { ...fixtures.website, identifier: site.identifier, primaryHost: site.host, isDefault: false, hosts: [], title: site.title };
  const seed = buildDemoSeed(fixtures);
  const owner = demoOwnerStatements(seed.websiteId, site.identifier, await hashPassword(demoOwnerPassword()));
  const statements = [...seed.statements, ...owner];
  const db = worker.shards[site.shard]!;
  const shard = (d1: typeof db) => d1.prepare('UPDATE websites SET shard = ?1 WHERE id = ?2').bind(site.shard, seed.websiteId);
  await db.batch([...statements.map(({ sql, params }) => db.prepare(sql).bind(...params)), shard(db)]);
  if (site.shard !== 0) {
    const entry = seed.statements.filter((s) => /^insert into "(websites|website_hosts)"/i.test(s.sql));
    await worker.db.batch([...entry.map(({ sql, params }) => worker.db.prepare(sql).bind(...params)), shard(worker.db)]);
  }
  return { id: seed.websiteId, host: site.host, ownerId: demoId(site.identifier, 'site-user', DEMO_OWNER_EMAIL) };
}

/** The seeded demo site A. */
export async function siteA(worker: RunningWorker): Promise<Site> {
  const row = await worker.db.prepare('SELECT id, identifier FROM websites WHERE is_default = 1').first<{ id: string; identifier: string }>();
  return { id: row!.id, host: HOST_A, ownerId: demoId(row!.identifier, 'site-user', DEMO_OWNER_EMAIL) };
}

/** Signs a user (default: the site's demo owner) in on the site's own host. */
export async function signInOn(worker: RunningWorker, host: string, email = DEMO_OWNER_EMAIL, password = demoOwnerPassword()): Promise<SignedIn> {
  const crumb = responseCookies(await worker.fetch('/api/site-users/account', { host })).get('crumb') ?? '';
  const res = await worker.fetch('/api/site-users/account/session', {
    host,
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: `crumb=${crumb}`, 'X-CSRF-Token': crumb, 'CF-Connecting-IP': testAddress() },
    body: JSON.stringify({ email, password, rememberMe: false }),
  });
  if (res.status !== 200) throw new Error(`sign-in on ${host} failed: ${res.status} ${await res.text()}`);
  const { xsrfToken } = (await res.json()) as { xsrfToken: string };
  const jar = responseCookies(res);
  jar.set('crumb', crumb);
  const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  return { cookie, xsrfToken, headers: { Cookie: cookie, 'X-CSRF-Token': xsrfToken } };
}

/**
 * One row of each owner-visible table the demo seed leaves empty, for `site`, with ids
 * derived from the site id (so each site's rows have their own ids).
 */
export async function addOwnerRows(worker: RunningWorker, site: Site): Promise<void> {
  const w = site.id;
  const id = (kind: string) => demoId(w, 'walk', kind);
  const now = Date.UTC(2026, 5, 1);
  const item = await worker.db
    .prepare(`SELECT p.item_id AS item, v.id AS variant FROM products p JOIN variants v ON v.product_id = p.item_id WHERE p.website_id = ? ORDER BY p.item_id LIMIT 1`)
    .bind(w)
    .first<{ item: string; variant: string }>();
  const collection = await worker.db.prepare(`SELECT id FROM collections WHERE website_id = ? AND type = 13 ORDER BY id LIMIT 1`).bind(w).first<{ id: string }>()
    ?? (await worker.db.prepare(`SELECT id FROM collections WHERE website_id = ? ORDER BY id LIMIT 1`).bind(w).first<{ id: string }>());
  const form = await worker.db.prepare(`SELECT id FROM forms WHERE website_id = ? ORDER BY id LIMIT 1`).bind(w).first<{ id: string }>();
  const list = await worker.db.prepare(`SELECT id FROM mailing_lists WHERE website_id = ? ORDER BY id LIMIT 1`).bind(w).first<{ id: string }>();
  const shopper = id('shopper');
  const rows: [string, unknown[]][] = [
    [`INSERT INTO site_users (id, website_id, email, password_hash, email_verified_on, created_on, updated_on) VALUES (?, ?, ?, 'x', ?, ?, ?)`, [shopper, w, `shopper-${w}@walk.test`, now, now, now]],
    [`INSERT INTO contributors (website_id, site_user_id, roles, created_on) VALUES (?, ?, '[2]', ?)`, [w, shopper, now]],
    [`INSERT INTO orders (id, website_id, order_number, purchased_cart_id, email, currency, subtotal_cents, discount_cents, shipping_total_cents, tax_total_cents, grand_total_cents, status_token_hash, created_on, status)
      VALUES (?, ?, 9001, ?, 'buyer@walk.test', 'USD', 1000, 0, 0, 0, 1000, 'x', ?, 'paid')`, [id('order'), w, id('cart'), now]],
    [`INSERT INTO order_lines (id, order_id, website_id, item_id, variant_id, sku, product_name, product_type, quantity, unit_price_cents, position)
      VALUES (?, ?, ?, ?, ?, 'SKU-WALK', 'Walk mug', 1, 1, 1000, 0)`, [id('order-line'), id('order'), w, item!.item, item!.variant]],
    [`INSERT INTO gift_cards (id, website_id, code, currency, initial_cents, balance_cents, created_on, code_last4) VALUES (?, ?, ?, 'USD', 5000, 5000, ?, 'WALK')`, [id('gift'), w, `code-${w}`, now]],
    [`INSERT INTO subscriptions (id, website_id, first_order_id, email, item_id, variant_id, sku, product_name, product_type, quantity, unit_price_cents, subtotal_cents, shipping_cents, tax_cents, renewal_total_cents, currency, billing_period_value, billing_period_unit, num_billing_cycles, anchor_on, next_billing_at, payment_provider, payment_ref, created_on, updated_on)
      VALUES (?, ?, ?, 'buyer@walk.test', ?, ?, 'SKU-WALK', 'Walk mug', 1, 1, 1000, 1000, 0, 0, 1000, 'USD', 1, 'MONTH', 0, ?, ?, 'test', 'ref', ?, ?)`, [id('sub'), w, id('order'), item!.item, item!.variant, now, now + 86400000 * 30, now, now]],
    [`INSERT INTO reviews (id, website_id, item_id, rating, body, author_name, email, created_on) VALUES (?, ?, ?, 5, 'Lovely', 'Ann', 'ann@walk.test', ?)`, [id('review'), w, item!.item, now]],
    [`INSERT INTO form_submissions (id, website_id, form_id, key_hash, "values", search_text, status, created_on) VALUES (?, ?, ?, ?, '{}', '', 'received', ?)`, [id('submission'), w, form!.id, id('key'), now]],
    [`INSERT INTO owner_views (id, website_id, site_user_id, screen, name, state, created_on, updated_on) VALUES (?, ?, ?, 'orders', 'Walk', '{}', ?, ?)`, [id('view'), w, site.ownerId, now, now]],
    [`INSERT INTO webhook_subscriptions (id, website_id, url, events, secret, created_on) VALUES (?, ?, 'https://hooks.example/walk', '["order.created"]', 'secret', ?)`, [id('hook'), w, now]],
    [`INSERT INTO api_tokens (id, website_id, name, scopes, token_hash, created_on, expires_on) VALUES (?, ?, 'Walk', '["orders:read"]', ?, ?, ?)`, [id('token'), w, id('token-hash'), now, now + 86400000 * 365]],
    [`INSERT INTO campaigns (id, website_id, list_id, subject, body_doc, body_html, state, version, created_on, updated_on) VALUES (?, ?, ?, 'Walk', '{"type":"doc","content":[]}', '<p>Walk</p>', 'draft', 1, ?, ?)`, [id('campaign'), w, list?.id ?? null, now, now]],
    [`INSERT INTO member_areas (id, website_id, name, access, created_on, updated_on) VALUES (?, ?, 'Walk area', 'free', ?, ?)`, [id('area'), w, now, now]],
    [`INSERT INTO memberships (id, website_id, area_id, site_user_id, state, source, starts_on, updated_on) VALUES (?, ?, ?, ?, 'active', 'grant', ?, ?)`, [id('membership'), w, id('area'), shopper, now, now]],
    [`INSERT INTO website_domains (host, website_id, token, verified_on, created_on) VALUES (?, ?, 'walk-token', ?, ?)`, [`shop-${w}.walk-domains.com`, w, now, now]],
    [`INSERT INTO website_hosts (host, website_id) VALUES (?, ?)`, [`shop-${w}.walk-domains.com`, w]],
    [`INSERT INTO categories (id, website_id, collection_id, display_name, type, page_rendering, created_on) VALUES (?, ?, ?, 'Walk category', 'category', 'ALL', ?)`, [id('category'), w, collection!.id, now]],
  ];
  for (const [sql, params] of rows) {
    try {
      await worker.db.prepare(sql).bind(...params).run();
    } catch (error) {
      throw new Error(`walk row failed: ${sql.slice(0, 40)}: ${(error as Error).message}`);
    }
  }
}

/** Tables a visit may change without any owner action (visitor figures, sign-in bookkeeping). */
const VOLATILE = new Set(['site_sessions', 'sign_in_devices', 'csp_reports', 'd1_migrations', 'sqlite_sequence', '_cf_KV', '_cf_METADATA']);
/** Child tables without website_id, checked through their parent's site. */
const CHILDREN: Record<string, string> = {
  page_revisions: 'page_id IN (SELECT id FROM pages WHERE website_id = ?1)',
  theme_files: 'version_id IN (SELECT id FROM theme_versions WHERE website_id = ?1)',
  form_versions: 'form_id IN (SELECT id FROM forms WHERE website_id = ?1)',
  item_images: 'item_id IN (SELECT id FROM items WHERE website_id = ?1)',
  campaign_recipients: 'campaign_id IN (SELECT id FROM campaigns WHERE website_id = ?1)',
  api_token_uses: 'token_id IN (SELECT id FROM api_tokens WHERE website_id = ?1)',
  coupon_redemptions: 'coupon_id IN (SELECT id FROM coupons WHERE website_id = ?1)',
};

/** Every row of `websiteId` as JSON text per table (tables with a website_id column, plus child tables through their parent). */
export async function siteRows(worker: RunningWorker, websiteId: string): Promise<Record<string, string>> {
  const tables = (await worker.db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).all<{ name: string }>()).results.map((r) => r.name);
  const out: Record<string, string> = {};
  for (const table of tables) {
    if (VOLATILE.has(table) || table.startsWith('search_index') || table.startsWith('translation_search')) continue;
    const columns = (await worker.db.prepare(`SELECT name FROM pragma_table_info(?1)`).bind(table).all<{ name: string }>()).results.map((r) => r.name);
    const where = columns.includes('website_id') ? 'website_id = ?1' : CHILDREN[table];
    if (!where) continue;
    const { results } = await worker.db.prepare(`SELECT * FROM "${table}" WHERE ${where} ORDER BY rowid`).bind(websiteId).all();
    out[table] = JSON.stringify(results);
  }
  return out;
}

/**
 * A SHA-256 over every row of `websiteId` in every table, table by table in a fixed
 * order; per-table digests so a failure names the table that changed.
 */
export async function siteChecksum(worker: RunningWorker, websiteId: string): Promise<Record<string, string>> {
  const rows = await siteRows(worker, websiteId);
  return Object.fromEntries(Object.entries(rows).map(([table, text]) => [table, createHash('sha256').update(text).digest('hex').slice(0, 16)]));
}
