import type { AdditionalFieldsFormRecord, AssetRecord, MerchandisingRecord, ProductRecord, SubscriptionPlanRecord, VariantRecord } from '../item-details.js';
import { moneyJson, type MoneyJson } from '../../../domain/money/money.js';
import { assetUrl } from './image-json.js';
import { RESTOCK_WORDING } from '../../../domain/messages/restock-messages.js';

export interface VariantJson {
  id: string;
  sku: string;
  price: number;
  salePrice: number;
  priceMoney: MoneyJson;
  salePriceMoney: MoneyJson;
  onSale: boolean;
  qtyInStock: number;
  unlimited: boolean;
  attributes: Record<string, string>;
  optionValues: { optionName: string; value: string }[];
  mainImage?: { id: string; assetUrl?: string };
}

/** Option values in the product's option order, then any option it does not order. */
function optionValues(attributes: Record<string, string>, ordering: readonly string[]) {
  const names = [...ordering.filter((n) => n in attributes), ...Object.keys(attributes).filter((n) => !ordering.includes(n))];
  return names.map((optionName) => ({ optionName, value: attributes[optionName] ?? '' }));
}

export function variantJson(v: VariantRecord, ordering: readonly string[], assets: Map<string, AssetRecord>): VariantJson {
  const out: VariantJson = {
    id: v.id,
    sku: v.sku,
    price: v.priceCents,
    salePrice: v.salePriceCents,
    priceMoney: moneyJson(v.priceCents, v.currency),
    salePriceMoney: moneyJson(v.salePriceCents, v.currency),
    onSale: v.onSale,
    qtyInStock: v.qtyInStock,
    unlimited: v.unlimited,
    attributes: v.attributes,
    optionValues: optionValues(v.attributes, ordering),
  };
  if (v.mainImageId) {
    const asset = assets.get(v.mainImageId);
    out.mainImage = asset ? { id: v.mainImageId, assetUrl: assetUrl(asset.r2Key) } : { id: v.mainImageId };
  }
  return out;
}

/**
 * `item.structuredContent` of a store item (SPEC §3 Product). Digital products carry
 * their own price; the other types price by variant.
 */
export function productJson(
  product: ProductRecord,
  variants: readonly VariantRecord[],
  assets: Map<string, AssetRecord>,
  base: Record<string, unknown> = {},
  plans: readonly SubscriptionPlanRecord[] = [],
  form?: AdditionalFieldsFormRecord,
): Record<string, unknown> {
  const ordering = product.variantOptionOrdering;
  const out: Record<string, unknown> = {
    ...base,
    productType: product.productType,
    isSubscribable: product.isSubscribable,
    useCustomAddButtonText: product.useCustomAddButtonText,
    customAddButtonText: product.customAddButtonText ?? '',
    variantOptionOrdering: ordering,
    variants: variants.map((v) => variantJson(v, ordering, assets)),
  };
  if (product.additionalFieldsFormId) out.additionalFieldsFormId = product.additionalFieldsFormId;
  // SPEC §3: the form itself, so the storefront can open it without another request.
  if (form) out.additionalFieldsForm = { id: form.id, name: form.name, submitButtonText: form.submitButtonText ?? 'Save', fields: form.fields };
  // SPEC §3: a subscribable product is priced per billing period of its (first) plan.
  const plan = product.isSubscribable ? plans[0] : undefined;
  if (plan) {
    out.subscriptionPlan = {
      billingPeriod: { value: plan.billingPeriodValue, unit: plan.billingPeriodUnit },
      numBillingCycles: plan.numBillingCycles,
    };
  }
  if (product.priceCents != null) {
    out.priceMoney = moneyJson(product.priceCents, product.currency);
    out.salePriceMoney = moneyJson(product.salePriceCents ?? 0, product.currency);
    out.onSale = product.onSale;
  }
  return out;
}

/** Where merchandising shows: the product detail page or product lists (grids). */
export type MerchandisingView = 'product-detail' | 'product-list';

// Stock at or below this many counts as scarce.
const SCARCITY_THRESHOLD = 10;

function showsOn(views: unknown, view: MerchandisingView): boolean {
  return !Array.isArray(views) || views.length === 0 || views.some((v) => typeof v !== 'string' || v === view);
}

/**
 * The per-variant views `product-scarcity` renders ({ qtyInStock, attributes } of each
 * scarce variant) and `product-restock-notification` renders ({ variantId,
 * hiddenByDefault } of each sold-out variant), derived from stock on every request.
 */
export function merchandisingViews(variants: readonly VariantRecord[]) {
  const limited = variants.filter((v) => !v.unlimited);
  const several = variants.length > 1;
  return {
    scarcityTemplateViews: limited
      .filter((v) => v.qtyInStock > 0 && v.qtyInStock <= SCARCITY_THRESHOLD)
      .map((v) => ({ qtyInStock: v.qtyInStock, attributes: v.attributes })),
    restockNotificationViews: limited
      .filter((v) => v.qtyInStock <= 0)
      .map((v) => ({ variantId: v.id, hiddenByDefault: several })),
  };
}

/**
 * `productMerchandisingContext` of a page: SPEC §3 merchandising settings keyed by
 * product id, as `product-scarcity` and `product-restock-notification` read them.
 * The stored view lists say where each feature shows; the views templates get are
 * derived from the variants' stock.
 */
export function merchandisingJson(
  rows: Iterable<MerchandisingRecord>,
  variantsByProduct: Map<string, VariantRecord[]>,
  view: MerchandisingView,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { productId, websiteId: _site, ...settings } of rows) {
    const views = merchandisingViews(variantsByProduct.get(productId) ?? []);
    out[productId] = {
      ...settings,
      // The dialect's message takes the count as {qtyInStock}; {0} is accepted for it.
      scarcityText: settings.scarcityText?.replaceAll('{0}', '{qtyInStock}') ?? null,
      scarcityEnabled: settings.scarcityEnabled && showsOn(settings.scarcityTemplateViews, view),
      scarcityTemplateViews: views.scarcityTemplateViews,
      restockNotificationViews: showsOn(settings.restockNotificationViews, view) ? views.restockNotificationViews : [],
      restockNotificationMessages: { ...RESTOCK_WORDING, ...settings.restockNotificationMessages },
    };
  }
  return out;
}
