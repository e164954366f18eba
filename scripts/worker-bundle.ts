/**
 * The worker bundled as one ES module, the way wrangler deploys it, for everything that
 * runs it in Miniflare on this machine: `npm start`, the tests and the benchmarks.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';
import { REPO_ROOT } from '../schema/seed/load.js';

/** The bundled worker: its ES module and the WebAssembly modules it imports (by bare name). */
export interface WorkerBundle {
  script: string;
  wasm: { name: string; path: string }[];
}

/** One module as Miniflare's `modules` option takes it. */
export interface WorkerModule {
  type: 'ESModule' | 'CompiledWasm';
  path: string;
  contents: string | Uint8Array;
}

let bundled: Promise<WorkerBundle> | undefined;

/**
 * Bundles edge/index.ts once per process, or reads the test run's bundle (PREBUILT_BUNDLE).
 * `.wasm` imports stay imports of compiled modules, as wrangler's CompiledWasm rule leaves
 * them, and travel beside the script.
 */
export function workerScript(): Promise<WorkerBundle> {
  bundled ??= process.env[PREBUILT_BUNDLE] ? readFile(process.env[PREBUILT_BUNDLE], 'utf8').then((text) => JSON.parse(text) as WorkerBundle) : buildWorker();
  return bundled;
}

/**
 * The environment variable that names a bundle `writeWorkerBundle` wrote: the test run's
 * global set-up bundles once and every test process reads the file instead of bundling again.
 */
export const PREBUILT_BUNDLE = 'ATELIER_WORKER_BUNDLE';

/** Bundles the worker into `file` (JSON: script and wasm paths) for PREBUILT_BUNDLE. */
export async function writeWorkerBundle(file: string): Promise<void> {
  await writeFile(file, JSON.stringify(await buildWorker()));
}

function buildWorker(): Promise<WorkerBundle> {
  const wasm = new Map<string, string>();
  return build({
    entryPoints: [join(REPO_ROOT, 'edge/index.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    // file-type's zip reader logs through `debug`, whose main entry needs Node's tty; its
    // browser build runs on workerd (wrangler.toml has the same alias for `wrangler dev/deploy`).
    // papaparse's main entry requires Node's stream (for its Node stream input); its browser build does not.
    alias: { debug: 'debug/src/browser.js', papaparse: 'papaparse/papaparse.min.js' },
    // wrangler.toml keep_names = false: the engine's closures compile faster without the shim.
    keepNames: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'compiled-wasm',
        setup(b) {
          b.onResolve({ filter: /\.wasm$/ }, (args) => {
            const path = join(args.resolveDir, args.path);
            const name = path.slice(path.lastIndexOf('/') + 1);
            wasm.set(name, path);
            return { path: name, external: true };
          });
        },
      },
    ],
  }).then((r) => ({ script: r.outputFiles[0]!.text, wasm: [...wasm].map(([name, path]) => ({ name, path })) }));
}

/** The bundle as Miniflare `modules` rooted at the repository (pass `modulesRoot: REPO_ROOT`). */
export async function workerModules(): Promise<WorkerModule[]> {
  const { script, wasm } = await workerScript();
  const compiled = await Promise.all(
    wasm.map(async (w) => ({ type: 'CompiledWasm' as const, path: join(REPO_ROOT, w.name), contents: new Uint8Array(await readFile(w.path)) })),
  );
  return [{ type: 'ESModule', path: join(REPO_ROOT, 'worker.mjs'), contents: script }, ...compiled];
}
