import { ROLE } from '../../../../domain/roles/roles.js';

/** A folder of the theme's file tree: its sub-folders and files, each in name order. */
export interface TreeFolder {
  name: string;
  path: string;
  folders: TreeFolder[];
  files: { name: string; path: string }[];
}

/** The folder tree of theme file paths (`partials/card.html`), folders before files. */
export function fileTree(paths: readonly string[]): TreeFolder {
  const root: TreeFolder = { name: '', path: '', folders: [], files: [] };
  for (const path of paths) {
    const parts = path.split('/');
    let folder = root;
    for (const name of parts.slice(0, -1)) {
      const at = folder.path ? `${folder.path}/${name}` : name;
      let next = folder.folders.find((f) => f.name === name);
      if (!next) {
        next = { name, path: at, folders: [], files: [] };
        folder.folders.push(next);
      }
      folder = next;
    }
    folder.files.push({ name: parts[parts.length - 1]!, path });
  }
  const order = (f: TreeFolder) => {
    f.folders.sort((a, b) => a.name.localeCompare(b.name));
    f.files.sort((a, b) => a.name.localeCompare(b.name));
    f.folders.forEach(order);
  };
  order(root);
  return root;
}

/** Android browsers (SPEC §8: 'Code editing is not available on Android.'). */
export function isAndroid(userAgent: string): boolean {
  return /\bAndroid\b/i.test(userAgent);
}

/** A change of a new version on top of its base: content, or null for a removed file. */
export interface ThemeChange {
  path: string;
  content: string | null;
}

/** What `work` (the edited file set) changes of `base`: added and changed files, then removed ones, each in path order. */
export function themeChanges(base: ReadonlyMap<string, string>, work: ReadonlyMap<string, string>): ThemeChange[] {
  const out: ThemeChange[] = [];
  for (const path of [...work.keys()].sort()) if (work.get(path) !== base.get(path)) out.push({ path, content: work.get(path)! });
  for (const path of [...base.keys()].sort()) if (!work.has(path)) out.push({ path, content: null });
  return out;
}

/** The file set with `from` moved to `to` (content kept), in the same insertion order. */
export function renamed(work: ReadonlyMap<string, string>, from: string, to: string): Map<string, string> {
  return new Map([...work].map(([path, content]) => [path === from ? to : path, content]));
}

/**
 * Whether the roles may publish and roll back theme versions (the `themePublishing` row of
 * edge/middleware/roles/permissions.ts). Only to hide the button: the server refuses anyway.
 */
export function canPublishTheme(roles: readonly number[]): boolean {
  return roles.includes(ROLE.admin) || roles.includes(ROLE.websiteManager);
}
