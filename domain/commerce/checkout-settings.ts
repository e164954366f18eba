import { z } from 'zod';
import { REGIONS } from '../postal-codes/region-tables.js';

/**
 * The owner's checkout settings as the owner API takes them (docs/api/checkout-settings.md):
 * shipping zones with their rates, tax rules and coupons. Shared by the worker (validation at
 * the boundary) and the owner screens (the same messages beside the fields). Amounts are
 * integer minor units of the store currency (JPY: yen).
 */
export const CHECKOUT_SETTINGS_MESSAGES = {
  name: 'Enter a name.',
  nameLong: 'A name is at most 100 characters.',
  countries: 'Choose at least one country.',
  country: 'Use a two-letter country code, or * for the rest of the world.',
  worldAlone: 'The rest of the world (*) cannot be combined with other countries.',
  regionsOneCountry: 'Regions can be chosen only for a zone of one country.',
  regionUnknown: 'This region is not in the country’s region table.',
  regionNoTable: 'This country has no region table; leave the region empty.',
  rates: 'Add at least one rate.',
  tooManyRates: 'A zone has at most 20 rates.',
  rateIds: 'Each rate of a zone needs its own id.',
  amount: 'Enter an amount in whole minor units (0 or more).',
  amountTooLarge: 'That amount is too large.',
  tiers: 'Add at least one tier.',
  tiersOrder: 'Each tier must go higher than the one before.',
  rate: 'Enter a rate between 0 and 100 %.',
  code: 'Enter a code of 1-50 letters, digits, - or _.',
  percent: 'Enter a percentage between 0.01 and 100 %.',
  fixed: 'Enter an amount above 0.',
  endsAfter: 'The end must be after the start.',
  limit: 'Enter a whole number of 1 or more, or leave it empty for no limit.',
  version: 'Send the version you edited in an If-Match header.',
  conflict: 'Someone else saved this since you opened it. Reload to see their changes, then edit again.',
  codeTaken: 'A coupon with this code already exists.',
  limitBelowUses: 'The usage limit cannot be below the uses so far.',
  unknownProducts: 'One of the chosen products is not in this store.',
  unknownCategories: 'One of the chosen categories is not in this store.',
  order: 'Send every zone of the site once, in the new order.',
} as const;

const M = CHECKOUT_SETTINGS_MESSAGES;
/** The largest amount any field takes: 100,000,000 minor units. */
const MAX_AMOUNT = 100_000_000;

const amount = z
  .number({ error: M.amount })
  .int({ error: M.amount })
  .min(0, { error: M.amount })
  .max(MAX_AMOUNT, { error: M.amountTooLarge });
const name = z.string({ error: M.name }).trim().min(1, { error: M.name }).max(100, { error: M.nameLong });
const rateId = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, { error: 'A rate id is 1-40 lower-case letters, digits or -.' }).optional();
const rising = <T>(key: keyof T & string) => (tiers: readonly T[]) => tiers.every((t, i) => i === 0 || (t[key] as number) > (tiers[i - 1]![key] as number));

export const shippingRateInput = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('flat'), id: rateId, name, amountCents: amount }),
    z.strictObject({
      kind: z.literal('weight'),
      id: rateId,
      name,
      tiers: z
        .array(z.strictObject({ upToGrams: z.number({ error: 'Enter a weight in grams.' }).int({ error: 'Enter a weight in whole grams.' }).min(1, { error: 'Enter a weight in grams.' }).max(1_000_000_000), amountCents: amount }), { error: M.tiers })
        .min(1, { error: M.tiers })
        .max(20)
        .refine(rising('upToGrams'), { error: M.tiersOrder }),
    }),
    z.strictObject({
      kind: z.literal('value'),
      id: rateId,
      name,
      tiers: z
        .array(z.strictObject({ upToCents: amount, amountCents: amount }), { error: M.tiers })
        .min(1, { error: M.tiers })
        .max(20)
        .refine(rising('upToCents'), { error: M.tiersOrder }),
    }),
    z.strictObject({ kind: z.literal('free-over'), id: rateId, name, amountCents: amount, freeFromCents: amount }),
    z.strictObject({ kind: z.literal('pickup'), id: rateId, name }),
  ],
  { error: 'Choose a kind of rate: flat, weight, value, free-over or pickup.' },
);

const countryCode = z.string({ error: M.country }).regex(/^([A-Z]{2}|\*)$/, { error: M.country });

export const shippingZoneInput = z
  .strictObject({
    name,
    countries: z.array(countryCode, { error: M.countries }).min(1, { error: M.countries }).max(250),
    regions: z.array(z.string().trim().toUpperCase().max(10)).max(100).optional().default([]),
    rates: z.array(shippingRateInput, { error: M.rates }).min(1, { error: M.rates }).max(20, { error: M.tooManyRates }),
  })
  .superRefine((zone, ctx) => {
    if (zone.countries.includes('*') && zone.countries.length > 1) ctx.addIssue({ code: 'custom', message: M.worldAlone, path: ['countries'] });
    if (zone.regions.length > 0) {
      const table = zone.countries.length === 1 ? REGIONS[zone.countries[0]!] : undefined;
      if (zone.countries.length !== 1 || zone.countries[0] === '*') ctx.addIssue({ code: 'custom', message: M.regionsOneCountry, path: ['regions'] });
      else if (!table) ctx.addIssue({ code: 'custom', message: M.regionNoTable, path: ['regions'] });
      else zone.regions.forEach((r, i) => table.some(([code]) => code === r) || ctx.addIssue({ code: 'custom', message: M.regionUnknown, path: ['regions', i] }));
    }
    const ids = zone.rates.flatMap((r) => (r.id ? [r.id] : []));
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', message: M.rateIds, path: ['rates'] });
  });
export type ShippingZoneInput = z.infer<typeof shippingZoneInput>;

export const taxRuleInput = z
  .strictObject({
    name,
    country: z.string({ error: M.country }).regex(/^[A-Z]{2}$/, { error: 'Use a two-letter country code.' }),
    region: z.string().trim().toUpperCase().max(10).nullable().optional().default(null).transform((r) => r || null),
    // Basis points: 825 is 8.25 %.
    rateBps: z.number({ error: M.rate }).int({ error: M.rate }).min(0, { error: M.rate }).max(10_000, { error: M.rate }),
    inclusive: z.boolean().optional().default(false),
    appliesToShipping: z.boolean().optional().default(false),
  })
  .superRefine((rule, ctx) => {
    if (!rule.region) return;
    const table = REGIONS[rule.country];
    if (!table) ctx.addIssue({ code: 'custom', message: M.regionNoTable, path: ['region'] });
    else if (!table.some(([code]) => code === rule.region)) ctx.addIssue({ code: 'custom', message: M.regionUnknown, path: ['region'] });
  });
export type TaxRuleInput = z.infer<typeof taxRuleInput>;

const limit = z.number({ error: M.limit }).int({ error: M.limit }).min(1, { error: M.limit }).max(1_000_000_000, { error: M.limit }).nullable().optional().default(null);
const instant = z.number().int().min(0).max(8.64e15).nullable().optional().default(null);
const ids = z.array(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/)).max(200).optional().default([]);

export const couponInput = z
  .strictObject({
    code: z
      .string({ error: M.code })
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,50}$/, { error: M.code })
      .transform((c) => c.toUpperCase()),
    effect: z.discriminatedUnion(
      'kind',
      [
        z.strictObject({ kind: z.literal('percentage'), percentBps: z.number({ error: M.percent }).int({ error: M.percent }).min(1, { error: M.percent }).max(10_000, { error: M.percent }) }),
        z.strictObject({ kind: z.literal('fixed'), amountCents: amount.min(1, { error: M.fixed }) }),
        z.strictObject({ kind: z.literal('free-shipping') }),
      ],
      { error: 'Choose percentage, fixed amount or free shipping.' },
    ),
    minSubtotalCents: amount.nullable().optional().default(null),
    startsAt: instant,
    endsAt: instant,
    usageLimit: limit,
    perCustomerLimit: limit,
    productIds: ids,
    categoryIds: ids,
  })
  .refine((c) => c.startsAt === null || c.endsAt === null || c.endsAt > c.startsAt, { message: M.endsAfter, path: ['endsAt'] });
export type CouponInput = z.infer<typeof couponInput>;

export const zoneOrderInput = z.strictObject({ ids: z.array(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/), { error: M.order }).min(1, { error: M.order }).max(200) });
