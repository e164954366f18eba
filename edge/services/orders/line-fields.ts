/**
 * A line's additional-fields answers (the cart entry's canonical JSON, copied to the order
 * line) as label/value pairs for the owner's order view, the packing slip and the mail.
 * Objects give one pair per key; a list of texts (a name's first and last, a checkbox's
 * choices) is shown joined, other nested values as compact JSON; anything else (an array or
 * a bare value) is one pair labelled "Details".
 */
export function lineFieldAnswers(text: string | null | undefined): { label: string; value: string }[] {
  if (!text) return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  const show = (v: unknown): string => {
    if (typeof v === 'string') return v;
    if (v === null || v === undefined) return '';
    if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v.filter(Boolean).join(' ');
    return JSON.stringify(v);
  };
  if (value === null || value === undefined) return [];
  if (typeof value !== 'object' || Array.isArray(value)) return [{ label: 'Details', value: show(value) }];
  return Object.entries(value as Record<string, unknown>).map(([label, v]) => ({ label, value: show(v) }));
}
