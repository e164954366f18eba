import { STORE_TEXTS, type StoreTextKey, type StoreTexts } from '../../domain/languages/store-texts.js';
import { escapeHtml } from '../../engine/index.js';

/**
 * A store text as HTML (issue 29): the text escaped, then each `{name}` replaced by
 * `html[name]`, markup the caller built and escaped itself (a link, a bold amount).
 * @example textHtml('You gave {amount} to {site}.', { amount: '<strong>5,00 $</strong>', site: 'A &amp; B' })
 */
export function textHtml(text: string, html: Record<string, string>): string {
  return escapeHtml(text).replace(/\{(\w+)\}/g, (whole, name: string) => html[name] ?? whole);
}

/**
 * A message a service or a form check answered in English, in the page's words when it is
 * one of `keys`' English texts (translated, else English); any other message as given.
 * @example messageIn('Choose or enter an amount to give.', frenchTexts, ['donateAmountMissing']) === 'Choisissez ou saisissez le montant de votre don.'
 */
export function messageIn(message: string | undefined, t: StoreTexts, keys: readonly StoreTextKey[]): string | undefined {
  if (message === undefined) return undefined;
  const key = keys.find((k) => STORE_TEXTS[k] === message);
  return key ? t[key] : message;
}
