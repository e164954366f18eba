import { fillText, textsOver } from '../../domain/languages/words.js';
import { MESSAGES, unselectedOptionsMessage } from '../../domain/messages/storefront-messages.js';

/**
 * The add-to-cart button's own words (issue 29): the SPEC §4 passing labels, the SPEC §5/§8
 * texts of its alert. English here; a page in another language gives its theme texts (the
 * island's `texts` prop, same names) over them. `{option}`, `{options}` and `{last}` are
 * filled in by `unselectedText`.
 */
export const ADD_TO_CART_TEXTS = {
  adding: MESSAGES.adding,
  added: MESSAGES.added,
  soldOut: MESSAGES.soldOut,
  selectOption: MESSAGES.selectOption,
  addTitle: MESSAGES.addTitle,
  purchaseTitle: MESSAGES.purchaseTitle,
  somethingWrong: MESSAGES.somethingWrong,
  sessionExpired: MESSAGES.sessionExpired,
  cookiesDisabled: MESSAGES.cookiesDisabled,
  rateLimited: MESSAGES.rateLimited,
  network: MESSAGES.network,
  variantUnavailable: MESSAGES.variantUnavailable,
  notEnoughStock: MESSAGES.notEnoughStock,
  quantityNotNumber: MESSAGES.quantityNotNumber,
  quantityNotWhole: MESSAGES.quantityNotWhole,
  selectOneOption: unselectedOptionsMessage(['{option}']),
  selectOptions: unselectedOptionsMessage(['{options}', '{last}']),
};
export type AddToCartTexts = Record<keyof typeof ADD_TO_CART_TEXTS, string>;

// The catalogue texts that reach the alert as an English message (the cart API's, the product form's checks).
const CATALOGUE_KEYS = [
  'somethingWrong', 'sessionExpired', 'cookiesDisabled', 'rateLimited', 'network', 'variantUnavailable', 'notEnoughStock', 'quantityNotNumber', 'quantityNotWhole',
] as const satisfies readonly (keyof AddToCartTexts)[];

/**
 * The words an island received in its `texts` prop (the page's theme texts) over the English.
 * @example addToCartTextsOf({ added: 'Ajouté\u00a0!' }).added === 'Ajouté\u00a0!'
 */
export function addToCartTextsOf(value: unknown): AddToCartTexts {
  return textsOver<AddToCartTexts>(ADD_TO_CART_TEXTS, value);
}

/** A catalogue message in the page's words; any other text (the server's own, the owner's) as it is. */
export function localizedMessage(message: string, texts: AddToCartTexts): string {
  const key = CATALOGUE_KEYS.find((k) => ADD_TO_CART_TEXTS[k] === message);
  return key ? texts[key] : message;
}

/** SPEC §5 'Please select the Size and Glaze options.' in the page's words. */
export function unselectedText(names: readonly string[], texts: AddToCartTexts): string {
  if (names.length === 0) return '';
  if (names.length === 1) return fillText(texts.selectOneOption, { option: names[0]! });
  return fillText(texts.selectOptions, { options: names.slice(0, -1).join(', '), last: names[names.length - 1]! });
}
