/**
 * The shopping cart as the cart API answers it (docs/cart-holds.md, SPEC §3 Shopping cart and Cart
 * entry). Money is integer minor units with the currency beside it.
 */
export interface MoneyJson {
  currency: string;
  value: string;
}

export interface CartEntry {
  id: string;
  itemId: string;
  title: string;
  quantity: number;
  chosenVariant?: { sku: string; attributes: Record<string, string> } | null;
  purchasePriceCents: number;
  /** Line total in minor units. */
  subTotal?: number;
  subTotalCents?: number;
  /** The additional-fields answers (field id -> value); JSON text in requests. */
  additionalFields?: Record<string, unknown> | string | null;
  /** Epoch ms until which the units are held for this cart (stock holds, docs/cart-holds.md). */
  holdExpiresAt?: number | null;
  fullUrl?: string;
  assetUrl?: string;
  productType?: number;
}

export interface ShoppingCart {
  id?: string;
  entries: CartEntry[];
  totalQuantity: number;
  subtotalCents: number;
  grandTotalCents?: number;
  currency?: string;
  subtotalMoney?: MoneyJson;
}

export interface AddToCartRequest {
  itemId: string;
  sku: string | null;
  quantity: number;
  /** JSON text of the additional-fields form answers, or null. */
  additionalFields: string | null;
  /** The page's language (issue 29): the cart API's refusals in its words. */
  language?: string;
}

export interface StockRecord {
  sku: string;
  unlimited: boolean;
  qtyInStock: number;
}
