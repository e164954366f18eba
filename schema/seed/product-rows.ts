import { products, variants, subscriptionPlans, merchandising } from '../index.js';
import { PRODUCT_TYPE } from '../types.js';
import type { ProductFixture } from './fixture-types.js';
import { insertRow, type SeedStatement } from './statements.js';

export interface ProductRowsInput {
  product: ProductFixture;
  itemId: string;
  websiteId: string;
  currency: string;
  id: (...parts: string[]) => string;
  assetId: (file: string) => string;
}

/** The products, variants, subscription plan and merchandising rows of one store item. */
export function buildProductRows({ product, itemId, websiteId, currency, id, assetId }: ProductRowsInput): SeedStatement[] {
  const out: SeedStatement[] = [];
  const digital = product.digital;
  // SPEC §3: digital items carry their own price; the others price by variant.
  if (product.productType === PRODUCT_TYPE.digital && !digital) {
    throw new Error(`digital product ${product.urlId} needs a "digital" price and file`);
  }
  out.push(insertRow(products, {
    itemId, websiteId, productType: product.productType, variantOptionOrdering: product.variantOptionOrdering ?? [],
    currency, priceCents: digital?.priceCents, salePriceCents: digital?.salePriceCents, onSale: digital?.onSale ?? false,
    digitalAssetId: digital ? assetId(digital.file) : undefined, isSubscribable: product.isSubscribable ?? false,
    additionalFieldsFormId: product.additionalFieldsForm ? id('form', product.additionalFieldsForm) : undefined,
    useCustomAddButtonText: product.customAddButtonText !== undefined, customAddButtonText: product.customAddButtonText,
  }));
  // A digital good is still bought through one sku, so it gets a single unlimited variant.
  const variantList = product.variants ?? (digital
    ? [{ sku: digital.sku, priceCents: digital.priceCents, salePriceCents: digital.salePriceCents, onSale: digital.onSale, unlimited: true }]
    : []);
  variantList.forEach((v, position) => {
    out.push(insertRow(variants, {
      id: id('variant', v.sku), websiteId, productId: itemId, sku: v.sku, currency, priceCents: v.priceCents,
      salePriceCents: v.salePriceCents ?? 0, onSale: v.onSale ?? false, attributes: v.attributes ?? {},
      qtyInStock: v.qtyInStock ?? 0, unlimited: v.unlimited ?? false,
      mainImageId: v.image ? assetId(v.image) : undefined, weightGrams: v.weightGrams, position,
    }));
  });
  (product.subscriptionPlans ?? []).forEach((plan, position) => {
    out.push(insertRow(subscriptionPlans, { id: id('plan', product.urlId, String(position)), websiteId, productId: itemId, ...plan, position }));
  });
  if (product.merchandising) {
    out.push(insertRow(merchandising, { productId: itemId, websiteId, ...product.merchandising }));
  }
  return out;
}
