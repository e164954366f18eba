import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { coupons as couponTable, shippingZones, taxRules as taxTable, variants } from '../../../schema/index.js';
import { type Cents } from '../../../domain/branded-types.js';
import { query, type Db } from '../db.js';
import type { CartView } from '../cart/index.js';
import { checkoutTotals, type CheckoutTotals } from '../checkout/totals.js';
import type { CheckoutLine, Coupon, CouponEffect, ShippingLocation, ShippingRate, ShippingZone, TaxRule } from '../checkout/types.js';
import { COUPON_WORDS, type CouponWords, type InvalidCoupon } from '../checkout/coupons.js';

export type CouponRow = typeof couponTable.$inferSelect;

/** A cart priced on the server, with the coupon rows behind its valid coupons. */
export interface PricedCart {
  totals: CheckoutTotals;
  lines: CheckoutLine[];
  invalidCoupons: (InvalidCoupon | { code: string; reason: 'unknown'; message: string })[];
  couponRows: CouponRow[];
}

/** The site as pricing needs it: its currency and whether its prices include tax (store settings). */
export interface PricingSite {
  id: string;
  currency: string;
  storeSettings: { pricesIncludeTax?: boolean };
}

export interface PricingChoices {
  location?: ShippingLocation;
  shippingOptionId?: string;
  couponCodes: readonly string[];
  now: number;
  /** The refused coupons' messages in the language of the request that prices the cart (English without). */
  couponWords?: CouponWords;
}

async function loadSettings(db: Db, websiteId: string, codes: readonly string[]) {
  const upper = [...new Set(codes.map((c) => c.trim().toUpperCase()).filter(Boolean))];
  const [zones, rules, couponRows] = await Promise.all([
    query(() => db.select().from(shippingZones).where(eq(shippingZones.websiteId, websiteId)).orderBy(asc(shippingZones.position))),
    query(() => db.select().from(taxTable).where(eq(taxTable.websiteId, websiteId))),
    upper.length ? query(() => db.select().from(couponTable).where(and(eq(couponTable.websiteId, websiteId), inArray(couponTable.code, upper)))) : Promise.resolve([]),
  ]);
  return { zones, rules, couponRows, upper };
}

const toZone = (z: typeof shippingZones.$inferSelect): ShippingZone => ({
  id: z.id, countries: z.countries, ...(z.regions?.length ? { regions: z.regions } : {}), rates: z.rates as ShippingRate[],
});
const toRule = (r: typeof taxTable.$inferSelect): TaxRule => ({
  id: r.id, name: r.name, country: r.country, ...(r.region ? { region: r.region } : {}), rateBps: r.rateBps, inclusive: r.inclusive, appliesToShipping: r.appliesToShipping,
});
/** A coupon's scope: its products plus the cart's products in its categories (`inCategories`). */
const toCoupon = (c: CouponRow, inCategories: ReadonlyMap<string, readonly string[]>): Coupon => {
  const products = [...(c.productIds ?? []), ...(c.categoryIds ?? []).flatMap((id) => inCategories.get(id) ?? [])];
  const scoped = (c.productIds?.length ?? 0) + (c.categoryIds?.length ?? 0) > 0;
  return {
    ...baseCoupon(c),
    // A scope that matches nothing in this cart stays a scope (no product qualifies), never "every product".
    ...(scoped ? { productIds: products.length ? products : ['-'] } : {}),
  };
};

const baseCoupon = (c: CouponRow): Coupon => ({
  code: c.code,
  effect: c.effect as unknown as CouponEffect,
  ...(c.minSubtotalCents !== null ? { minSubtotalCents: c.minSubtotalCents as Cents } : {}),
  ...(c.startsAt !== null ? { startsAt: c.startsAt as Coupon['startsAt'] } : {}),
  ...(c.endsAt !== null ? { endsAt: c.endsAt as Coupon['endsAt'] } : {}),
  ...(c.usageLimit !== null ? { usageLimit: c.usageLimit } : {}),
  timesUsed: c.timesUsed,
});

/**
 * For each category a coupon names, the cart's products in it (items name their categories by
 * display name within their store, categories.collection_id).
 */
async function productsInCategories(db: Db, couponRows: readonly CouponRow[], itemIds: readonly string[]): Promise<Map<string, string[]>> {
  const categoryIds = [...new Set(couponRows.flatMap((c) => c.categoryIds ?? []))];
  const out = new Map<string, string[]>();
  if (!categoryIds.length || !itemIds.length) return out;
  const rows = await query(() =>
    db.all<{ categoryId: string; itemId: string }>(sql`SELECT c.id AS categoryId, i.id AS itemId FROM categories c JOIN items i ON i.collection_id = c.collection_id
      WHERE c.id IN (${sql.join(categoryIds.map((id) => sql`${id}`), sql`, `)}) AND i.id IN (${sql.join([...new Set(itemIds)].map((id) => sql`${id}`), sql`, `)})
        AND EXISTS (SELECT 1 FROM json_each(i.categories) j WHERE j.value = c.display_name)`),
  );
  for (const r of rows) out.set(r.categoryId, [...(out.get(r.categoryId) ?? []), r.itemId]);
  return out;
}

/** The checkout lines of a cart, with the variants' weights read from D1. */
async function linesOf(db: Db, view: CartView): Promise<CheckoutLine[]> {
  const ids = view.entries.flatMap((e) => (e.variantId ? [e.variantId] : []));
  const weights = ids.length
    ? new Map((await query(() => db.select({ id: variants.id, w: variants.weightGrams }).from(variants).where(inArray(variants.id, ids)))).map((r) => [r.id, r.w ?? 0]))
    : new Map<string, number>();
  return view.entries.map((e) => ({
    entryId: e.id, productId: e.itemId, sku: e.sku ?? '', productType: e.productType, quantity: e.quantity,
    unitPriceCents: e.unitPriceCents as Cents, weightGrams: e.variantId ? weights.get(e.variantId) ?? 0 : 0,
  }));
}

/**
 * Prices a cart from D1 only (entries' captured prices, the site's zones, tax rules and
 * coupons): what the cart JSON shows and what an order charges.
 */
export async function priceCart(db: Db, site: PricingSite, view: CartView, choices: PricingChoices): Promise<PricedCart> {
  const [{ zones, rules, couponRows, upper }, lines] = await Promise.all([loadSettings(db, site.id, choices.couponCodes), linesOf(db, view)]);
  const inCategories = await productsInCategories(db, couponRows, lines.map((l) => l.productId));
  const totals = checkoutTotals({
    lines, currency: site.currency, ...(choices.location ? { location: choices.location } : {}), zones: zones.map(toZone), taxRules: rules.map(toRule),
    coupons: couponRows.map((c) => toCoupon(c, inCategories)), pricesIncludeTax: site.storeSettings.pricesIncludeTax === true, ...(choices.shippingOptionId ? { selectedShippingOptionId: choices.shippingOptionId } : {}), now: choices.now as never,
    ...(choices.couponWords ? { couponWords: choices.couponWords } : {}),
  });
  const known = new Set(couponRows.map((c) => c.code));
  const unknown = upper.filter((c) => !known.has(c)).map((code) => ({ code, reason: 'unknown' as const, message: (choices.couponWords ?? COUPON_WORDS).unknown }));
  const valid = new Set(totals.validCoupons.map((c) => c.code));
  return { totals, lines, invalidCoupons: [...totals.invalidCoupons, ...unknown], couponRows: couponRows.filter((c) => valid.has(c.code)) };
}
