import { readFile, readdir, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DemoFixtures } from './fixture-types.js';

/** The repository root, found from this file so scripts work from any cwd. */
export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DEMO_DIR = join(REPO_ROOT, 'fixtures', 'demo');
export const THEME_DIR = join(REPO_ROOT, 'fixtures', 'theme');

async function readJson<T>(dir: string, name: string): Promise<T> {
  return JSON.parse(await readFile(join(dir, name), 'utf8')) as T;
}

/** Every regular file under `dir`, as paths relative to it with '/' separators, sorted. */
export async function listFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  async function walk(current: string): Promise<void> {
    let entries;
    try {
      entries = await readdir(current, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const full = join(current, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) found.push(relative(dir, full).split(sep).join('/'));
    }
  }
  await walk(dir);
  return found.sort();
}

/**
 * Reads fixtures/demo/*.json, the sizes of its files and every theme file, so that
 * `buildDemoSeed` can stay free of I/O.
 */
export async function loadDemoFixtures(demoDir = DEMO_DIR, themeDir = THEME_DIR): Promise<DemoFixtures> {
  const fileSizes: Record<string, number> = {};
  for (const file of await listFiles(demoDir)) fileSizes[file] = (await stat(join(demoDir, file))).size;
  const themeFiles = await Promise.all(
    (await listFiles(themeDir)).map(async (path) => ({ path, content: await readFile(join(themeDir, path), 'utf8') })),
  );
  return {
    website: await readJson(demoDir, 'website.json'),
    collections: await readJson(demoDir, 'collections.json'),
    products: await readJson(demoDir, 'products.json'),
    posts: await readJson(demoDir, 'posts.json'),
    authors: await readJson(demoDir, 'authors.json'),
    forms: await readJson(demoDir, 'forms.json'),
    pages: await readJson(demoDir, 'pages.json'),
    navigation: await readJson(demoDir, 'navigation.json'),
    translations: await readJson<DemoFixtures['translations']>(demoDir, 'translations.json').catch(() => undefined),
    images: await readJson(demoDir, 'images.json'),
    fileSizes,
    themeFiles,
  };
}
