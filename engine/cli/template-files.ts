/**
 * Reading templates from disk. A theme's partials are every `*.html` file under
 * its root, named as the edge names them (docs/page-context.md): the path
 * relative to the root with forward slashes, without and with the extension,
 * and the bare file name when no other file has it. `partials/card.html`
 * answers to `partials/card`, `partials/card.html` and `card`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { CliError } from './cli-error.js';

export const TEMPLATE_EXTENSION = '.html';

/** A file's text, or a CliError that says plainly why it cannot be read. */
export function readText(file: string, what = 'file'): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new CliError(`${file}: no such ${what}`);
    if (code === 'EISDIR') throw new CliError(`${file}: is a directory, expected a ${what}`);
    if (code === 'EACCES') throw new CliError(`${file}: permission denied`);
    throw new CliError(`${file}: cannot read (${(e as Error).message})`);
  }
}

export function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Every file under `dir` whose name passes `keep`, sorted; dot folders and node_modules are skipped. */
export function walkFiles(dir: string, keep: (name: string) => boolean): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walkFiles(path, keep));
    else if (keep(entry.name)) out.push(path);
  }
  return out;
}

/** Expand the command-line paths: directories give their templates, files are taken as they are. */
export function expandPaths(paths: readonly string[], keep: (name: string) => boolean): string[] {
  const files: string[] = [];
  for (const p of paths) {
    if (isDirectory(p)) files.push(...walkFiles(p, keep));
    else {
      statOrFail(p);
      files.push(p);
    }
  }
  return files;
}

function statOrFail(path: string): void {
  try {
    statSync(path);
  } catch {
    throw new CliError(`${path}: no such file or directory`);
  }
}

export const isTemplateName = (name: string): boolean => name.endsWith(TEMPLATE_EXTENSION);

/** The partial names of each theme path (`partials/card.html`), see the module comment. */
export function partialNames(paths: readonly string[]): Map<string, string[]> {
  const bare = (p: string) => p.slice(p.lastIndexOf('/') + 1).slice(0, -TEMPLATE_EXTENSION.length);
  const uses = new Map<string, number>();
  for (const p of paths) uses.set(bare(p), (uses.get(bare(p)) ?? 0) + 1);
  return new Map(
    paths.map((p) => {
      const names = new Set([p.slice(0, -TEMPLATE_EXTENSION.length), p]);
      if (uses.get(bare(p)) === 1) names.add(bare(p));
      return [p, [...names]];
    }),
  );
}

/** Every template under `dir` as a partial. */
export function loadPartials(dir: string): Record<string, string> {
  if (!isDirectory(dir)) throw new CliError(`${dir}: no such directory (--partials expects a directory of ${TEMPLATE_EXTENSION} files)`);
  const files = new Map(walkFiles(dir, isTemplateName).map((f) => [relative(dir, f).split(sep).join('/'), f]));
  const partials: Record<string, string> = {};
  for (const [path, names] of partialNames([...files.keys()])) {
    const source = readText(files.get(path)!);
    for (const name of names) partials[name] = source;
  }
  return partials;
}
