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
