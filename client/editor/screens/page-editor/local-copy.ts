import type { PageLayout } from '../../../../blocks/layout-schema.js';

/**
 * The editor's copy of unsaved edits in this browser's localStorage, so a reload or a crashed
 * tab loses nothing: one entry per page, keyed by the page id and the draft version the edits
 * are based on (`atelier:page-draft:<id>:<base>`), written on every change and removed once
 * the server has the layout. Storage that is full or switched off is skipped quietly (the
 * server copy and the retrying autosave still hold).
 */
const PREFIX = 'atelier:page-draft:';

export interface LocalCopy {
  /** The draft version the edits started from (their If-Match). */
  base: number;
  layout: PageLayout;
  /** When it was written (ms). */
  at: number;
}

const keyOf = (id: string, base: number) => `${PREFIX}${id}:${base}`;

function keysOf(id: string, storage: Storage): string[] {
  const prefix = `${PREFIX}${id}:`;
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  return keys;
}

function store(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The page's local copy, if this browser has one (the newest when several were left). */
export function readLocalCopy(id: string, storage = store()): LocalCopy | undefined {
  if (!storage) return undefined;
  let found: LocalCopy | undefined;
  for (const key of keysOf(id, storage)) {
    try {
      const copy = JSON.parse(storage.getItem(key) ?? '') as LocalCopy;
      if (typeof copy.base === 'number' && Array.isArray(copy.layout?.sections) && (!found || copy.at > found.at)) found = copy;
    } catch {
      // A damaged entry is dropped below by the next write or drop.
    }
  }
  return found;
}

/** Keeps `layout` (edits based on version `base`) as the page's only local copy. */
export function writeLocalCopy(id: string, base: number, layout: PageLayout, storage = store(), now = Date.now()): void {
  if (!storage) return;
  try {
    for (const key of keysOf(id, storage)) if (key !== keyOf(id, base)) storage.removeItem(key);
    storage.setItem(keyOf(id, base), JSON.stringify({ base, layout, at: now } satisfies LocalCopy));
  } catch {
    // Quota or private mode: nothing more to keep here.
  }
}

/** Forgets the page's local copy (the server has the layout, or the owner took theirs). */
export function dropLocalCopy(id: string, storage = store()): void {
  if (!storage) return;
  try {
    for (const key of keysOf(id, storage)) storage.removeItem(key);
  } catch {
    // Nothing kept.
  }
}

/**
 * Forgets every page's local copy: on sign-out, so the next person on a shared computer never
 * gets someone else's unsaved edits restored into their editor.
 */
export function dropAllLocalCopies(storage = store()): void {
  if (!storage) return;
  try {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(PREFIX)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Nothing kept.
  }
}

/** JSON of `value` with object keys sorted, so two equal layouts compare equal whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Whether two layouts hold the same document. */
export function sameLayout(a: PageLayout, b: PageLayout): boolean {
  return canonical(a) === canonical(b);
}

/** How the editor starts from the server's draft and this browser's local copy. */
export type Start =
  | { kind: 'server'; layout: PageLayout }
  | { kind: 'restored'; layout: PageLayout }
  | { kind: 'diverged'; layout: PageLayout; base: number };

/**
 * No copy, or one equal to the server's draft: the server's draft (the copy is dropped). A copy
 * based on the server's current version: restored (autosaved at once). A copy based on an
 * older version: the server's draft moved on since, so the owner chooses (the conflict dialog).
 */
export function startFrom(id: string, draftVersion: number, serverLayout: PageLayout, storage = store()): Start {
  const copy = readLocalCopy(id, storage);
  if (!copy || sameLayout(copy.layout, serverLayout)) {
    if (copy) dropLocalCopy(id, storage);
    return { kind: 'server', layout: serverLayout };
  }
  if (copy.base === draftVersion) return { kind: 'restored', layout: copy.layout };
  return { kind: 'diverged', layout: copy.layout, base: copy.base };
}
