import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedRoutes, type GuardedRoute } from '../../edge/middleware/roles/test-support.js';
import { demoId } from '../../schema/seed/ids.js';
import { startWorker, type RunningWorker, type SignedIn } from '../../edge/test-support.js';
import { addOwnerRows, seedSiteB, seedSiteC, signInOn, siteA, siteChecksum, siteRows, type Site } from './isolation-sites.js';

/**
 * The isolation walk (issue 34): two sites in one worker, an admin owner each. Every owner
 * route of the permission table (found through the guard's tag, so new routes are walked
 * too) is asked
 *  (a) with site B's owner session on site A's host: refused (401/403/404), and
 *  (b) by site B's owner on site B's host with site A's ids in the path: 404 exactly like
 *      a missing id (or 403),
 * and no answer may carry one of site A's ids; afterwards site A's rows are byte-for-byte
 * what they were. A control asks each GET with site A's ids as site A's owner on A's host
 * and expects 200, so the ids the walk sends are real. The same walk runs again across
 * shards in the same worker: site C lives on DB_SHARD_1 (its directory entry on DB), site A
 * on DB, so every route is also tried with the other site's rows in another database and
 * the directory's shared rows (hosts, domain claims, site owners) in between.
 */
const ROUTES = guardedRoutes();
let worker: RunningWorker;
let a: Site;
let b: Site;
/** Site C: on shard 1 (DB_SHARD_1), site A on shard 0 (the cross-shard pass, same worker). */
let c: Site;
let ownerA: SignedIn;
let ownerB: SignedIn;
let ownerC: SignedIn;
/** Site A's ids by kind, put into the walked paths. */
let ids: Record<string, string>;
/** Ids only site A has: no answer to site B's owner may contain one. */
let markers: string[];

async function one(sql: string, ...params: unknown[]): Promise<string> {
  const row = await worker.db.prepare(sql).bind(...params).first<{ v: string | number }>();
  if (!row) throw new Error(`no walk id for: ${sql}`);
  return String(row.v);
}

beforeAll(async () => {
  worker = await startWorker();
  a = await siteA(worker);
  b = await seedSiteB(worker);
  c = await seedSiteC(worker);
  await addOwnerRows(worker, a);
  // A theme version number only site A has (both seeds number theirs from 1).
  await worker.db
    .prepare(`INSERT INTO theme_versions (id, website_id, number, note, state, created_on) VALUES (?, ?, 77, 'walk', 'draft', ?)`)
    .bind(demoId(a.id, 'walk', 'theme'), a.id, Date.UTC(2026, 5, 1))
    .run();
  // A finished export of site A (edge/api/site-lifecycle), its zip in R2.
  await worker.db
    .prepare(`INSERT INTO site_exports (id, website_id, state, r2_key, byte_size, requested_by, created_on, finished_on, expires_on) VALUES (?, ?, 'ready', ?, 4, 'walk', ?, ?, ?)`)
    .bind(demoId(a.id, 'walk', 'export'), a.id, `exports/${a.id}/walk.zip`, Date.now(), Date.now(), Date.now() + 86_400_000)
    .run();
  await worker.files.put(`exports/${a.id}/walk.zip`, 'walk');
  [ownerA, ownerB, ownerC] = [await signInOn(worker, a.host), await signInOn(worker, b.host), await signInOn(worker, c.host)];
  const w = a.id;
  const walk = (kind: string) => demoId(w, 'walk', kind);
  ids = {
    websiteId: w,
    order: '9001',
    gift: walk('gift'),
    sub: walk('sub'),
    contributor: walk('shopper'),
    review: walk('review'),
    submission: walk('submission'),
    view: walk('view'),
    hook: walk('hook'),
    token: walk('token'),
    campaign: walk('campaign'),
    area: walk('area'),
    membership: walk('membership'),
    category: walk('category'),
    themeVersion: '77',
    export: walk('export'),
    domain: `shop-${w}.walk-domains.com`,
    page: await one(`SELECT id AS v FROM pages WHERE website_id = ? AND trashed_on IS NULL ORDER BY id LIMIT 1`, w),
    form: await one(`SELECT id AS v FROM forms WHERE website_id = ? AND kind IN ('contact', 'newsletter') ORDER BY id LIMIT 1`, w),
    asset: await one(`SELECT id AS v FROM assets WHERE website_id = ? ORDER BY id LIMIT 1`, w),
    product: await one(`SELECT p.item_id AS v FROM products p JOIN variants v ON v.product_id = p.item_id WHERE p.website_id = ? ORDER BY p.item_id LIMIT 1`, w),
    storeCollection: await one(`SELECT collection_id AS v FROM categories WHERE id = ?`, walk('category')),
    post: await one(`SELECT id AS v FROM items WHERE website_id = ? AND id NOT IN (SELECT item_id FROM products) AND record_type = 1 ORDER BY id LIMIT 1`, w),
    zone: await one(`SELECT id AS v FROM shipping_zones WHERE website_id = ? ORDER BY id LIMIT 1`, w),
    tax: await one(`SELECT id AS v FROM tax_rules WHERE website_id = ? ORDER BY id LIMIT 1`, w),
    coupon: await one(`SELECT id AS v FROM coupons WHERE website_id = ? ORDER BY id LIMIT 1`, w),
    list: await one(`SELECT id AS v FROM mailing_lists WHERE website_id = ? ORDER BY id LIMIT 1`, w),
  };
  ids.variant = await one(`SELECT id AS v FROM variants WHERE product_id = ? ORDER BY id LIMIT 1`, ids.product);
  ids.revision = await one(`SELECT version AS v FROM page_revisions WHERE page_id = ? ORDER BY version LIMIT 1`, ids.page);
  // A French layout of site A's page with its first revision, so the language's revision routes have rows to find.
  const frenchAt = Date.UTC(2026, 5, 1);
  await worker.db.batch([
    worker.db
      .prepare(`INSERT OR IGNORE INTO page_language_layouts (page_id, language, draft_version, draft_document, author_name, saved_on) VALUES (?1, 'fr', ?2, '{"sections":[]}', 'walk', ?3)`)
      .bind(ids.page, ids.revision, frenchAt),
    worker.db
      .prepare(`INSERT OR IGNORE INTO page_language_revisions (page_id, language, version, document, author_name, saved_on) VALUES (?1, 'fr', ?2, '{"sections":[]}', 'walk', ?3)`)
      .bind(ids.page, ids.revision, frenchAt),
  ]);
  markers = Object.entries(ids)
    .filter(([kind]) => !['order', 'themeVersion', 'revision'].includes(kind))
    .map(([, v]) => v);
}, 120_000);
afterAll(async () => worker?.dispose());

/**
 * The route's path with site A's ids. Params that are no id (a preference namespace, a
 * password scope, a traffic table) stay as given: the route is then site B's own and the
 * walk only checks that nothing of site A moves.
 */
function pathWithIdsOfA(pattern: string): { path: string; foreign: boolean } {
  let foreign = false;
  const rules: [RegExp, () => string][] = [
    [/\/orders\/:number/, () => `/orders/${ids.order}`],
    [/\/gift-cards\/:id/, () => `/gift-cards/${ids.gift}`],
    [/\/subscriptions\/:id/, () => `/subscriptions/${ids.sub}`],
    [/\/contributors\/:siteUserId/, () => `/contributors/${ids.contributor}`],
    [/\/reviews\/:id/, () => `/reviews/${ids.review}`],
    [/\/submissions\/:id/, () => `/submissions/${ids.submission}`],
    [/\/form\/forms\/:formId/, () => `/form/forms/${ids.form}`],
    [/\/owner\/forms\/:formId/, () => `/owner/forms/${ids.form}`],
    [/\/pages\/trash\/:id/, () => `/pages/trash/${ids.page}`],
    [/\/pages\/:id/, () => `/pages/${ids.page}`],
    [/\/revisions\/:version/, () => `/revisions/${ids.revision}`],
    [/\/files\/:id/, () => `/files/${ids.asset}`],
    [/\/views\/:id/, () => `/views/${ids.view}`],
    [/\/websites\/:websiteId/, () => `/websites/${ids.websiteId}`],
    [/\/products\/:collectionId/, () => `/products/${ids.storeCollection}`],
    [/\/products\/:productId/, () => `/products/${ids.product}`],
    [/\/variants\/:variantId/, () => `/variants/${ids.variant}`],
    [/\/tags\/:collectionId/, () => `/tags/${ids.storeCollection}`],
    [/\/categories\/:categoryId/, () => `/categories/${ids.category}`],
    [/\/blog-posts\/:postId/, () => `/blog-posts/${ids.post}`],
    [/\/shipping-zones\/:id/, () => `/shipping-zones/${ids.zone}`],
    [/\/tax-rules\/:id/, () => `/tax-rules/${ids.tax}`],
    [/\/coupons\/:id/, () => `/coupons/${ids.coupon}`],
    [/\/mailing-lists\/:listId/, () => `/mailing-lists/${ids.list}`],
    [/\/webhooks\/:id/, () => `/webhooks/${ids.hook}`],
    [/\/versions\/:number/, () => `/versions/${ids.themeVersion}`],
    [/\/api-tokens\/:id/, () => `/api-tokens/${ids.token}`],
    [/\/campaigns\/:id/, () => `/campaigns/${ids.campaign}`],
    [/\/areas\/:id/, () => `/areas/${ids.area}`],
    [/\/members\/:membershipId/, () => `/members/${ids.membership}`],
    [/\/domains\/:host/, () => `/domains/${ids.domain}`],
    [/\/exports\/:id/, () => `/exports/${ids.export}`],
  ];
  let path = pattern;
  for (const [re, to] of rules) {
    if (re.test(path)) {
      path = path.replace(re, to());
      foreign = true;
    }
  }
  path = path.replace(/\/commerce-preferences\/:namespace/, '/commerce-preferences/store').replace(/\/passwords\/:scope/, '/passwords/site').replace(/\/dashboard\/:table/, '/dashboard/pages')
    .replace(/\/languages\/:language/, '/languages/fr');
  if (/:[a-zA-Z]/.test(path)) throw new Error(`no walk id for ${pattern}`);
  return { path, foreign };
}

/**
 * Bodies that pass each write route's validation, so the answer comes from the route's
 * site scope and not from a refused body (`{}` for the others). Every write also sends
 * `If-Match: "1"`: a route that checks the version does so after finding the row.
 */
const BODIES: Record<string, unknown> = {
  'POST /api/commerce/owner/orders/:number/refunds': { amountCents: 100, reason: 'walk', requestId: 'walk-refund-1' },
  'POST /api/commerce/owner/orders/:number/notes': { body: 'walk' },
  'POST /api/commerce/owner/gift-cards/:id/adjust': { deltaCents: 100, reason: 'walk' },
  'PUT /api/commerce/owner/subscriptions/:id/next-billing': { date: '2027-01-15' },
  'PUT /api/site-users/contributors/:siteUserId/roles': { roles: [2] },
  'PUT /api/reviews/:id/status': { status: 'published' },
  'PUT /api/form/forms/:formId/mailing-list': { listId: null },
  'PUT /api/pages/:id/draft': { layout: { sections: [] } },
  'PUT /api/pages/:id/languages/:language/draft': { layout: { sections: [] } },
  'POST /api/pages/:id/languages/:language/publish': { version: 1 },
  'POST /api/pages/:id/publish': { version: 1 },
  'POST /api/pages/:id/status': { status: 'draft' },
  'POST /api/pages/:id/schedule': { version: 1, publishAt: Date.UTC(2030, 0, 1) },
  'POST /api/pages/:id/languages/:language/schedule': { version: 1, publishAt: Date.UTC(2030, 0, 1) },
  'PATCH /api/files/:id': { fileName: 'walk.png' },
  'PUT /api/files/:id/details': { altText: 'walk' },
  'PUT /api/owner/views/:id': { name: 'walk' },
  'POST /api/content-service/product/1.1/websites/:websiteId/products': { storeTitle: 'Walk store', fallbackStoreTitle: 'Store', allCategoryDisplayName: 'All' },
  'POST /api/content-service/product/1.1/websites/:websiteId/products/:collectionId/categories': { displayName: 'Walk', type: 'root' },
  'POST /api/owner/products/:productId/variants/:variantId/stock': { delta: 1, reason: 'walk' },
  'PUT /api/owner/products/:productId/variants/:variantId/stock': { expected: 0, qtyInStock: 1, reason: 'walk' },
  'PUT /api/owner/products/:productId': { title: 'Walk', variants: [{ sku: 'WALK-1', price: '10.00' }] },
  'POST /api/owner/tags/:collectionId': { tagType: 'tag', name: 'walk' },
  'POST /api/owner/tags/:collectionId/rename': { tagType: 'tag', renames: [{ from: 'a', to: 'walk' }] },
  'POST /api/owner/tags/:collectionId/merge': { tagType: 'tag', from: ['a'], into: 'walk' },
  'POST /api/owner/tags/:collectionId/remove': { tagType: 'tag', names: ['a'] },
  'PUT /api/owner/tags/:collectionId/categories/:categoryId/position': { parentId: '', index: 0 },
  'PUT /api/owner/blog-posts/:postId': { title: 'Walk' },
  'PUT /api/owner/checkout-settings/shipping-zones/:id': { name: 'Walk', countries: ['CA'], rates: [{ kind: 'pickup', name: 'Pickup' }] },
  'PUT /api/owner/checkout-settings/tax-rules/:id': { name: 'Walk', country: 'US', rateBps: 100 },
  'PUT /api/owner/checkout-settings/coupons/:id': { code: 'WALK', effect: { kind: 'percentage', percentBps: 2500 } },
  'PUT /api/owner/forms/:formId': {
    name: 'Walk', kind: 'contact', build: { fields: [] },
    storage: { email: { enabled: false }, mailingList: { enabled: false, listId: null } },
    advanced: {}, captcha: { enabled: false }, disclaimer: {},
  },
  'PATCH /api/owner/mailing-lists/:listId': { name: 'Walk' },
  'POST /api/owner/mailing-lists/:listId/import': { csv: 'email\nwalk@walk.test\n' },
  'PUT /api/owner/webhooks/:id': { url: 'https://hooks.example/walk', events: ['order.created'] },
  'PUT /api/owner/campaigns/:id': { subject: 'Walk' },
  'POST /api/owner/campaigns/:id/schedule': { at: Date.UTC(2030, 0, 1) },
  'PUT /api/owner/members/areas/:id': { name: 'Walk', access: 'free' },
  'POST /api/owner/members/areas/:id/members': { email: 'walk@walk.test' },
};

function call(route: GuardedRoute, path: string, host: string, headers: Record<string, string>): Promise<Response> {
  const write = route.method !== 'GET';
  return worker.fetch(path, {
    host,
    method: route.method,
    headers: { ...headers, ...(write ? { 'Content-Type': 'application/json', 'If-Match': '"1"' } : {}) },
    body: write ? JSON.stringify(BODIES[`${route.method} ${route.pattern}`] ?? {}) : undefined,
  });
}

function leaks(text: string): string[] {
  return markers.filter((m) => text.includes(m));
}

const label = (r: GuardedRoute) => `${r.method} ${r.pattern} (${r.permission})`;

/**
 * The walk of every owner route by `other`'s owner: (a) on site A's host with that
 * session: refused (401/403/404); (b) on `other`'s host with site A's ids: 404 (or 403),
 * a route without ids of A no 5xx; no answer carries an id of site A. Answers what went wrong.
 */
async function walkAgainstA(other: Site, otherOwner: SignedIn): Promise<string[]> {
  const wrong: string[] = [];
  for (const route of ROUTES) {
    const { path, foreign } = pathWithIdsOfA(route.pattern);
    const onA = await call(route, path, a.host, otherOwner.headers);
    const textA = await onA.text();
    if (![401, 403, 404].includes(onA.status)) wrong.push(`(a) ${label(route)} -> ${onA.status}`);
    if (leaks(textA).length) wrong.push(`(a) ${label(route)} leaks ${leaks(textA).join(',')}`);

    const onOther = await call(route, path, other.host, otherOwner.headers);
    const textOther = await onOther.text();
    if (foreign && ![403, 404].includes(onOther.status)) wrong.push(`(b) ${label(route)} ${path} -> ${onOther.status} ${textOther.slice(0, 80)}`);
    if (!foreign && onOther.status >= 500) wrong.push(`(b) ${label(route)} -> ${onOther.status}`);
    if (leaks(textOther).length) wrong.push(`(b) ${label(route)} leaks ${leaks(textOther).join(',')}`);
  }
  return wrong;
}

describe('the isolation walk: two sites, every owner route', () => {
  it('walks every owner route and both owners are admins on their own host', async () => {
    expect(ROUTES.length).toBeGreaterThan(150);
    for (const route of ROUTES) pathWithIdsOfA(route.pattern);
    const me = await worker.fetch('/api/commerce/owner/orders', { host: b.host, headers: ownerB.headers });
    expect(me.status).toBe(200);
    expect(leaks(await me.text())).toEqual([]);
  });

  it("control: each GET with site A's ids answers 200 to site A's owner on site A's host", async () => {
    const failed: string[] = [];
    for (const route of ROUTES.filter((r) => r.method === 'GET')) {
      const { path, foreign } = pathWithIdsOfA(route.pattern);
      if (!foreign) continue;
      const res = await call(route, path, a.host, ownerA.headers);
      await res.arrayBuffer();
      if (res.status !== 200) failed.push(`${label(route)} -> ${res.status}`);
    }
    expect(failed).toEqual([]);
  }, 300_000);

  it("(a) site B's owner session on site A's host is refused on every owner route, and (b) site A's ids on site B's host answer 404; site A is unchanged", async () => {
    const before = await siteChecksum(worker, a.id);
    const wrong = await walkAgainstA(b, ownerB);
    expect({ wrong, after: await siteChecksum(worker, a.id) }).toEqual({ wrong: [], after: before });
  }, 600_000);

  it('across shards: the same walk with site C on DB_SHARD_1 against site A on DB (the directory); site A is unchanged', async () => {
    expect(await worker.shards[1]!.prepare('SELECT shard FROM websites WHERE id = ?').bind(c.id).first<{ shard: number }>()).toEqual({ shard: 1 });
    expect(await worker.db.prepare('SELECT shard FROM websites WHERE id = ?').bind(c.id).first<{ shard: number }>()).toEqual({ shard: 1 });
    const me = await worker.fetch('/api/commerce/owner/orders', { host: c.host, headers: ownerC.headers });
    expect(me.status).toBe(200);
    const before = await siteChecksum(worker, a.id);
    const wrong = await walkAgainstA(c, ownerC);
    expect({ wrong, after: await siteChecksum(worker, a.id) }).toEqual({ wrong: [], after: before });
  }, 600_000);

  it("site B's owner cannot point site B's rows at site A's rows (ids of site A in bodies are refused)", async () => {
    const q = (sql: string) => one(sql, b.id);
    const bForm = await q(`SELECT id AS v FROM forms WHERE website_id = ? AND kind IN ('contact', 'newsletter') ORDER BY id LIMIT 1`);
    const bStore = await q(`SELECT id AS v FROM collections WHERE website_id = ? AND type = 13 ORDER BY id LIMIT 1`);
    const product = (over: Record<string, unknown>) => ({ collectionId: bStore, productType: 'physical', title: 'Walk', variants: [{ sku: 'WALK-X', price: '10.00' }], ...over });
    interface Refs { list: string; page: string; store: string; blog: string; asset: string; author: string; product: string }
    const refsOf = async (w: string, post: string): Promise<Refs> => ({
      list: await one(`SELECT id AS v FROM mailing_lists WHERE website_id = ? ORDER BY id LIMIT 1`, w),
      page: await one(`SELECT id AS v FROM pages p WHERE website_id = ?1 AND trashed_on IS NULL AND NOT EXISTS (SELECT 1 FROM collections c WHERE c.website_id = ?1 AND c.url_id = p.slug) ORDER BY id LIMIT 1`, w),
      store: await one(`SELECT id AS v FROM collections WHERE website_id = ? AND type = 13 ORDER BY id LIMIT 1`, w),
      blog: await one(`SELECT collection_id AS v FROM items WHERE id = ?`, post),
      asset: await one(`SELECT id AS v FROM assets WHERE website_id = ? AND content_type LIKE 'image/%' ORDER BY id LIMIT 1`, w),
      author: await one(`SELECT id AS v FROM authors WHERE website_id = ? ORDER BY id LIMIT 1`, w),
      product: await one(`SELECT item_id AS v FROM products WHERE website_id = ? ORDER BY item_id LIMIT 1`, w),
    });
    const bPost = await q(`SELECT id AS v FROM items WHERE website_id = ? AND record_type = 1 AND id NOT IN (SELECT item_id FROM products) ORDER BY id LIMIT 1`);
    // A page of its own on each site (the seeded pages are all collection content).
    for (const w of [a.id, b.id]) {
      await worker.db.prepare(`INSERT INTO pages (id, website_id, title, slug, created_on, updated_on) VALUES (?, ?, 'Walk page', 'walk-page', 0, 0)`).bind(demoId(w, 'walk', 'page'), w).run();
    }
    const [foreign, own] = [await refsOf(a.id, ids.post), await refsOf(b.id, bPost)];
    markers.push(foreign.page, foreign.author);
    const before = await siteChecksum(worker, a.id);
    const form = await worker.fetch(`/api/owner/forms/${bForm}`, { host: b.host, headers: ownerB.headers });
    const formModel = (await form.json()) as { form: Record<string, unknown> };
    if (!formModel.form) throw new Error(`form of site B: ${form.status} ${JSON.stringify(formModel)}`);
    const etag = form.headers.get('etag') ?? '"1"';
    // Each case names site A's rows (refused) and then site B's own (accepted), so a refusal means the scope.
    const cases = (r: Refs, n: string): [string, string, unknown, Record<string, string>?][] => [
      ['PUT', `/api/owner/forms/${bForm}`, { ...pick(formModel.form), storage: { email: { enabled: false }, mailingList: { enabled: true, listId: r.list } } }, { 'If-Match': etag }],
      ['PUT', `/api/form/forms/${bForm}/mailing-list`, { listId: r.list }],
      ['POST', '/api/owner/campaigns', { subject: 'Walk', listId: r.list }],
      ['POST', '/api/owner/members/areas', { name: `Walk ${n}`, access: 'free', pages: [{ pageId: r.page, teaserSections: null }] }],
      ['POST', '/api/owner/products', product({ collectionId: r.store, variants: [{ sku: `WALK-S${n}`, price: '10.00' }] })],
      ['POST', '/api/owner/products', product({ images: [{ assetId: r.asset }], variants: [{ sku: `WALK-I${n}`, price: '10.00' }] })],
      ['POST', '/api/owner/blog-posts', { collectionId: r.blog, title: 'Walk' }],
      ['POST', '/api/owner/blog-posts', { collectionId: own.blog, title: 'Walk', mainImageId: r.asset }],
      ['POST', '/api/owner/blog-posts', { collectionId: own.blog, title: 'Walk', authorId: r.author }],
      ['POST', '/api/owner/checkout-settings/coupons', { code: `WALK${n}`, effect: { kind: 'percentage', percentBps: 1000 }, productIds: [r.product] }],
      ['POST', `/api/content-service/product/1.1/websites/${b.id}/products/${r.store}/categories`, { displayName: `Walk ${n}`, type: 'root' }],
    ];
    const send = async ([method, path, body, extra]: [string, string, unknown, Record<string, string>?]) => {
      const res = await worker.fetch(path, { host: b.host, method, headers: { ...ownerB.headers, 'Content-Type': 'application/json', ...extra }, body: JSON.stringify(body) });
      return { status: res.status, text: await res.text(), label: `${method} ${path} ${JSON.stringify(body).slice(0, 80)}` };
    };
    const wrong: string[] = [];
    for (const c of cases(foreign, 'A')) {
      const res = await send(c);
      if (![400, 404].includes(res.status)) wrong.push(`site A's ids: ${res.label} -> ${res.status} ${res.text.slice(0, 100)}`);
    }
    for (const c of cases(own, 'B')) {
      const res = await send(c);
      if (res.status >= 300) wrong.push(`control with site B's own ids: ${res.label} -> ${res.status} ${res.text.slice(0, 100)}`);
    }
    // Nothing of site B names a row of site A, and site A is unchanged.
    const referencing = Object.entries(await siteRows(worker, b.id)).filter(([, text]) => leaks(text).length).map(([table, text]) => `${table}: ${leaks(text).join(',')}`);
    expect({ wrong, referencing, after: await siteChecksum(worker, a.id) }).toEqual({ wrong: [], referencing: [], after: before });
  }, 300_000);
});


describe('the storefront across hosts', () => {
  it("a shopper's session and a visitor's cart of site A mean nothing on site B's host", async () => {
    const { createSiteUser, responseCookies } = await import('../../edge/test-support.js');
    await createSiteUser(worker, { email: 'shopper-a@walk.test', password: 'walk-Password-1' });
    const shopper = await signInOn(worker, a.host, 'shopper-a@walk.test', 'walk-Password-1');
    const account = async (host: string) => (await (await worker.fetch('/api/site-users/account', { host, headers: shopper.headers })).text());
    expect(await account(a.host)).toContain('shopper-a@walk.test');
    expect(await account(b.host)).not.toContain('shopper-a@walk.test');

    // A visitor fills a cart on site A, then brings its cookies to site B.
    const sku = await one(`SELECT sku AS v FROM variants WHERE id = ?`, ids.variant);
    const add = await worker.fetch('/api/commerce/shopping-cart/entries', {
      host: a.host,
      method: 'POST',
      headers: { ...shopper.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ itemId: ids.product, sku, quantity: 1, additionalFields: null }),
    });
    expect(add.status).toBe(200);
    const cookies = [shopper.cookie, ...[...responseCookies(add)].map(([k, v]) => `${k}=${v}`)].join('; ');
    const headers = { Cookie: cookies, 'X-CSRF-Token': shopper.xsrfToken };
    const cartOn = async (host: string) => (await worker.fetch('/api/commerce/shopping-cart', { host, headers })).text();
    const cartA = await cartOn(a.host);
    const entryId = (JSON.parse(cartA) as { shoppingCart: { entries: { id: string }[] } }).shoppingCart.entries[0]?.id;
    expect(cartA).toContain(ids.product);
    expect(entryId).toBeDefined();
    const cartB = await cartOn(b.host);
    expect(cartB).not.toContain(ids.product);
    expect(cartB).not.toContain(entryId);

    // Site A's cart entry and item through site B's host: refused, site A's cart unchanged.
    const before = await siteChecksum(worker, a.id);
    // Site B does not know site A's session: the request is an anonymous visitor's, with its crumb.
    const crumb = /(?:^|; )crumb=([^;]+)/.exec(cookies)![1]!;
    const onB = (method: string, path: string, body?: unknown) =>
      worker.fetch(path, { host: b.host, method, headers: { Cookie: cookies, 'X-CSRF-Token': crumb, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const refused = [
      await onB('PUT', `/api/commerce/shopping-cart/entries/${entryId}`, { quantity: 3 }),
      await onB('DELETE', `/api/commerce/shopping-cart/entries/${entryId}`),
      await onB('POST', '/api/commerce/shopping-cart/entries', { itemId: ids.product, sku, quantity: 1, additionalFields: null }),
    ];
    const statuses = await Promise.all(refused.map(async (r) => `${r.status} ${(await r.text()).slice(0, 80)}`));
    for (const status of statuses) expect(status).toMatch(/^(400|404)/);
    expect(await siteChecksum(worker, a.id)).toEqual(before);
  }, 300_000);
});

/** The editable part of a form model as the owner API answers it. */
function pick(form: Record<string, unknown>): Record<string, unknown> {
  const { name, kind, build, advanced, captcha, disclaimer } = form;
  return { name, kind, build, advanced, captcha, disclaimer };
}
