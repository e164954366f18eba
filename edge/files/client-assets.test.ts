import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_DIST } from '../../scripts/client-build.js';
import { startWorker, type RunningWorker } from '../test-support.js';
import { clientAssetUrls, type ViteManifest } from './client-manifest.js';

let worker: RunningWorker;
let manifest: ViteManifest;

beforeAll(async () => {
  worker = await startWorker();
  manifest = JSON.parse(await readFile(join(CLIENT_DIST, 'manifest.json'), 'utf8')) as ViteManifest;
});
afterAll(async () => {
  await worker?.dispose();
});

describe('clientAssetUrls', () => {
  it('finds the loader, the chunks islands share (not one only a single island imports), and the editor when built', () => {
    const urls = clientAssetUrls({
      'client/runtime/loader.ts': { file: 'loader-AAAAAAAA.js', isEntry: true, dynamicImports: ['client/islands/a/mount.tsx', 'client/islands/b/mount.tsx'] },
      'client/islands/a/mount.tsx': { file: 'islands/a-BBBBBBBB.js', imports: ['_react.js', '_regions.js'] },
      'client/islands/b/mount.tsx': { file: 'islands/b-FFFFFFFF.js', imports: ['_react.js'] },
      '_react.js': { file: 'chunks/react-CCCCCCCC.js' },
      '_regions.js': { file: 'chunks/regions-GGGGGGGG.js' },
      'client/editor/main.tsx': { file: 'editor-DDDDDDDD.js', isEntry: true, css: ['assets/editor-EEEEEEEE.css'] },
      'client/platform/platform.css': { file: 'assets/platform-HHHHHHHH.css', isEntry: true },
    });
    expect(urls).toEqual({
      loader: '/client/loader-AAAAAAAA.js', preload: ['/client/chunks/react-CCCCCCCC.js'], editor: '/client/editor-DDDDDDDD.js', css: [], editorCss: ['/client/assets/editor-EEEEEEEE.css'],
      platformCss: '/client/assets/platform-HHHHHHHH.css',
    });
    expect(clientAssetUrls({})).toBeUndefined();
  });
});

describe('GET /client/<file>', () => {
  it('serves every built file with immutable caching and its type', async () => {
    for (const chunk of Object.values(manifest)) {
      const res = await worker.fetch(`/client/${chunk.file}`);
      expect(res.status, chunk.file).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      // Chunks are scripts; a stylesheet the build lists as its own file (a lazy screen's CSS) is CSS.
      expect(res.headers.get('content-type'), chunk.file).toMatch(chunk.file.endsWith('.css') ? /^text\/css/ : /javascript/);
      expect((await res.text()).length).toBeGreaterThan(0);
    }
  });

  it('never serves the manifest, unhashed names or paths outside the build', async () => {
    for (const path of ['/client/manifest.json', '/client/loader.js', '/client/../wrangler.toml', '/client/%2e%2e/package.json', '/client/']) {
      const res = await worker.fetch(path);
      expect(res.status, path).toBe(404);
    }
  });

  it('every page links the hashed loader and preloads React', async () => {
    const html = await (await worker.fetch('/')).text();
    const entry = manifest['client/runtime/loader.ts']!;
    expect(html).toContain(`<script type="module" src="/client/${entry.file}"></script>`);
    expect(html).toMatch(/<link rel="modulepreload" href="\/client\/chunks\/react-[\w-]{8}\.js">/);
  });
});
