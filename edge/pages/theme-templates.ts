import { compile } from '../../engine/index.js';
import type { Db } from '../services/db.js';
import { themeContents, themeIndex, type ThemeFileRef } from '../services/theme.js';

export type CompiledTemplate = ReturnType<typeof compile>;

/**
 * Compiled templates of every site, keyed by content hash: compile once per isolate,
 * render many (STYLE 1). Identical files shared by sites compile once.
 */
const compiled = new Map<string, CompiledTemplate>();
// Bounds isolate memory when many sites share one isolate; Map order makes this FIFO.
const MAX_COMPILED = 5000;

export interface Theme {
  /** Page templates and partials by theme path (`home.html`, `partials/card.html`). */
  byPath: Map<string, CompiledTemplate>;
  /** The render option `partials`: by path without `.html`, by path, and by bare name when unique. */
  partials: Record<string, CompiledTemplate>;
  /** The theme version a `?theme_version` preview renders (theme-preview.ts); absent for the live theme. */
  version?: number;
}

export function compiledCacheSize(): number {
  return compiled.size;
}

function compileCached(hash: string, source: string, path: string): CompiledTemplate {
  let template = compiled.get(hash);
  if (!template) {
    template = compile(source);
    for (const e of template.errors) {
      console.warn(`template ${path}:${e.line}:${e.column} ${e.code} ${e.message}`);
    }
    if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value!);
    compiled.set(hash, template);
  }
  return template;
}

/** Partial names a theme file answers to (see docs/page-context.md). */
export function partialNames(paths: readonly string[]): Map<string, string[]> {
  const bare = new Map<string, number>();
  const base = (p: string) => p.slice(p.lastIndexOf('/') + 1).replace(/\.html$/, '');
  for (const p of paths) bare.set(base(p), (bare.get(base(p)) ?? 0) + 1);
  const out = new Map<string, string[]>();
  for (const p of paths) {
    const names = new Set([p, p.replace(/\.html$/, '')]);
    if (bare.get(base(p)) === 1) names.add(base(p));
    out.set(p, [...names]);
  }
  return out;
}

/**
 * Loads a site's templates, fetching from D1 only the contents whose hash is not compiled
 * yet. `index` is the theme's file index when the caller already has it (page-shell.ts).
 */
export async function loadTheme(db: Db, websiteId: string, index?: Promise<ThemeFileRef[]>): Promise<Theme> {
  return themeFromRefs(await (index ?? themeIndex(db, websiteId)), (paths) => themeContents(db, websiteId, paths));
}

/**
 * A theme from its file index: templates whose hash is compiled already come from the
 * cache, the others' contents from `fetch` (the live theme, or a theme version's preview).
 */
export async function themeFromRefs(allRefs: readonly ThemeFileRef[], fetch: (paths: string[]) => Promise<Map<string, string>>): Promise<Theme> {
  const refs = allRefs.filter((r) => r.path.endsWith('.html'));
  const missing = refs.filter((r) => !compiled.has(r.hash)).map((r) => r.path);
  const sources = missing.length ? await fetch(missing) : new Map<string, string>();
  const byPath = new Map<string, CompiledTemplate>();
  for (const ref of refs) {
    const cached = compiled.get(ref.hash);
    const source = sources.get(ref.path);
    if (cached) byPath.set(ref.path, cached);
    else if (source !== undefined) byPath.set(ref.path, compileCached(ref.hash, source, ref.path));
  }
  const partials: Record<string, CompiledTemplate> = {};
  for (const [path, names] of partialNames([...byPath.keys()])) {
    for (const name of names) partials[name] = byPath.get(path)!;
  }
  return { byPath, partials };
}
