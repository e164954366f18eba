import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_ORDERS_SQL, CUSTOMERS_SQL } from '../../services/customers/customers.js';
import { createSiteUser, demoOwner, signIn, startWorker, type RunningWorker, type SignedIn } from '../../test-support.js';

/** /api/owner/customers over HTTP: accounts and guest buyers, totals, search, sort, cursor pages, the detail, roles. */
let worker: RunningWorker;
let owner: SignedIn;
let siteId: string;
const PASSWORD = 'customers-Password-1';

const address = (firstName: string, lastName: string) =>
  JSON.stringify({ firstName, lastName, address1: '1 Road', address2: '', city: 'Town', postalCode: '10001', country: 'US' });

beforeAll(async () => {
  worker = await startWorker();
  const demo = await demoOwner();
  owner = await signIn(worker, demo.email, demo.password);
  siteId = (await worker.db.prepare('SELECT id FROM websites ORDER BY created_on LIMIT 1').first<{ id: string }>())!.id;
  await createSiteUser(worker, { email: 'ann@cust.test', password: PASSWORD });
  await createSiteUser(worker, { email: 'carol@cust.test', password: PASSWORD });
  await createSiteUser(worker, { email: 'staff@cust.test', password: PASSWORD, roles: [15] });
  const insert = worker.db.prepare(
    `INSERT INTO orders (id, website_id, order_number, purchased_cart_id, email, billing_address, currency, subtotal_cents, discount_cents,
       shipping_total_cents, tax_total_cents, grand_total_cents, status_token_hash, created_on)
     VALUES (?, ?, ?, ?, ?, ?, 'USD', ?, 0, 0, 0, ?, 'x', ?)`,
  );
  const order = (n: number, email: string, name: [string, string], cents: number, at: number) =>
    insert.bind(`cust-order-${n}`, siteId, 9000 + n, `cust-cart-${n}`, email, address(...name), cents, cents, at);
  await worker.db.batch([
    order(1, 'Ann@Cust.test', ['Ann', 'Old'], 1250, Date.UTC(2026, 0, 5)),
    order(2, 'ann@cust.test', ['Ann', 'Lee'], 3000, Date.UTC(2026, 2, 9)),
    order(3, 'bob@cust.test', ['Bob', 'Zed'], 999, Date.UTC(2026, 1, 1)),
    order(4, 'zoe@csv.test', ['=Zoë', 'Ünal'], 120000, Date.UTC(2026, 3, 1)),
  ]);
  // Newsletter states: Ann confirmed on one list (unsubscribed from another), Bob pending, Zoë unsubscribed, Carol never.
  await worker.db.batch([
    worker.db.prepare("INSERT INTO mailing_lists (id, website_id, name, created_on) VALUES ('cust-list-1', ?, 'News', 0), ('cust-list-2', ?, 'Offers', 0)").bind(siteId, siteId),
    worker.db
      .prepare(
        `INSERT INTO mailing_list_subscribers (id, website_id, list_id, email, status, confirm_token_hash, created_on) VALUES
         ('cs-1', ?1, 'cust-list-1', 'ann@cust.test', 'confirmed', 'h1', 0), ('cs-2', ?1, 'cust-list-2', 'ann@cust.test', 'unsubscribed', 'h2', 0),
         ('cs-3', ?1, 'cust-list-1', 'bob@cust.test', 'pending', 'h3', 0), ('cs-4', ?1, 'cust-list-1', 'zoe@csv.test', 'unsubscribed', 'h4', 0)`,
      )
      .bind(siteId),
  ]);
}, 60_000);
afterAll(() => worker?.dispose());

async function get(path: string, who: SignedIn | null = owner): Promise<{ status: number; json: any }> {
  const res = await worker.fetch(path, { headers: who ? { Cookie: who.cookie } : {} });
  return { status: res.status, json: await res.json() };
}

describe('GET /api/owner/customers', () => {
  it('lists accounts and guest buyers once per email, with order count, total spent and order dates; contributors without orders are left out', async () => {
    const { status, json } = await get('/api/owner/customers?q=cust.test&sort=email');
    expect(status).toBe(200);
    expect(json.currency).toBe('USD');
    expect(json.customers).toEqual([
      expect.objectContaining({ email: 'ann@cust.test', name: 'Ann Lee', orderCount: 2, spentCents: 4250, firstOrderOn: Date.UTC(2026, 0, 5), lastOrderOn: Date.UTC(2026, 2, 9), accountId: expect.any(String), newsletter: 'subscribed' }),
      expect.objectContaining({ email: 'bob@cust.test', name: 'Bob Zed', orderCount: 1, spentCents: 999, accountId: null, newsletter: 'pending' }),
      expect.objectContaining({ email: 'carol@cust.test', name: '', orderCount: 0, spentCents: 0, firstOrderOn: null, accountId: expect.any(String), newsletter: null }),
    ]);
  });

  it('searches by name, sorts by total spent, and pages by cursor without repeats', async () => {
    expect((await get('/api/owner/customers?q=zed')).json.customers.map((c: { email: string }) => c.email)).toEqual(['bob@cust.test']);
    expect((await get('/api/owner/customers?q=ANN%20LEE')).json.customers.map((c: { email: string }) => c.email)).toEqual(['ann@cust.test']);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 5; i += 1) {
      const page: { json: { customers: { email: string }[]; nextPageCursor: string | null } } = await get(`/api/owner/customers?q=cust.test&sort=-spent&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.json.customers.map((c) => c.email));
      cursor = page.json.nextPageCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(['ann@cust.test', 'bob@cust.test', 'carol@cust.test']);
    const ascending = (await get('/api/owner/customers?q=cust.test&sort=spent')).json.customers.map((c: { email: string }) => c.email);
    expect(ascending).toEqual(['carol@cust.test', 'bob@cust.test', 'ann@cust.test']);
  });

  it('answers one customer (any case) with their orders newest first, 404 for a stranger', async () => {
    const { status, json } = await get('/api/owner/customers/detail?email=ANN%40cust.test');
    expect(status).toBe(200);
    expect(json.customer).toMatchObject({ email: 'ann@cust.test', orderCount: 2 });
    expect(json.orders.map((o: { orderNumber: number }) => o.orderNumber)).toEqual([9002, 9001]);
    expect((await get('/api/owner/customers/detail?email=staff%40cust.test')).status).toBe(404);
    expect((await get('/api/owner/customers/detail?email=nobody%40cust.test')).status).toBe(404);
  });

  it('exports the searched set as CSV: a UTF-8 BOM first, RFC 4180 cells, formulas defused, totals as decimals', async () => {
    const res = await worker.fetch('/api/owner/customers.csv?q=csv.test', { headers: { Cookie: owner.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1).split('\r\n');
    expect(lines).toEqual([
      'Email,Name,Account,Orders,Total spent,Currency,First order (UTC),Last order (UTC),Newsletter',
      `zoe@csv.test,'=Zoë Ünal,no,1,1200.00,USD,2026-04-01T00:00:00.000Z,2026-04-01T00:00:00.000Z,unsubscribed`,
      '',
    ]);
    const all = await (await worker.fetch('/api/owner/customers.csv?q=cust.test&sort=email', { headers: { Cookie: owner.cookie } })).text();
    expect(all.split('\r\n').slice(1, -1).map((l) => l.split(',')[0])).toEqual(['ann@cust.test', 'bob@cust.test', 'carol@cust.test']);
    expect((await worker.fetch('/api/owner/customers.csv')).status).toBe(401);
  });

  it('refuses bad input, anonymous callers and roles without the customers permission', async () => {
    expect((await get('/api/owner/customers?sort=name')).status).toBe(400);
    expect((await get('/api/owner/customers?limit=500')).status).toBe(400);
    expect((await get('/api/owner/customers/detail')).status).toBe(400);
    expect((await get('/api/owner/customers', null)).status).toBe(401);
    await createSiteUser(worker, { email: 'store@cust.test', password: PASSWORD, roles: [8] });
    await createSiteUser(worker, { email: 'moderator@cust.test', password: PASSWORD, roles: [6] });
    expect((await get('/api/owner/customers', await signIn(worker, 'store@cust.test', PASSWORD))).status).toBe(200);
    expect((await get('/api/owner/customers', await signIn(worker, 'moderator@cust.test', PASSWORD))).status).toBe(403);
    expect((await get('/api/owner/customers', await signIn(worker, 'ann@cust.test', PASSWORD))).status).toBe(403);
  });

  it('groups orders along orders_site_email_idx (no full scan of orders, no temporary b-tree for the grouping)', async () => {
    const plan = await worker.db.prepare(`EXPLAIN QUERY PLAN ${CUSTOMERS_SQL} SELECT * FROM customers ORDER BY email LIMIT 51`).bind(siteId).all<{ detail: string }>();
    const details = plan.results.map((r) => r.detail);
    expect(details.some((d) => d.includes('orders_site_email_idx'))).toBe(true);
    expect(details.filter((d) => /^SCAN (orders|o)\b/.test(d) && !d.includes('INDEX'))).toEqual([]);
    expect(details.filter((d) => d.includes('USE TEMP B-TREE FOR GROUP BY'))).toEqual([]);
    // One customer's orders: a seek on (website_id, lower(email)), newest first from the index.
    const orders = (await worker.db.prepare(`EXPLAIN QUERY PLAN ${CUSTOMER_ORDERS_SQL}`).bind(siteId, 'ann@cust.test').all<{ detail: string }>()).results.map((r) => r.detail);
    expect(orders.some((d) => d.includes('orders_site_email_idx (website_id=? AND <expr>=?)'))).toBe(true);
  });
});
