/**
 * A plugin table's own entry by name, never an inherited one such as `toString`:
 * the assembler asks it to report unknown names and codegen to bind. A property
 * lookup by a name freshly cut from the source first interns the string (and the
 * built-in formatter table is too big to be a fast object); a Map hashes the name in
 * place. Each table gets one Map, filled per name on first use, which is sound
 * because compile only sees the frozen built-in tables or the merged copy `compile`
 * makes of a caller's tables, which nothing mutates afterwards.
 */
const ENTRIES = new WeakMap<object, Map<string, unknown>>();

// The last two tables asked about (a compile alternates between its formatters and its
// predicates) and the last name found: the assembler's check and codegen's binding ask
// for the same name, cut once, one after the other.
let tableA: object | undefined;
let entriesA: Map<string, unknown> | undefined;
let tableB: object | undefined;
let entriesB: Map<string, unknown> | undefined;
let lastEntries: Map<string, unknown> | undefined;
let lastName = '';
let lastValue: unknown;

function entriesOf(table: object): Map<string, unknown> {
  if (table === tableA) return entriesA!;
  if (table === tableB) return entriesB!;
  let entries = ENTRIES.get(table);
  if (entries === undefined) ENTRIES.set(table, (entries = new Map()));
  tableB = tableA;
  entriesB = entriesA;
  tableA = table;
  entriesA = entries;
  return entries;
}

export function ownEntry<T>(table: Readonly<Record<string, T>>, name: string): T | undefined {
  const entries = entriesOf(table);
  if (entries === lastEntries && name === lastName) return lastValue as T;
  let value = entries.get(name) as T | undefined;
  // Only names the table owns are remembered: unknown names in hostile templates must not grow the Map.
  if (value === undefined && Object.prototype.hasOwnProperty.call(table, name)) {
    value = table[name];
    entries.set(name, value);
  }
  lastEntries = entries;
  lastName = name;
  lastValue = value;
  return value;
}
