/**
 * Plugin names found in place. The fast reader used to cut every formatter and
 * predicate name out of the source and hash the fresh string twice (the known-name
 * Set, then codegen's binding Map): about a tenth of a small template's compile.
 * A frozen table's names are indexed once by (length, first character); a name in
 * the source is compared against the few candidates of its bucket where it stands,
 * and the table's own key string (already hashed) goes into the instruction. The
 * text is the same, so the tree and everything after it are unchanged. Tables that
 * are not frozen (a caller's merged tables, made per compile) are not indexed: an
 * index per compile would cost more than it saves.
 */

/** Names longer than this are not indexed (none of the built-ins is); they are cut as before. */
const MAX_LENGTH = 64;

const bucketOf = (length: number, first: number): number => (length << 7) | (first & 127);

export class NameIndex {
  /** Made at full size and filled: a sparse array written at large indexes turns into a dictionary. */
  private readonly buckets: (string[] | null)[] = new Array<string[] | null>(MAX_LENGTH << 7).fill(null);

  constructor(names: readonly string[]) {
    for (const name of names) {
      if (name.length === 0 || name.length >= MAX_LENGTH) continue;
      const key = bucketOf(name.length, name.charCodeAt(0));
      const bucket = this.buckets[key];
      if (bucket === null) this.buckets[key] = [name];
      else bucket.push(name);
    }
  }

  /** The indexed name spelled by `text` from `at` to `end`, or undefined when there is none. */
  find(text: string, at: number, end: number): string | undefined {
    const length = end - at;
    if (length >= MAX_LENGTH) return undefined;
    const bucket = this.buckets[bucketOf(length, text.charCodeAt(at))];
    if (bucket === null) return undefined;
    for (let i = 0; i < bucket.length; i++) {
      // Same length, so a prefix match is the whole name.
      if (text.startsWith(bucket[i], at)) return bucket[i];
    }
    return undefined;
  }
}

/** Indexes of frozen tables. */
const INDEXES = new WeakMap<object, NameIndex>();

/** The index of `table`'s own names when it is frozen (its names can then never change), else null. */
export function nameIndexOf(table: object | undefined): NameIndex | null {
  if (table === undefined) return null;
  let index = INDEXES.get(table);
  if (index === undefined) {
    if (!Object.isFrozen(table)) return null;
    INDEXES.set(table, (index = new NameIndex(Object.keys(table))));
  }
  return index;
}
