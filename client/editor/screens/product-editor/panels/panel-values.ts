/** Small readers the extra panels share: the product's values are `unknown` until read. */

const TYPE_NAMES: Record<string, string> = { '1': 'physical', '2': 'digital', '3': 'service', '4': 'giftCard' };

/** The API's type name of a product type, whether the draft holds the name or SPEC §3's number. */
export const typeName = (type: unknown): string => TYPE_NAMES[String(type)] ?? String(type);

export const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

export const flagOf = (value: unknown): boolean => value === true;

export function objectOf(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** A whole number typed into a field, or null when blank; NaN stays (the server names the field). */
export function wholeOrNull(text: string): number | null {
  const t = text.trim();
  return t === '' ? null : Number(t);
}

/**
 * The props every panel gets: the contract's ProductPanelProps (extra-panels.tsx), repeated here
 * because extra-panels.tsx imports the panels (an import back would be a cycle).
 */
export interface PanelProps {
  product: Record<string, unknown> & { productType: string; id?: string };
  change: (patch: Record<string, unknown>) => void;
  errors: Record<string, string>;
  disabled: boolean;
}
