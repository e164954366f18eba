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
 * The page's words for the English messages services and form checks answer with: a message
 * that is the English of one of `keys` comes back as `t`'s text (translated, else English), any
 * other message as given. The English texts are looked up once, when the translator is made.
 * @example messageTranslator(['donateAmountMissing'])('Choose or enter an amount to give.', frenchTexts) === 'Choisissez ou saisissez le montant de votre don.'
 */
export function messageTranslator(keys: readonly StoreTextKey[]): (message: string | undefined, t: StoreTexts) => string | undefined {
  const keyOf = new Map<string, StoreTextKey>();
  // The first of two keys with the same English wins, as `keys` lists them.
  for (const key of keys) if (!keyOf.has(STORE_TEXTS[key])) keyOf.set(STORE_TEXTS[key], key);
  return (message, t) => {
    const key = message === undefined ? undefined : keyOf.get(message);
    return key ? t[key] : message;
  };
}
