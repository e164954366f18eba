/**
 * Search keys for place names and postcodes: the same function builds the dataset's keys
 * and the query's, so "sao", "São" and "SAO" all meet at "sao".
 */

/**
 * Lower case, accents stripped, punctuation to spaces, runs of spaces collapsed.
 * @example placeKey('Saint-Étienne') === 'saint etienne'
 */
export function placeKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Postcodes compare without spaces or case: "sw1a 1aa" and "SW1A1AA" are one key.
 * @example postcodeKey('m5v 3l9') === 'M5V3L9'
 */
export function postcodeKey(text: string): string {
  return text.replace(/[\s-]+/g, '').toUpperCase();
}

/** True when the input reads as the start of a postcode (a digit first, or a Canadian/British letter-digit start). */
export function looksLikePostcode(input: string): boolean {
  const compact = postcodeKey(input);
  if (!compact || compact.length > 10) return false;
  return /^\d/.test(compact) || /^[A-Z]{1,2}\d/.test(compact);
}

