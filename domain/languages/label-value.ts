import { fillText, type StoreTexts } from './store-texts.js';

/**
 * A label and its value in the texts' language (issue 29): the store text `labelValue`,
 * '{label}: {value}' in English, '{label} : {value}' (a no-break space before the colon) in French.
 * @example labelValue(storeTexts(), 'Status', 'Active') === 'Status: Active'
 */
export function labelValue(texts: Pick<StoreTexts, 'labelValue'>, label: string, value: string): string {
  return fillText(texts.labelValue, { label, value });
}

/**
 * The same text in pieces, for markup that wraps the value: the label, then what stands
 * between the label and the value (': ' in English), then the value's piece after it.
 * @example labelValueParts(storeTexts()) // { before: '', between: ': ', after: '' }
 */
export function labelValueParts(texts: Pick<StoreTexts, 'labelValue'>): { before: string; between: string; after: string } {
  const text = texts.labelValue;
  const label = text.indexOf('{label}');
  const value = text.indexOf('{value}');
  // A translation without both slots, or with the value first, falls back to the English order.
  if (label === -1 || value < label + 7) return { before: '', between: ': ', after: '' };
  return { before: text.slice(0, label), between: text.slice(label + 7, value), after: text.slice(value + 7) };
}
