import { Hono, type Context } from 'hono';
import {
  CHECKOUT_SETTINGS_MESSAGES as M, couponInput, shippingZoneInput, taxRuleInput, zoneOrderInput,
} from '../../../domain/commerce/checkout-settings.js';
import { fractionDigits } from '../../../domain/money/fraction-digits.js';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { requirePermission } from '../../middleware/roles/index.js';
import {
  createCoupon, createTaxRule, createZone, deleteCoupon, deleteTaxRule, deleteZone, getCoupon, getTaxRule, getZone, listCoupons, listTaxRules, listZones,
  orderZones, updateCoupon, updateTaxRule, updateZone, type CouponRow, type TaxRuleRow, type ZoneRow,
} from '../../services/checkout-settings/index.js';
import { ifMatchNumber, jsonBody } from '../validate.js';

/**
 * /api/owner/checkout-settings: the site's shipping zones, tax rules and coupons
 * (docs/api/checkout-settings.md), permission row `checkoutSettings`. Writes carry the crumb
 * (the /api shell checks it); edits and deletes name the version they edited in If-Match.
 */
export const checkoutSettingsApi = new Hono<AppEnv>({ strict: false });

const guard = requirePermission('checkoutSettings');
const ID = /^[A-Za-z0-9_-]{1,64}$/;

function id(c: Context<AppEnv>, what: string): string {
  const value = c.req.param('id') ?? '';
  if (!ID.test(value)) throw new ApiError(404, 'not_found', `No such ${what} on this site.`);
  return value;
}

const money = (c: Context<AppEnv>) => ({ currency: c.var.site.currency, fractionDigits: fractionDigits(c.var.site.currency) });

const zoneJson = (z: ZoneRow) => ({ id: z.id, name: z.name, countries: z.countries, regions: z.regions ?? [], rates: z.rates, position: z.position, version: z.version });
const ruleJson = (r: TaxRuleRow) => ({
  id: r.id, name: r.name, country: r.country, region: r.region, rateBps: r.rateBps, inclusive: r.inclusive, appliesToShipping: r.appliesToShipping, version: r.version,
});
const couponJson = (k: CouponRow) => ({
  id: k.id, code: k.code, effect: k.effect, minSubtotalCents: k.minSubtotalCents, startsAt: k.startsAt, endsAt: k.endsAt, usageLimit: k.usageLimit,
  perCustomerLimit: k.perCustomerLimit, timesUsed: k.timesUsed, productIds: k.productIds ?? [], categoryIds: k.categoryIds ?? [], version: k.version,
});

function one<T extends { version: number }>(c: Context<AppEnv>, key: string, row: T, status: 200 | 201 = 200) {
  c.header('ETag', `"${row.version}"`);
  return c.json({ [key]: row, ...money(c) }, status);
}

// Shipping zones
checkoutSettingsApi.get('/shipping-zones', guard, async (c) => c.json({ zones: (await listZones(c.var.db, c.var.site.id)).map(zoneJson), ...money(c) }));
checkoutSettingsApi.post('/shipping-zones', guard, jsonBody(shippingZoneInput), async (c) =>
  one(c, 'zone', zoneJson(await createZone(c.var.db, c.var.site.id, c.req.valid('json'))), 201),
);
checkoutSettingsApi.put('/shipping-zones/order', guard, jsonBody(zoneOrderInput), async (c) =>
  c.json({ zones: (await orderZones(c.var.db, c.var.site.id, c.req.valid('json').ids)).map(zoneJson), ...money(c) }),
);
checkoutSettingsApi.get('/shipping-zones/:id', guard, async (c) => one(c, 'zone', zoneJson(await getZone(c.var.db, c.var.site.id, id(c, 'shipping zone')))));
checkoutSettingsApi.put('/shipping-zones/:id', guard, jsonBody(shippingZoneInput), async (c) => {
  const basedOn = ifMatchNumber(c, M.version);
  return one(c, 'zone', zoneJson(await updateZone(c.var.db, c.var.site.id, id(c, 'shipping zone'), basedOn, c.req.valid('json'))));
});
checkoutSettingsApi.delete('/shipping-zones/:id', guard, async (c) => {
  const basedOn = ifMatchNumber(c, M.version);
  await deleteZone(c.var.db, c.var.site.id, id(c, 'shipping zone'), basedOn);
  return c.body(null, 204);
});

// Tax rules
checkoutSettingsApi.get('/tax-rules', guard, async (c) => c.json({ taxRules: (await listTaxRules(c.var.db, c.var.site.id)).map(ruleJson), ...money(c) }));
checkoutSettingsApi.post('/tax-rules', guard, jsonBody(taxRuleInput), async (c) =>
  one(c, 'taxRule', ruleJson(await createTaxRule(c.var.db, c.var.site.id, c.req.valid('json'))), 201),
);
checkoutSettingsApi.get('/tax-rules/:id', guard, async (c) => one(c, 'taxRule', ruleJson(await getTaxRule(c.var.db, c.var.site.id, id(c, 'tax rule')))));
checkoutSettingsApi.put('/tax-rules/:id', guard, jsonBody(taxRuleInput), async (c) => {
  const basedOn = ifMatchNumber(c, M.version);
  return one(c, 'taxRule', ruleJson(await updateTaxRule(c.var.db, c.var.site.id, id(c, 'tax rule'), basedOn, c.req.valid('json'))));
});
checkoutSettingsApi.delete('/tax-rules/:id', guard, async (c) => {
  const basedOn = ifMatchNumber(c, M.version);
  await deleteTaxRule(c.var.db, c.var.site.id, id(c, 'tax rule'), basedOn);
  return c.body(null, 204);
});

// Coupons
checkoutSettingsApi.get('/coupons', guard, async (c) => c.json({ coupons: (await listCoupons(c.var.db, c.var.site.id)).map(couponJson), ...money(c) }));
checkoutSettingsApi.post('/coupons', guard, jsonBody(couponInput), async (c) =>
  one(c, 'coupon', couponJson(await createCoupon(c.var.db, c.var.site.id, c.req.valid('json'))), 201),
);
checkoutSettingsApi.get('/coupons/:id', guard, async (c) => one(c, 'coupon', couponJson(await getCoupon(c.var.db, c.var.site.id, id(c, 'coupon')))));
checkoutSettingsApi.put('/coupons/:id', guard, jsonBody(couponInput), async (c) => {
  const basedOn = ifMatchNumber(c, M.version);
  return one(c, 'coupon', couponJson(await updateCoupon(c.var.db, c.var.site.id, id(c, 'coupon'), basedOn, c.req.valid('json'))));
});
checkoutSettingsApi.delete('/coupons/:id', guard, async (c) => {
  const basedOn = ifMatchNumber(c, M.version);
  await deleteCoupon(c.var.db, c.var.site.id, id(c, 'coupon'), basedOn);
  return c.body(null, 204);
});
