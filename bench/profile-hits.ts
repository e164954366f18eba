/**
 * Where a cache hit's time goes (bench/README.md): the worker in workerd on loopback, 8
 * concurrent, for /healthz, the product page and the published 60-block page (every page
 * request a hit). Two measurements per route:
 *
 * 1. CPU per request, without a profiler: the workerd process (Miniflare's entry worker,
 *    the assets router, the app isolate, HTTP) from /proc (Linux), and this Node process
 *    (the load generator's fetch: HTTP parsing, gunzip).
 * 2. A V8 CPU profile of the app's isolate only, through workerd's inspector: the app's
 *    JavaScript per request, by source module of the bundle (esbuild's `// path` markers).
 *
 * Run with `npx tsx bench/profile-hits.ts` (not part of `npm run bench`: the profiler slows
 * what it watches, so its per-request figures are for the split, not for throughput).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { pathToFileURL } from 'node:url';
import WebSocket from 'ws';
import { workerScript } from '../scripts/worker-bundle.js';
import { demoOwner, signIn, startWorker } from '../edge/test-support.js';
import { sixtyBlockPage, BLOCK_PAGE } from './block-pages.js';
import { measure } from './pages.js';

const ROUTES = ['/healthz', '/shop/speckled-stoneware-mug', BLOCK_PAGE];

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Processes started under this one (workerd), for their CPU time. */
function descendants(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Gone meanwhile.
    }
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length) {
    const pid = queue.pop()!;
    for (const [child, parent] of parents) if (parent === pid) found.push(child), queue.push(child);
  }
  return found;
}

/** User plus system CPU milliseconds of `pids` (clock ticks of 10 ms). */
function cpuMs(pids: readonly number[]): number {
  let ms = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const rest = fields.slice(fields.lastIndexOf(')') + 2).split(' ');
      ms += (Number(rest[11]) + Number(rest[12])) * 10;
    } catch {
      // Gone meanwhile.
    }
  }
  return ms;
}

/** The bundle's source module of each line, from esbuild's `// path` comments. */
async function moduleOfLine(): Promise<(line: number) => string> {
  const lines = (await workerScript()).script.split('\n');
  const starts: [number, string][] = [];
  lines.forEach((text, i) => {
    const m = /^\/\/ ((?:edge|blocks|engine|domain|schema|node_modules)\/\S+)$/.exec(text);
    if (m) starts.push([i, m[1]!.replace(/^node_modules\/(@[^/]+\/[^/]+|[^/]+)\/.*$/, '$1')]);
  });
  return (line) => {
    let lo = 0;
    let hi = starts.length - 1;
    let found = '(bundle prelude)';
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid]![0] <= line) (found = starts[mid]![1]), (lo = mid + 1);
      else hi = mid - 1;
    }
    return found;
  };
}

class Inspector {
  private next = 0;
  private pending = new Map<number, (result: unknown) => void>();
  private constructor(private socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { id?: number; result?: unknown };
      if (message.id !== undefined) this.pending.get(message.id)?.(message.result), this.pending.delete(message.id);
    });
  }

  /** The inspector of the app's isolate (Miniflare names it core:user:<worker name>). */
  static async open(port: number): Promise<Inspector> {
    const targets = (await (await fetch(`http://127.0.0.1:${port}/json`)).json()) as { webSocketDebuggerUrl: string }[];
    const target = targets.find((t) => t.webSocketDebuggerUrl.endsWith('/core:user:atelier'));
    if (!target) throw new Error('no inspector target for the app worker');
    const socket = new WebSocket(target.webSocketDebuggerUrl);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    return new Inspector(socket);
  }

  send<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const id = ++this.next;
    return new Promise((resolve) => {
      this.pending.set(id, resolve as (result: unknown) => void);
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  close(): void {
    this.socket.close();
  }
}

/** Sampled microseconds by source module (native calls, GC and idle named as V8 names them). */
function byModule(profile: Profile, moduleAt: (line: number) => string): Map<string, number> {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const out = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = nodes.get(id)!.callFrame;
    const name = frame.url.endsWith('worker.mjs') ? moduleAt(frame.lineNumber + 1) : frame.url ? frame.url : frame.functionName ? `(native) ${frame.functionName}` : '(anonymous native)';
    // A sample's time is the gap to the next one.
    const us = profile.timeDeltas[i + 1] ?? 0;
    out.set(name, (out.get(name) ?? 0) + us);
  });
  return out;
}

export async function run(): Promise<void> {
  const inspectorPort = await freePort();
  const worker = await startWorker({ port: 0, inspectorPort });
  const moduleAt = await moduleOfLine();
  try {
    const demo = await demoOwner();
    await sixtyBlockPage(worker, await signIn(worker, demo.email, demo.password), BLOCK_PAGE.slice(1), true);
    const workerd = descendants(process.pid);
    console.log(`\nwhere a cache hit's time goes (8 concurrent; CPU from /proc without a profiler, then a V8 profile of the app isolate)`);
    for (const path of ROUTES) {
      await measure(worker.url, path);
      const before = cpuMs(workerd);
      const node = process.cpuUsage();
      const stats = await measure(worker.url, path);
      const served = stats.requests + 100; // measure() warms up with 100 requests first
      const workerdUs = ((cpuMs(workerd) - before) / served) * 1000;
      const used = process.cpuUsage(node);
      const clientUs = (used.user + used.system) / served;
      const inspector = await Inspector.open(inspectorPort);
      await inspector.send('Profiler.enable');
      await inspector.send('Profiler.setSamplingInterval', { interval: 100 });
      await inspector.send('Profiler.start');
      const profiled = await measure(worker.url, path);
      const { profile } = await inspector.send<{ profile: Profile }>('Profiler.stop');
      inspector.close();
      const modules = byModule(profile, moduleAt);
      const idle = ['(native) (idle)', '(native) (program)'].reduce((sum, name) => sum + (modules.get(name) ?? 0), 0);
      const js = [...modules.values()].reduce((a, b) => a + b, 0) - idle;
      const perRequest = js / (profiled.requests + 100);
      console.log(`  ${path}: workerd ${workerdUs.toFixed(0)} us CPU per request, load generator ${clientUs.toFixed(0)} us; app isolate JS ~${perRequest.toFixed(0)} us per request (profiled), of which:`);
      const top = [...modules].filter(([name]) => !name.startsWith('(native) (idle)') && !name.startsWith('(native) (program)')).sort((a, b) => b[1] - a[1]).slice(0, 12);
      for (const [name, us] of top) console.log(`    ${((100 * us) / js).toFixed(1).padStart(5)}%  ${name}`);
    }
  } finally {
    await worker.dispose();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await run();
}
