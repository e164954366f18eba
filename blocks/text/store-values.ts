/**
 * Store values in page copy: a text block may write `{store.freeShippingOver}` where the amount
 * belongs, and the page shows the store's setting (the shipping zone's free-over threshold), so
 * the copy never contradicts the checkout; without the setting the token's sentence is left out. Pure: the editor and the worker share it; the
 * worker's loader (./loader.ts) reads the values.
 */

/** The tokens a text block may use, each `{store.<name>}`. */
export const STORE_VALUE_TOKENS = ['store.freeShippingOver'] as const;
export type StoreValueToken = (typeof STORE_VALUE_TOKENS)[number];

const TOKEN = /\{(store\.[A-Za-z]+)\}/g;

const known = (name: string): name is StoreValueToken => (STORE_VALUE_TOKENS as readonly string[]).includes(name);

/**
 * One run of the rendered text: `markup` (already escaped HTML, always shown), then the
 * sentence of `token`: `lead`, the value, `tail`, shown only when the store has the value. A
 * store without the setting (no shipping zone ships free) drops that one sentence, so the copy
 * never reads 'Free shipping on orders over .'.
 */
export interface TextPart {
  markup: string;
  token: StoreValueToken | '';
  /** The token's sentence before it, within the same run of text (from the sentence's start or the last tag). */
  lead: string;
  /** The token's sentence after it, to its full stop (or the next tag), with the space after it. */
  tail: string;
}

// A sentence ends at . ! or ? followed by a space, a tag or the end (not the point of '$1.50').
const SENTENCE_END = /[.!?](?=\s|<|$)/;

/** Where the token's sentence starts in the text before it: after the last tag or the last sentence end and its spaces. */
function sentenceStart(before: string): number {
  let start = before.lastIndexOf('>') + 1;
  const text = before.slice(start);
  for (const end of text.matchAll(/[.!?]\s+/g)) start = before.length - text.length + end.index + end[0].length;
  return start;
}

/** How much of the text after the token belongs to its sentence: to its end and the spaces after it, or to the next tag. */
function sentenceRest(after: string): number {
  const tag = after.indexOf('<');
  const text = tag === -1 ? after : after.slice(0, tag);
  const end = SENTENCE_END.exec(text + (tag === -1 ? '' : '<'));
  if (!end || end.index >= text.length) return text.length;
  const spaces = /^\s*/.exec(text.slice(end.index + 1))![0].length;
  return end.index + 1 + spaces;
}

/**
 * The rendered HTML cut at each known token, each with its sentence; undefined when it has none
 * (the block renders its HTML as before). Unknown `{store.x}` tokens stay as text.
 * @example splitStoreValues('<p>Hi. Free over {store.freeShippingOver}. Bye.</p>') // [{ markup: '<p>Hi. ', lead: 'Free over ', token: 'store.freeShippingOver', tail: '. ' }, { markup: 'Bye.</p>', lead: '', token: '', tail: '' }]
 */
export function splitStoreValues(html: string): TextPart[] | undefined {
  const matches = [...html.matchAll(TOKEN)].filter((m) => known(m[1]!));
  if (!matches.length) return undefined;
  const parts: TextPart[] = [];
  let from = 0;
  matches.forEach((match, i) => {
    const before = html.slice(from, match.index);
    const lead = sentenceStart(before);
    const afterStart = match.index + match[0].length;
    const after = html.slice(afterStart, matches[i + 1]?.index ?? html.length);
    const rest = sentenceRest(after);
    parts.push({ markup: before.slice(0, lead), lead: before.slice(lead), token: match[1] as StoreValueToken, tail: after.slice(0, rest) });
    from = afterStart + rest;
  });
  parts.push({ markup: html.slice(from), lead: '', token: '', tail: '' });
  return parts;
}

/** Whether a block's props (any JSON) use a store value: the loader reads D1 only then. */
export function usesStoreValues(props: unknown): boolean {
  const text = JSON.stringify(props ?? null);
  return [...text.matchAll(TOKEN)].some((m) => known(m[1]!));
}
