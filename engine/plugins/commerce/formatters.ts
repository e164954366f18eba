/** The commerce formatters, by their template-facing names. */
import { asNumber, getKey } from '../../values.js';
import type { Formatter, FormatterTable } from '../../plugin-contract.js';
import { addToCartButton, productCheckout, productQuickView, quantityInput, variantsSelect } from './add-to-cart.js';
import { productRestockNotification, productScarcity, productStatus } from './merchandising.js';
import {
  bookkeeperMoneyFormat,
  i18nMoneyFormat,
  money,
  moneyFormat,
  moneyString,
  percentageFormat,
} from './money-formatters.js';
import { fromPrice, normalPrice, productPrice, salePrice, subscriptionPrice } from './price-formatters.js';
import { variantDescriptor } from './product.js';
import { summaryFormField } from './summary-form-field.js';

/** Total items in a cart: the sum of its entries' quantities. */
const cartQuantity: Formatter = (cart) => {
  const entries = getKey(cart, 'entries');
  const count = Array.isArray(entries) ? entries.reduce((n: number, e) => n + asNumber(getKey(e, 'quantity')), 0) : 0;
  return `<span class="sqs-cart-quantity">${count}</span>`;
};

export const COMMERCE_FORMATTERS: FormatterTable = {
  'add-to-cart-btn': addToCartButton,
  'bookkeeper-money-format': bookkeeperMoneyFormat,
  'cart-quantity': cartQuantity,
  // Kept so old templates compile; the reference retired it with this text.
  'cart-subtotal': () => 'deprecated, do not use',
  'cart-url': () => '/cart',
  'from-price': fromPrice,
  'i18n-money-format': i18nMoneyFormat,
  money,
  'money-format': moneyFormat,
  moneyFormat,
  'money-string': moneyString,
  'normal-price': normalPrice,
  'percentage-format': percentageFormat,
  'product-checkout': productCheckout,
  'product-price': productPrice,
  'product-quick-view': productQuickView,
  'product-restock-notification': productRestockNotification,
  'product-scarcity': productScarcity,
  'product-status': productStatus,
  'quantity-input': quantityInput,
  'sale-price': salePrice,
  'subscription-price': subscriptionPrice,
  'summary-form-field': summaryFormField,
  'variant-descriptor': (variant) => variantDescriptor(variant),
  'variants-select': variantsSelect,
};
