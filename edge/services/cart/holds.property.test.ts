import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../test-support.js';
import { openDb, type Db } from '../db.js';
import { findSiteByHost, type SiteRecord } from '../websites.js';
import { ApiError } from '../../errors.js';
import { addEntry, cartJson, removeEntry, setEntryQuantity, visitorCart, type CartScope } from './index.js';

// Property (docs/cart-holds.md): under any sequence of add / update / remove / expire across
// several carts, held units never exceed stock and each cart's totals are the sum of
// its entries; an add or update succeeds exactly when the units are available to it.
let worker: RunningWorker;
let db: Db;
let site: SiteRecord;
beforeAll(async () => {
  worker = await startWorker();
  db = openDb(worker.db);
  site = (await findSiteByHost(db, 'localhost'))!;
});
afterAll(() => worker?.dispose());

// Finite-stock variants (stock set small so carts compete) and one unlimited.
const FINITE: Record<string, number> = { 'FK-RMN-TEN': 4, 'FK-RMN-SHI': 2, 'FK-PIT-01': 3 };
const SKUS = [...Object.keys(FINITE), 'FK-BUD-MOSS'];
const CARTS = 2;

type Op =
  | { kind: 'add'; cart: number; sku: number; qty: number }
  | { kind: 'set'; cart: number; pick: number; qty: number }
  | { kind: 'remove'; cart: number; pick: number }
  | { kind: 'expire'; minutes: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('add' as const), cart: fc.nat(CARTS - 1), sku: fc.nat(SKUS.length - 1), qty: fc.integer({ min: 1, max: 4 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('set' as const), cart: fc.nat(CARTS - 1), pick: fc.nat(5), qty: fc.integer({ min: 0, max: 4 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), cart: fc.nat(CARTS - 1), pick: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('expire' as const), minutes: fc.integer({ min: 1, max: 20 }) }) },
);

interface VariantRow { id: string; sku: string; productId: string; stock: number; unlimited: number }
let variants: VariantRow[];

async function reset(): Promise<void> {
  await worker.db.batch([
    worker.db.prepare('DELETE FROM stock_holds'),
    worker.db.prepare('DELETE FROM cart_entries'),
    worker.db.prepare('DELETE FROM carts'),
    ...Object.entries(FINITE).map(([sku, qty]) => worker.db.prepare('UPDATE variants SET qty_in_stock = ? WHERE sku = ?').bind(qty, sku)),
  ]);
  const rows = await worker.db
    .prepare(`SELECT id, sku, product_id AS productId, qty_in_stock AS stock, unlimited FROM variants WHERE sku IN (${SKUS.map(() => '?').join(',')})`)
    .bind(...SKUS)
    .all<VariantRow>();
  variants = SKUS.map((sku) => rows.results.find((r) => r.sku === sku)!);
}

/** Units of `variantId` held at `now` by entries other than `entryId` (the reference sum). */
async function heldByOthers(variantId: string, entryId: string | null, now: number): Promise<number> {
  const row = await worker.db
    .prepare('SELECT COALESCE(SUM(quantity), 0) AS n FROM stock_holds WHERE variant_id = ? AND expires_on > ? AND entry_id IS NOT ?')
    .bind(variantId, now, entryId)
    .first<{ n: number }>();
  return row!.n;
}

async function checkInvariants(tokens: (string | undefined)[], now: number): Promise<void> {
  const held = await worker.db
    .prepare('SELECT variant_id AS id, SUM(quantity) AS n FROM stock_holds WHERE expires_on > ? GROUP BY variant_id')
    .bind(now)
    .all<{ id: string; n: number }>();
  for (const row of held.results) {
    const v = variants.find((x) => x.id === row.id)!;
    expect(v.unlimited).toBe(0);
    expect(row.n).toBeLessThanOrEqual(v.stock);
  }
  const sums = await worker.db
    .prepare('SELECT cart_id AS id, SUM(quantity) AS quantity, SUM(quantity * unit_price_cents) AS cents FROM cart_entries GROUP BY cart_id')
    .all<{ id: string; quantity: number; cents: number }>();
  for (const token of tokens) {
    const view = await visitorCart(db, site.id, token, now);
    const json = cartJson(view, site, now) as Record<string, number> & { entries: { quantity: number; purchasePriceCents: number; subTotalCents: number }[] };
    const raw = sums.results.find((r) => r.id === view?.record.id);
    expect(json.totalQuantity).toBe(raw?.quantity ?? 0);
    expect(json.subtotalCents).toBe(raw?.cents ?? 0);
    expect(json.grandTotalCents).toBe(json.subtotalCents + json.taxCents + json.shippingCostCents - json.discountCents);
    expect(json.entries.every((e) => e.subTotalCents === e.quantity * e.purchasePriceCents)).toBe(true);
  }
}

async function run(ops: Op[]): Promise<void> {
  await reset();
  let now = Date.UTC(2026, 0, 1);
  const tokens: (string | undefined)[] = Array.from({ length: CARTS }, () => undefined);
  for (const o of ops) {
    const scope: CartScope = { db, site, now };
    if (o.kind === 'expire') {
      now += o.minutes * 60_000;
      continue;
    }
    const view = await visitorCart(db, site.id, tokens[o.cart], now);
    if (o.kind === 'add') {
      const v = variants[o.sku]!;
      const line = view?.entries.find((e) => e.variantId === v.id);
      const wanted = (line?.quantity ?? 0) + o.qty;
      const fits = v.unlimited === 1 || v.stock - (await heldByOthers(v.id, line?.id ?? null, now)) >= wanted;
      const outcome = await addEntry(scope, tokens[o.cart], { itemId: v.productId, sku: v.sku, quantity: o.qty, additionalFields: null }).then(
        (r) => ((tokens[o.cart] = r.token), 'ok'),
        (e: unknown) => (e instanceof ApiError ? e.status : e),
      );
      expect(outcome).toBe(fits ? 'ok' : 409);
    } else if (view && view.entries.length > 0) {
      const entry = view.entries[o.pick % view.entries.length]!;
      if (o.kind === 'remove' || o.qty === 0) {
        await (o.kind === 'remove' ? removeEntry(scope, tokens[o.cart], entry.id) : setEntryQuantity(scope, tokens[o.cart], entry.id, 0));
        // Removing releases the entry's hold at once.
        const left = await worker.db.prepare('SELECT COUNT(*) AS n FROM stock_holds WHERE entry_id = ?').bind(entry.id).first<{ n: number }>();
        expect(left!.n).toBe(0);
      } else {
        const v = variants.find((x) => x.id === entry.variantId)!;
        const fits = v.unlimited === 1 || v.stock - (await heldByOthers(v.id, entry.id, now)) >= o.qty;
        const outcome = await setEntryQuantity(scope, tokens[o.cart], entry.id, o.qty).then(
          () => 'ok',
          (e: unknown) => (e instanceof ApiError ? e.status : e),
        );
        expect(outcome).toBe(fits ? 'ok' : 409);
      }
    }
    await checkInvariants(tokens, now);
  }
}

describe('cart holds under random operation sequences', () => {
  it('keep held units within stock and totals equal to the sum of entries', async () => {
    await fc.assert(fc.asyncProperty(fc.array(op, { minLength: 6, maxLength: 16, size: 'max' }), run), { numRuns: 12 });
  }, 300_000);
});
