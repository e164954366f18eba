import type { AssetsBinding } from '../env.js';

/**
 * What the layout needs from the Vite build (dist/client/manifest.json, read through the
 * ASSETS binding once per isolate): the hashed URL of the island loader, of the editor
 * entry, and of the chunks every island shares (preloaded so React arrives with the loader).
 */

/** One entry of Vite's manifest.json. */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

export interface ClientAssetUrls {
  /** `/client/loader-<hash>.js`, the storefront's one script. */
  loader: string;
  /** Shared chunks of the islands (React), for `<link rel="modulepreload">`. */
  preload: string[];
  /** `/client/editor-<hash>.js` when the build has the owner's editor. */
  editor?: string;
  /** Stylesheets the entries import. */
  css: string[];
  /** Stylesheets the editor entry imports (the owner app's tokens and components). */
  editorCss: string[];
  /** The platform host's stylesheet (client/platform/platform.css) when built. */
  platformCss?: string;
}

const BASE = '/client/';
export const LOADER_SOURCE = 'client/runtime/loader.ts';
export const EDITOR_SOURCE = 'client/editor/main.tsx';
const PLATFORM_CSS_SOURCE = 'client/platform/platform.css';

/** Reads the URLs the layout needs out of Vite's manifest (pure, for tests). */
export function clientAssetUrls(manifest: ViteManifest): ClientAssetUrls | undefined {
  const loader = manifest[LOADER_SOURCE];
  if (!loader) return undefined;
  const shared = new Set<string>();
  // A chunk two or more islands import (React, the runtime, shared messages) is preloaded; one
  // only a single island needs (the checkout's region tables, also split out because the owner
  // app imports them) comes with that island, not on every page.
  const importers = new Map<string, number>();
  for (const island of loader.dynamicImports ?? []) {
    for (const dep of new Set(manifest[island]?.imports ?? [])) importers.set(dep, (importers.get(dep) ?? 0) + 1);
  }
  for (const [dep, count] of importers) {
    const file = manifest[dep]?.file;
    if (file && count >= 2) shared.add(BASE + file);
  }
  for (const dep of loader.imports ?? []) {
    const file = manifest[dep]?.file;
    if (file) shared.add(BASE + file);
  }
  const editor = manifest[EDITOR_SOURCE];
  return {
    loader: BASE + loader.file,
    preload: [...shared],
    editor: editor ? BASE + editor.file : undefined,
    css: (loader.css ?? []).map((f) => BASE + f),
    editorCss: (editor?.css ?? []).map((f) => BASE + f),
    ...(manifest[PLATFORM_CSS_SOURCE] ? { platformCss: BASE + manifest[PLATFORM_CSS_SOURCE].file } : {}),
  };
}

let cached: Promise<ClientAssetUrls | undefined> | undefined;

/**
 * The current build's URLs, or undefined when the worker runs without built assets
 * (pages then work without islands, as they do without JavaScript).
 */
export function loadClientAssetUrls(assets: AssetsBinding | undefined): Promise<ClientAssetUrls | undefined> {
  if (!assets) return Promise.resolve(undefined);
  cached ??= assets
    .fetch('http://assets.local/manifest.json')
    .then(async (res) => (res.ok ? clientAssetUrls((await res.json()) as ViteManifest) : undefined))
    .catch((error: unknown) => {
      console.warn(`client manifest unreadable: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    })
    .then((urls) => {
      // A missing build is retried on a later request rather than cached for the isolate's life.
      if (!urls) cached = undefined;
      return urls;
    });
  return cached;
}
