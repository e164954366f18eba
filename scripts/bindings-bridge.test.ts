import workerThreads from 'node:worker_threads';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { Miniflare } from 'miniflare';
import type { D1Database } from '@cloudflare/workers-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBindings, type Bindings } from './bindings-bridge.js';
import { REPO_ROOT } from '../schema/seed/load.js';

let local: Bindings;
let db: D1Database;

beforeAll(async () => {
  local = await startBindings({ d1: ['DB'], r2: ['FILES'] });
  db = local.d1('DB');
  await db.prepare('CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT UNIQUE NOT NULL, body BLOB)').run();
});
afterAll(async () => local?.dispose());

describe('bridged D1', () => {
  it('answers first, all, raw and run as D1 does', async () => {
    const insert = await db.prepare('INSERT INTO notes (title, body) VALUES (?, ?)').bind('one', new Uint8Array([1, 2])).run();
    expect(insert).toMatchObject({ success: true, meta: { changes: 1 } });
    expect(await db.prepare('SELECT title FROM notes WHERE id = ?').bind(insert.meta.last_row_id).first('title')).toBe('one');
    expect(await db.prepare('SELECT title, body FROM notes').first()).toEqual({ title: 'one', body: [1, 2] });
    expect((await db.prepare('SELECT title FROM notes').all()).results).toEqual([{ title: 'one' }]);
    expect(await db.prepare('SELECT id, title FROM notes').raw({ columnNames: true })).toEqual([['id', 'title'], [1, 'one']]);
    expect(await db.prepare('SELECT 1 FROM notes WHERE title = ?').bind('none').first()).toBeNull();
  });

  it("passes D1's own errors through, and refuses an unbound value as D1 does", async () => {
    await expect(db.prepare('INSERT INTO notes (title) VALUES (?)').bind('one').run()).rejects.toThrow(/UNIQUE constraint failed: notes.title/);
    await expect(db.prepare('INSERT INTO notes (title) VALUES (?)').bind(undefined).run()).rejects.toThrow(/D1_TYPE_ERROR/);
  });

  it('runs a batch as one transaction inside workerd: a failing statement rolls back the others', async () => {
    const add = (title: string) => db.prepare('INSERT INTO notes (title) VALUES (?)').bind(title);
    await expect(db.batch([add('two'), add('one')])).rejects.toThrow(/UNIQUE/);
    expect(await db.prepare('SELECT COUNT(*) AS n FROM notes').first('n')).toBe(1);
    const results = await db.batch([add('two'), add('three')]);
    expect(results).toHaveLength(2);
    expect(await db.prepare('SELECT COUNT(*) AS n FROM notes').first('n')).toBe(3);
  });

  it('serves 200 concurrent queries from one handle', async () => {
    const titles = Array.from({ length: 200 }, (_, i) => `many-${i}`);
    await Promise.all(titles.map((title) => db.prepare('INSERT INTO notes (title) VALUES (?)').bind(title).run()));
    expect(await db.prepare("SELECT COUNT(*) AS n FROM notes WHERE title LIKE 'many-%'").first('n')).toBe(200);
  });
});

describe('bridged R2', () => {
  it('puts, heads, gets, lists and deletes with metadata', async () => {
    const files = local.r2('FILES');
    await files.put('a/b.txt', Buffer.from('hello'), { httpMetadata: { contentType: 'text/plain' }, customMetadata: { by: 'test' } });
    expect(await files.head('a/b.txt')).toMatchObject({ key: 'a/b.txt', size: 5, customMetadata: { by: 'test' } });
    const object = await files.get('a/b.txt');
    expect(await object?.text()).toBe('hello');
    expect(object?.httpMetadata).toEqual({ contentType: 'text/plain' });
    expect((await files.list({ prefix: 'a/' })).objects.map((o) => o.key)).toEqual(['a/b.txt']);
    await files.delete('a/b.txt');
    expect(await files.get('a/b.txt')).toBeNull();
    expect(await files.head('a/b.txt')).toBeNull();
  });
});

/**
 * Miniflare's synchronous proxy wakes its caller with Atomics.notify on a shared flag. A
 * notify that arrives late — its worker thread preempted between flagging reply k and
 * notifying, which a loaded 2-core machine does now and then — wakes call k+1 before its
 * reply exists, and Miniflare fails `assert(message?.id === id)` ('false == true'). Here a
 * thread of ours plays the late notifier on the proxy's own flag, so the failure CI saw
 * happens every time instead of once in a few thousand runs.
 */
describe("Miniflare's synchronous proxy (why Node-side code never uses it)", () => {
  const LATE_NOTIFIER = `
    const { workerData } = require('node:worker_threads');
    const end = Date.now() + 2000;
    while (Date.now() < end) Atomics.notify(workerData.flag, 0);
  `;

  async function withCapturedFlag<T>(run: (flags: Int32Array[]) => Promise<T>): Promise<T> {
    const flags: Int32Array[] = [];
    const RealWorker = workerThreads.Worker;
    workerThreads.Worker = function CapturingWorker(script: string, options?: workerThreads.WorkerOptions) {
      const handle = (options?.workerData as { notifyHandle?: Int32Array } | undefined)?.notifyHandle;
      if (handle instanceof Int32Array) flags.push(handle);
      return new RealWorker(script, options);
    } as unknown as typeof workerThreads.Worker;
    try {
      return await run(flags);
    } finally {
      workerThreads.Worker = RealWorker;
    }
  }

  it('fails its own assertion when a notify arrives late', async () => {
    const mf = new Miniflare({ modules: true, script: 'export default { fetch() { return new Response("ok") } }', d1Databases: ['DB'] });
    try {
      const failure = await withCapturedFlag(async (flags) => {
        const proxied = (await mf.getD1Database('DB')) as unknown as D1Database;
        proxied.prepare('SELECT 1'); // a first synchronous round trip starts the proxy's thread
        expect(flags).toHaveLength(1);
        const notifier = new workerThreads.Worker(LATE_NOTIFIER, { eval: true, workerData: { flag: flags[0] } });
        try {
          for (let i = 0; i < 2000; i++) proxied.prepare('SELECT ?').bind(i);
          return undefined;
        } catch (error) {
          return error as Error;
        } finally {
          await notifier.terminate();
        }
      });
      expect(failure?.message).toMatch(/false == true/);
    } finally {
      await mf.dispose();
    }
  });

  it('does not touch the bridge, which has no such handshake: 500 concurrent queries all answer', async () => {
    const results = await Promise.all(Array.from({ length: 500 }, (_, i) => db.prepare('SELECT ? AS n').bind(i).first('n')));
    expect(results).toEqual(Array.from({ length: 500 }, (_, i) => i));
  });

  it('is used nowhere in the repository: D1 and R2 reach Node through the bridge only', async () => {
    const offenders: string[] = [];
    const SYNC_PROXY_DOORS = /\.(getD1Database|getR2Bucket|getKVNamespace|getBindings|getCaches|getDurableObjectNamespace|getWorker)\(|getPlatformProxy\(/;
    async function walk(dir: string): Promise<void> {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        if (['node_modules', 'dist', '.git', '.wrangler'].includes(entry.name) || entry.name.startsWith('.')) continue;
        const path = join(dir, entry.name);
        if (entry.isDirectory()) await walk(path);
        else if (/\.(ts|tsx|mts|js|mjs)$/.test(entry.name) && path !== join(REPO_ROOT, 'scripts', 'bindings-bridge.test.ts')) {
          const lines = (await readFile(path, 'utf8')).split('\n');
          lines.forEach((line, i) => {
            if (SYNC_PROXY_DOORS.test(line) && !/^\s*(\*|\/\/)/.test(line)) offenders.push(`${relative(REPO_ROOT, path)}:${i + 1}`);
          });
        }
      }
    }
    await walk(REPO_ROOT);
    expect(offenders).toEqual([]);
  });
});
