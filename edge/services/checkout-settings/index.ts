import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { categories, coupons, items, shippingZones, taxRules } from '../../../schema/index.js';
import { CHECKOUT_SETTINGS_MESSAGES as M, type CouponInput, type ShippingZoneInput, type TaxRuleInput } from '../../../domain/commerce/checkout-settings.js';
import { ApiError } from '../../errors.js';
import { newRowId } from '../cart/tokens.js';
import { query, type Db } from '../db.js';

/**
 * The owner's checkout settings (docs/api/checkout-settings.md): shipping zones, tax rules
 * and coupons of one site. Every save names the version it edited; one conditional UPDATE
 * (`version = basedOn`) decides a race between two owners, and a stale save stores nothing
 * (412 with the current version). Checkout reads the same rows (services/orders/pricing.ts).
 */
type Table = typeof shippingZones | typeof taxRules | typeof coupons;

const notFound = (what: string) => new ApiError(404, 'not_found', `No such ${what} on this site.`);

async function currentVersion(db: Db, table: Table, websiteId: string, id: string): Promise<number | undefined> {
  const [row] = await query(() => db.select({ version: table.version }).from(table).where(and(eq(table.id, id), eq(table.websiteId, websiteId))));
  return row?.version;
}

/** After an UPDATE/DELETE that changed nothing: 404 when the row is gone, else 412 with its version. */
async function refuseStale(db: Db, table: Table, websiteId: string, id: string, what: string): Promise<never> {
  const version = await currentVersion(db, table, websiteId, id);
  if (version === undefined) throw notFound(what);
  throw new ApiError(412, 'version_conflict', M.conflict, { extra: { current: { version } } });
}

async function removeRow(db: Db, table: Table, websiteId: string, id: string, basedOn: number, what: string): Promise<void> {
  const gone = await query(() => db.delete(table).where(and(eq(table.id, id), eq(table.websiteId, websiteId), eq(table.version, basedOn))).run());
  if (!gone.meta.changes) await refuseStale(db, table, websiteId, id, what);
}

// Shipping zones ---------------------------------------------------------------------------

export type ZoneRow = typeof shippingZones.$inferSelect;

/** Rates as stored: each with an id (kept when given, else a new one), so a shopper's choice survives edits. */
function storedRates(input: ShippingZoneInput) {
  return input.rates.map((rate) => ({ ...rate, id: rate.id ?? `r-${newRowId().slice(0, 12).toLowerCase().replace(/[^a-z0-9]/g, '0')}` }));
}

export async function listZones(db: Db, websiteId: string): Promise<ZoneRow[]> {
  return query(() => db.select().from(shippingZones).where(eq(shippingZones.websiteId, websiteId)).orderBy(asc(shippingZones.position), asc(shippingZones.id)));
}

export async function getZone(db: Db, websiteId: string, id: string): Promise<ZoneRow> {
  const [row] = await query(() => db.select().from(shippingZones).where(and(eq(shippingZones.id, id), eq(shippingZones.websiteId, websiteId))));
  if (!row) throw notFound('shipping zone');
  return row;
}

/** A new zone goes last (position one past the highest, in the INSERT itself). */
export async function createZone(db: Db, websiteId: string, input: ShippingZoneInput): Promise<ZoneRow> {
  const id = newRowId();
  await query(() =>
    db.run(sql`INSERT INTO shipping_zones (id, website_id, name, countries, regions, rates, position, version)
      VALUES (${id}, ${websiteId}, ${input.name}, ${JSON.stringify(input.countries)}, ${JSON.stringify(input.regions)}, ${JSON.stringify(storedRates(input))},
        (SELECT COALESCE(MAX(position), -1) + 1 FROM shipping_zones WHERE website_id = ${websiteId}), 1)`),
  );
  return getZone(db, websiteId, id);
}

export async function updateZone(db: Db, websiteId: string, id: string, basedOn: number, input: ShippingZoneInput): Promise<ZoneRow> {
  const write = await query(() =>
    db
      .update(shippingZones)
      .set({ name: input.name, countries: input.countries, regions: input.regions, rates: storedRates(input), version: sql`${shippingZones.version} + 1` })
      .where(and(eq(shippingZones.id, id), eq(shippingZones.websiteId, websiteId), eq(shippingZones.version, basedOn)))
      .run(),
  );
  if (!write.meta.changes) await refuseStale(db, shippingZones, websiteId, id, 'shipping zone');
  return getZone(db, websiteId, id);
}

export const deleteZone = (db: Db, websiteId: string, id: string, basedOn: number) => removeRow(db, shippingZones, websiteId, id, basedOn, 'shipping zone');

/**
 * Puts the zones in the given order (positions 0..n-1) in one batch. `ids` must be every zone
 * of the site exactly once; checkout tries more specific zones first whatever the order,
 * and among equally specific ones the first in this order.
 */
export async function orderZones(db: Db, websiteId: string, ids: readonly string[]): Promise<ZoneRow[]> {
  const existing = await listZones(db, websiteId);
  const known = new Set(existing.map((z) => z.id));
  if (new Set(ids).size !== ids.length || ids.length !== known.size || !ids.every((id) => known.has(id))) {
    throw new ApiError(400, 'invalid_request', M.order, { fields: { ids: M.order } });
  }
  const d1 = db.$client;
  await query(() => d1.batch(ids.map((id, position) => d1.prepare('UPDATE shipping_zones SET position = ?3, version = version + 1 WHERE id = ?1 AND website_id = ?2').bind(id, websiteId, position))));
  return listZones(db, websiteId);
}

// Tax rules --------------------------------------------------------------------------------

export type TaxRuleRow = typeof taxRules.$inferSelect;

export async function listTaxRules(db: Db, websiteId: string): Promise<TaxRuleRow[]> {
  return query(() => db.select().from(taxRules).where(eq(taxRules.websiteId, websiteId)).orderBy(asc(taxRules.country), asc(taxRules.region), asc(taxRules.name)));
}

export async function getTaxRule(db: Db, websiteId: string, id: string): Promise<TaxRuleRow> {
  const [row] = await query(() => db.select().from(taxRules).where(and(eq(taxRules.id, id), eq(taxRules.websiteId, websiteId))));
  if (!row) throw notFound('tax rule');
  return row;
}

export async function createTaxRule(db: Db, websiteId: string, input: TaxRuleInput): Promise<TaxRuleRow> {
  const id = newRowId();
  await query(() => db.insert(taxRules).values({ id, websiteId, ...input }).run());
  return getTaxRule(db, websiteId, id);
}

export async function updateTaxRule(db: Db, websiteId: string, id: string, basedOn: number, input: TaxRuleInput): Promise<TaxRuleRow> {
  const write = await query(() =>
    db.update(taxRules).set({ ...input, version: sql`${taxRules.version} + 1` }).where(and(eq(taxRules.id, id), eq(taxRules.websiteId, websiteId), eq(taxRules.version, basedOn))).run(),
  );
  if (!write.meta.changes) await refuseStale(db, taxRules, websiteId, id, 'tax rule');
  return getTaxRule(db, websiteId, id);
}

export const deleteTaxRule = (db: Db, websiteId: string, id: string, basedOn: number) => removeRow(db, taxRules, websiteId, id, basedOn, 'tax rule');

// Coupons ----------------------------------------------------------------------------------

export type CouponRow = typeof coupons.$inferSelect;

export async function listCoupons(db: Db, websiteId: string): Promise<CouponRow[]> {
  return query(() => db.select().from(coupons).where(eq(coupons.websiteId, websiteId)).orderBy(asc(coupons.code)));
}

export async function getCoupon(db: Db, websiteId: string, id: string): Promise<CouponRow> {
  const [row] = await query(() => db.select().from(coupons).where(and(eq(coupons.id, id), eq(coupons.websiteId, websiteId))));
  if (!row) throw notFound('coupon');
  return row;
}

/** The products and categories a coupon names must be this site's. */
async function checkScope(db: Db, websiteId: string, input: CouponInput): Promise<void> {
  const fields: Record<string, string> = {};
  if (input.productIds.length) {
    const found = await query(() => db.select({ id: items.id }).from(items).where(and(eq(items.websiteId, websiteId), inArray(items.id, input.productIds))));
    if (found.length !== new Set(input.productIds).size) fields.productIds = M.unknownProducts;
  }
  if (input.categoryIds.length) {
    const found = await query(() => db.select({ id: categories.id }).from(categories).where(and(eq(categories.websiteId, websiteId), inArray(categories.id, input.categoryIds))));
    if (found.length !== new Set(input.categoryIds).size) fields.categoryIds = M.unknownCategories;
  }
  const first = Object.values(fields)[0];
  if (first) throw new ApiError(400, 'invalid_request', first, { fields });
}

const couponValues = (input: CouponInput) => ({
  code: input.code,
  effect: input.effect as Record<string, unknown>,
  minSubtotalCents: input.minSubtotalCents,
  startsAt: input.startsAt,
  endsAt: input.endsAt,
  usageLimit: input.usageLimit,
  perCustomerLimit: input.perCustomerLimit,
  productIds: input.productIds,
  categoryIds: input.categoryIds,
});

/** D1's UNIQUE and CHECK failures of a coupon write, as field errors. */
function couponWriteError(err: unknown): never {
  let text = '';
  for (let e: unknown = err, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) text += ` ${String((e as Error).message ?? e)}`;
  if (/UNIQUE constraint failed: coupons\.website_id, coupons\.code/.test(text)) throw new ApiError(409, 'coupon_code_taken', M.codeTaken, { fields: { code: M.codeTaken } });
  if (/CHECK constraint failed: coupons_usage_ck/.test(text)) throw new ApiError(400, 'invalid_request', M.limitBelowUses, { fields: { usageLimit: M.limitBelowUses } });
  throw err;
}

export async function createCoupon(db: Db, websiteId: string, input: CouponInput): Promise<CouponRow> {
  await checkScope(db, websiteId, input);
  const id = newRowId();
  await query(() => db.insert(coupons).values({ id, websiteId, ...couponValues(input) }).run()).catch(couponWriteError);
  return getCoupon(db, websiteId, id);
}

/** Edits a coupon; its use count stays what orders made it (a limit below it is refused by the CHECK). */
export async function updateCoupon(db: Db, websiteId: string, id: string, basedOn: number, input: CouponInput): Promise<CouponRow> {
  await checkScope(db, websiteId, input);
  const write = await query(() =>
    db.update(coupons).set({ ...couponValues(input), version: sql`${coupons.version} + 1` }).where(and(eq(coupons.id, id), eq(coupons.websiteId, websiteId), eq(coupons.version, basedOn))).run(),
  ).catch(couponWriteError);
  if (!write.meta.changes) await refuseStale(db, coupons, websiteId, id, 'coupon');
  return getCoupon(db, websiteId, id);
}

export const deleteCoupon = (db: Db, websiteId: string, id: string, basedOn: number) => removeRow(db, coupons, websiteId, id, basedOn, 'coupon');
