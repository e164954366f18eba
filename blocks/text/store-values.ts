/**
 * Store values in page copy: a text block may write `{store.freeShippingOver}` where the amount
 * belongs, and the page shows the store's setting (the shipping zone's free-over threshold), so
 * the copy never contradicts the checkout. Pure: the editor and the worker share it; the
 * worker's loader (./loader.ts) reads the values.
 */

/** The tokens a text block may use, each `{store.<name>}`. */
export const STORE_VALUE_TOKENS = ['store.freeShippingOver'] as const;
export type StoreValueToken = (typeof STORE_VALUE_TOKENS)[number];

const TOKEN = /\{(store\.[A-Za-z]+)\}/g;

const known = (name: string): name is StoreValueToken => (STORE_VALUE_TOKENS as readonly string[]).includes(name);

/** One run of the rendered text: markup (already escaped HTML), then the value of `token` when set. */
export interface TextPart {
  markup: string;
  token: StoreValueToken | '';
}

/**
 * The rendered HTML cut at each known token; undefined when it has none (the block renders its
 * HTML as before). Unknown `{store.x}` tokens stay as text.
 * @example splitStoreValues('<p>Free over {store.freeShippingOver}.</p>') // [{ markup: '<p>Free over ', token: 'store.freeShippingOver' }, { markup: '.</p>', token: '' }]
 */
export function splitStoreValues(html: string): TextPart[] | undefined {
  const parts: TextPart[] = [];
  let from = 0;
  for (const match of html.matchAll(TOKEN)) {
    const name = match[1]!;
    if (!known(name)) continue;
    parts.push({ markup: html.slice(from, match.index), token: name });
    from = match.index + match[0].length;
  }
  if (!parts.length) return undefined;
  parts.push({ markup: html.slice(from), token: '' });
  return parts;
}

/** Whether a block's props (any JSON) use a store value: the loader reads D1 only then. */
export function usesStoreValues(props: unknown): boolean {
  const text = JSON.stringify(props ?? null);
  return [...text.matchAll(TOKEN)].some((m) => known(m[1]!));
}
