/**
 * `scripts/start.ts` bundled once per test run (tests/global-setup.ts) for the crash tests'
 * stores: `node <bundle>` starts in about half the CPU time of `tsx scripts/start.ts`, which
 * transpiles and resolves the script's own modules through its loader on every start. The
 * bundle is the same code: packages stay imports of node_modules, and every module keeps its
 * own `import.meta.url` (REPO_ROOT, the fonts' folder and the scripts' `main` checks read it),
 * except the entry, whose `main` check must see the bundle as the script it runs.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { REPO_ROOT } from '../../schema/seed/load.js';

/** The environment variable naming the bundle; unset, the crash tests run `tsx scripts/start.ts`. */
export const START_BUNDLE = 'ATELIER_START_BUNDLE';

/**
 * Writes the bundle to `file`, which must lie inside the repository (its packages are
 * resolved from node_modules above it).
 */
export async function writeStartBundle(file: string): Promise<void> {
  const entry = join(REPO_ROOT, 'scripts', 'start.ts');
  await build({
    entryPoints: [entry],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
    plugins: [
      {
        name: 'own-import-meta-url',
        setup(b) {
          b.onLoad({ filter: /\.tsx?$/ }, async ({ path }) => {
            const source = await readFile(path, 'utf8');
            const contents = path === entry ? source : source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href));
            return { contents, loader: path.endsWith('.tsx') ? 'tsx' : 'ts' };
          });
        },
      },
    ],
  });
}
