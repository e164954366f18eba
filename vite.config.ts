import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Browser entries: the storefront's island loader on every page, and the owner's
 * editor (client/editor/main.tsx) loaded only under /config/ once it exists.
 */
export const CLIENT_ENTRIES: Record<string, string> = {
  loader: 'client/runtime/loader.ts',
  editor: 'client/editor/main.tsx',
  // The platform host's pages (edge/pages/platform): a stylesheet only, on the owner app's tokens.
  platform: 'client/platform/platform.css',
};

function entries(): Record<string, string> {
  return Object.fromEntries(Object.entries(CLIENT_ENTRIES).filter(([, path]) => existsSync(root + path)).map(([name, path]) => [name, root + path]));
}

// Modules several storefront islands import; the loader's own modules stay in the loader. The
// form and restock islands' email check and bot-check loader join them: a chunk of their own would
// be one more file every page preloads (the layout preloads what any island imports). So do
// the domain/ rules the runtime used to hold (constants, storefront texts, fraction digits).
const STOREFRONT_SHARED =
  /client\/(components|runtime|islands\/product-form)\/|client\/islands\/form\/load-use-captcha\.ts$|domain\/(forms\/email|constants\/storefront|messages\/storefront-messages|money\/fraction-digits)\.ts$/;
const LOADER_OWN = /client\/runtime\/(loader|island-props|island|early-errors|early-taps|yield|strategies\/[^/]+)\.ts$/;
// Fetched only after an interaction (components/lazy-lightbox.tsx, the additional-fields
// form): kept out of the shared chunk every page loads.
// So is the owner app's stylesheet loader (runtime/preload-css.ts, fetched at its first lazy screen).
const ON_DEMAND = /client\/components\/(lightbox|focus-trap|additional-fields-dialog)\.tsx?$|client\/runtime\/preload-css\.ts$/;
// Census, RUM and the error reporter load on their own after the page (client/runtime/traffic).
const TRAFFIC = /client\/runtime\/traffic\//;

// Vite wraps every `import()` in its preload helper; ours (client/runtime/preload-helper.ts)
// does only what `modulePreload: false` leaves it to do (the owner app's lazy stylesheets, from
// a chunk of their own) and keeps 0.7 KB of gzip off every storefront page.
const VITE_PRELOAD_HELPER = '\0vite/preload-helper.js';
const preloadHelper: Plugin = {
  name: 'atelier:preload-helper',
  enforce: 'pre',
  load(id) {
    return id === VITE_PRELOAD_HELPER ? `export { __vitePreload } from ${JSON.stringify(`${root}client/runtime/preload-helper.ts`)};` : undefined;
  },
};

/**
 * `client/` -> `dist/client/`, served by the worker under /client/ (edge/files/client-assets.ts).
 * Every file name carries a content hash so the worker can cache it for a year; the
 * manifest (dist/client/manifest.json, never served) tells the layout the loader's name.
 */
export default defineConfig({
  root,
  base: '/client/',
  plugins: [preloadHelper, react()],
  publicDir: false,
  logLevel: 'warn',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: 'manifest.json',
    target: 'es2022',
    // Each island is its own chunk, loaded by client/runtime/loader.ts only when on the page. No
    // preload lists in the chunks: the layout preloads the shared chunks (edge/files/client-manifest.ts).
    modulePreload: false,
    rolldownOptions: {
      input: entries(),
      output: {
        entryFileNames: '[name]-[hash].js',
        // islands/<name>-<hash>.js per island folder; shared code under chunks/.
        chunkFileNames: (chunk) => {
          const island = /client\/islands\/([^/]+)\/mount\.tsx$/.exec(chunk.facadeModuleId ?? '');
          return island ? `islands/${island[1]}-[hash].js` : 'chunks/[name]-[hash].js';
        },
        assetFileNames: 'assets/[name]-[hash][extname]',
        // React is shared by every island (and the editor): one cached chunk. The code
        // islands share (runtime, components, product rules) is one more: many small
        // chunks would each restart gzip and cost the JS budget more bytes.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'storefront', test: (id: string) => STOREFRONT_SHARED.test(id) && !LOADER_OWN.test(id) && !TRAFFIC.test(id) && !ON_DEMAND.test(id) && !id.endsWith('/mount.tsx') },
          ],
        },
      },
    },
  },
});
