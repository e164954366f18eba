import { z } from 'zod';
import { canSubscribe, EXTRA_LIMITS, EXTRA_MESSAGES } from '../../../domain/catalog/product-extras.js';
import { PERIOD_UNITS, PLAN_LIMITS } from '../../../domain/commerce/subscription-wording.js';
import { PRODUCT_TYPE, type ProductType } from '../../../schema/index.js';
import type { ProductExtras } from '../../services/catalog/product-extras.js';

/** Optional text: trimmed, and blank (or null) clears it. */
const text = (max: number, message: string) =>
  z.string().trim().max(max, { error: message }).nullable().transform((s) => (s ? s : null));

const id = z.string().trim().min(1).max(64);

// A time: an ISO 8601 date-time with its offset, or epoch milliseconds; null publishes now.
const time = z
  .union([z.string().max(40), z.number()], { error: EXTRA_MESSAGES.publishOn })
  .nullable()
  .transform((v, ctx) => {
    if (v === null) return null;
    const at = typeof v === 'number' ? v : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v) ? Date.parse(v) : NaN;
    // Between 2000 and 2100: anything else is a typo.
    if (!Number.isSafeInteger(at) || at < 946_684_800_000 || at > 4_102_444_800_000) {
      ctx.addIssue({ code: 'custom', message: EXTRA_MESSAGES.publishOn });
      return z.NEVER;
    }
    return at;
  });

const plan = z.strictObject({
  billingPeriodValue: z.number({ error: EXTRA_MESSAGES.periodValue }).int({ error: EXTRA_MESSAGES.periodValue }).min(1, { error: EXTRA_MESSAGES.periodValue }).max(PLAN_LIMITS.maxPeriodValue, { error: EXTRA_MESSAGES.periodValue }),
  billingPeriodUnit: z.enum(PERIOD_UNITS, { error: EXTRA_MESSAGES.periodUnit }),
  numBillingCycles: z.number({ error: EXTRA_MESSAGES.cycles }).int({ error: EXTRA_MESSAGES.cycles }).min(0, { error: EXTRA_MESSAGES.cycles }).max(PLAN_LIMITS.maxBillingCycles, { error: EXTRA_MESSAGES.cycles }),
});

const merchandising = z.strictObject({
  customSoldOutText: text(EXTRA_LIMITS.soldOutText, EXTRA_MESSAGES.soldOutText).optional(),
  scarcityEnabled: z.boolean().optional(),
  scarcityText: text(EXTRA_LIMITS.scarcityText, EXTRA_MESSAGES.scarcityText).optional(),
  scarcityShownByDefault: z.boolean().optional(),
  restockNotificationsEnabled: z.boolean().optional(),
  mailingListSignUpEnabled: z.boolean().optional(),
  mailingListOptInByDefault: z.boolean().optional(),
});

// The GET answer's file details (name, size, type) are dropped, so the answer's object can be sent back.
const digitalFile = z.object({
  assetId: id,
  maxDownloads: z.number({ error: EXTRA_MESSAGES.maxDownloads }).int({ error: EXTRA_MESSAGES.maxDownloads }).min(1, { error: EXTRA_MESSAGES.maxDownloads }).max(EXTRA_LIMITS.maxDownloads, { error: EXTRA_MESSAGES.maxDownloads }).nullable().optional().default(null),
  linkLifetimeHours: z.number({ error: EXTRA_MESSAGES.linkLifetime }).int({ error: EXTRA_MESSAGES.linkLifetime }).min(1, { error: EXTRA_MESSAGES.linkLifetime }).max(EXTRA_LIMITS.linkLifetimeHours, { error: EXTRA_MESSAGES.linkLifetime }).nullable().optional().default(null),
});

/**
 * The extra settings' body fields (docs/api/catalogue.md "Extra settings"). All optional: a
 * field left out keeps what is stored (a new product: the default), null clears it.
 */
export const productExtraFields = {
  isSubscribable: z.boolean().optional(),
  subscriptionPlan: plan.nullable().optional(),
  additionalFieldsFormId: id.nullable().optional(),
  useCustomAddButtonText: z.boolean().optional(),
  customAddButtonText: text(EXTRA_LIMITS.addButtonText, EXTRA_MESSAGES.addButtonText).optional(),
  merchandising: merchandising.optional(),
  seoTitle: text(EXTRA_LIMITS.seoTitle, EXTRA_MESSAGES.seoTitle).optional(),
  seoDescription: text(EXTRA_LIMITS.seoDescription, EXTRA_MESSAGES.seoDescription).optional(),
  publishOn: time.optional(),
  relatedProductIds: z.array(id).max(EXTRA_LIMITS.relatedProducts, { error: EXTRA_MESSAGES.relatedTooMany }).optional(),
  digitalFile: digitalFile.optional(),
};

type ExtraBody = z.output<z.ZodObject<typeof productExtraFields>>;

const TYPE_NAME: Record<number, string> = { [PRODUCT_TYPE.physical]: 'physical', [PRODUCT_TYPE.digital]: 'digital', [PRODUCT_TYPE.service]: 'service', [PRODUCT_TYPE.giftCard]: 'giftCard' };

/** The extras of a body with the rules that need the product's type; problems go to `fail` by field path. */
export function extrasInput(body: ExtraBody, type: ProductType, fail: (key: string, message: string) => void): ProductExtras {
  if ((body.isSubscribable || body.subscriptionPlan) && !canSubscribe(TYPE_NAME[type] ?? '')) fail(body.isSubscribable ? 'isSubscribable' : 'subscriptionPlan', EXTRA_MESSAGES.subscriptionType);
  if (body.isSubscribable && body.subscriptionPlan === null) fail('subscriptionPlan', EXTRA_MESSAGES.planMissing);
  if (body.useCustomAddButtonText && body.customAddButtonText === null) fail('customAddButtonText', EXTRA_MESSAGES.addButtonTextMissing);
  if (body.merchandising?.scarcityEnabled && body.merchandising.scarcityText === null) fail('merchandising.scarcityText', EXTRA_MESSAGES.scarcityTextMissing);
  if (body.digitalFile && type !== PRODUCT_TYPE.digital) fail('digitalFile', EXTRA_MESSAGES.digitalOnly);
  const related = body.relatedProductIds;
  if (related && new Set(related).size !== related.length) fail('relatedProductIds', EXTRA_MESSAGES.relatedRepeated);
  const out: ProductExtras = {};
  for (const key of Object.keys(productExtraFields) as (keyof ExtraBody)[]) {
    if (body[key] !== undefined) (out as Record<string, unknown>)[key] = body[key];
  }
  return out;
}
