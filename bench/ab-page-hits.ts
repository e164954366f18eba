/**
 * Cache hits of two checkouts in one run: this one and another (e.g. an older commit in a
 * `git worktree`), each its own worker in workerd, measured alternately (/healthz, then the
 * product page, for each worker, three rounds) so a busy machine weighs on both alike.
 * Besides requests per second it prints CPU per request (the workerd process from /proc,
 * and this load generator), which a loaded machine disturbs far less than throughput.
 *
 *   git worktree add --detach /tmp/base <commit> && ln -s "$PWD/node_modules" /tmp/base/node_modules
 *   BASE_CHECKOUT=/tmp/base npx tsx bench/ab-page-hits.ts
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { startWorker, type RunningWorker } from '../edge/test-support.js';
import { combine, line, measure, ratio, type RouteStats } from './pages.js';

const PRODUCT = '/shop/speckled-stoneware-mug';
const ROUNDS = 3;

function children(): Set<number> {
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
  const found = new Set<number>();
  const queue = [process.pid];
  while (queue.length) {
    const pid = queue.pop()!;
    for (const [child, parent] of parents) if (parent === pid && !found.has(child)) found.add(child), queue.push(child);
  }
  return found;
}

function cpuMs(pids: Iterable<number>): number {
  let ms = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ms += (Number(rest[11]) + Number(rest[12])) * 10;
    } catch {
      // Gone meanwhile.
    }
  }
  return ms;
}

interface Side {
  name: string;
  worker: RunningWorker;
  pids: number[];
  runs: Map<string, (RouteStats & { latencies: number[] })[]>;
  cpu: Map<string, { workerd: number; client: number; requests: number }>;
}

async function side(name: string, start: typeof startWorker): Promise<Side> {
  const before = children();
  const worker = await start({ port: 0 });
  const pids = [...children()].filter((pid) => !before.has(pid));
  return { name, worker, pids, runs: new Map(), cpu: new Map() };
}

const base = process.env.BASE_CHECKOUT;
if (!base) throw new Error('BASE_CHECKOUT=<path of the other checkout> is required');
const other = (await import(join(base, 'edge/test-support.ts'))) as { startWorker: typeof startWorker };
const sides = [await side(`base (${base})`, other.startWorker), await side('this checkout', startWorker)];
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (const s of sides) {
      for (const path of ['/healthz', PRODUCT]) {
        const workerd = cpuMs(s.pids);
        const client = process.cpuUsage();
        const stats = await measure(s.worker.url, path);
        const used = process.cpuUsage(client);
        const total = s.cpu.get(path) ?? { workerd: 0, client: 0, requests: 0 };
        total.workerd += cpuMs(s.pids) - workerd;
        total.client += (used.user + used.system) / 1000;
        total.requests += stats.requests + 100; // measure() warms up with 100 requests
        s.cpu.set(path, total);
        s.runs.set(path, [...(s.runs.get(path) ?? []), stats]);
      }
    }
  }
  console.log(`\ncache hits, two checkouts (8 concurrent, ${ROUNDS} alternating rounds)`);
  for (const s of sides) {
    const all = (path: string) => s.runs.get(path)!.reduce((a, b) => ({ ...combine(a, b), latencies: [...a.latencies, ...b.latencies] }));
    const trivial = all('/healthz');
    const hit = all(PRODUCT);
    console.log(` ${s.name}`);
    line('/healthz', trivial);
    line(`${PRODUCT} hit`, hit);
    ratio('hit / trivial:', hit, trivial);
    for (const path of ['/healthz', PRODUCT]) {
      const c = s.cpu.get(path)!;
      const us = (ms: number) => ((ms / c.requests) * 1000).toFixed(0).padStart(5);
      console.log(`  ${path.padEnd(34)} CPU per request: workerd ${us(c.workerd)} us, load generator ${us(c.client)} us, both ${us(c.workerd + c.client)} us`);
    }
  }
} finally {
  for (const s of sides) await s.worker.dispose();
}
