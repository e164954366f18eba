/**
 * The crash tests' store: the real worker started the way `npm start` starts it
 * (scripts/start.ts: Miniflare on ATELIER_PERSIST_DIR, ATELIER_PORT=0), killed with
 * SIGKILL on its whole process group (Node and workerd) and started again on the same
 * state. The script runs as the run's bundle of it (`node`, tests/crash/start-bundle.ts), or
 * with `tsx` outside the test runner's set-up; on a copy of the seeded template it skips
 * migrating and seeding (ATELIER_STATE_SEEDED=1), and its Cron Triggers can be run on demand
 * (`runCron`: a `c <expression>` line on its stdin, ATELIER_CRON_STDIN=1). The D1 file under the state folder is read with the `sqlite3` command line tool
 * (Debian package `sqlite3`), which is how the tests choose their kill points: they poll it
 * until the step they aim at has happened, then kill.
 *
 * Seeding the demo store takes most of a start, so the first file to need a state seeds one
 * template (a lock directory keeps the other files waiting) and every scenario copies it.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { cp, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { REPO_ROOT } from '../../schema/seed/load.js';
import { START_BUNDLE } from './start-bundle.js';

const run = promisify(execFile);

/** The order lease the crash tests run with (the deployed default is minutes). */
export const TEST_LEASE_SECONDS = 2;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  for (const dir of ['schema/migrations', 'fixtures/demo']) {
    const names = (await readdir(join(REPO_ROOT, dir)).catch(() => [])).sort();
    for (const name of names) hash.update(`${dir}/${name}:${(await stat(join(REPO_ROOT, dir, name))).mtimeMs}\n`);
  }
  return hash.digest('hex').slice(0, 16);
}

/** A seeded state folder shared by the scenarios of this machine (seeded once, then copied). */
async function seededTemplate(): Promise<string> {
  const root = join(tmpdir(), `atelier-crash-template-${await templateKey()}`);
  const ready = join(root, 'ready');
  const lock = `${root}.lock`;
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (await stat(ready).then(() => true, () => false)) return join(root, 'state');
    const mine = await mkdir(lock).then(() => true, () => false);
    if (mine) {
      try {
        const state = join(root, 'state');
        await rm(root, { recursive: true, force: true });
        await mkdir(state, { recursive: true });
        const store = new CrashStore(state);
        await store.start();
        await store.stop();
        await writeFile(ready, 'ok');
        return state;
      } finally {
        await rm(lock, { recursive: true, force: true });
      }
    }
    await sleep(500);
  }
  throw new Error('no seeded crash-test template within 5 minutes');
}

export class CrashStore {
  child: ChildProcess | undefined;
  base = '';
  output = '';
  /** When the last kill happened (Date.now()). */
  killedOn = 0;

  /** `seeded`: the state is a copy of the seeded template (start skips migrating and seeding). */
  constructor(
    readonly state: string,
    readonly seeded = false,
  ) {}

  /** A fresh copy of the seeded demo store in its own temporary folder. */
  static async fresh(): Promise<CrashStore> {
    const template = await seededTemplate();
    const state = await mkdtemp(join(tmpdir(), 'atelier-crash-'));
    await cp(template, state, { recursive: true });
    return new CrashStore(state, true);
  }

  async dbFile(): Promise<string> {
    const dir = join(this.state, 'v3', 'd1', 'miniflare-D1DatabaseObject');
    const file = (await readdir(dir)).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite');
    if (!file) throw new Error(`no D1 file under ${dir}`);
    return join(dir, file);
  }

  /** Rows of one SQL query on the D1 file (running or not: the file is in WAL mode). */
  async sql<T = Record<string, unknown>>(query: string): Promise<T[]> {
    const { stdout } = await run('sqlite3', ['-json', '-cmd', '.timeout 5000', await this.dbFile(), query]);
    return stdout.trim() ? (JSON.parse(stdout) as T[]) : [];
  }

  async count(query: string): Promise<number> {
    const [row] = await this.sql<{ n: number }>(query);
    return Number(row?.n ?? 0);
  }

  /** `npm start` on this state; resolves with the printed URL. */
  async start(): Promise<string> {
    this.output = '';
    const bundle = process.env[START_BUNDLE];
    const [command, args] = bundle ? [process.execPath, [bundle]] : [join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), ['scripts/start.ts']];
    const child = spawn(command, args, {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        ATELIER_PERSIST_DIR: this.state,
        ATELIER_PORT: '0',
        ATELIER_DEMO_OWNER_PASSWORD: '',
        ATELIER_ORDER_LEASE_SECONDS: String(TEST_LEASE_SECONDS),
        ATELIER_STATE_SEEDED: this.seeded ? '1' : '',
        ATELIER_CRON_STDIN: '1',
      },
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
    this.child = child;
    // A line written to a store that has just been killed is lost, not an error of the test.
    child.stdin!.on('error', () => undefined);
    child.stdout!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline) {
      const match = /Atelier demo store: (http:\/\/localhost:\d+)/.exec(this.output);
      if (match) return (this.base = match[1]!.replace('localhost', '127.0.0.1'));
      if (child.exitCode !== null) break;
      await sleep(200);
    }
    throw new Error(`npm start printed no URL:\n${this.output.slice(-3000)}`);
  }

  /**
   * Runs the Cron Trigger `expression` now, as its schedule would, in the running store
   * (start.ts's `c <expression>` line) and resolves with the outcome it printed.
   */
  async runCron(expression: string, timeoutMs = 60_000): Promise<string> {
    const child = this.child;
    if (!child?.stdin) throw new Error('the store is not running');
    const from = this.output.length;
    child.stdin.write(`c ${expression}\n`);
    const line = `Cron Trigger "${expression}": `;
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline && child.exitCode === null) {
      const at = this.output.indexOf(line, from);
      if (at >= 0 && this.output.indexOf('\n', at) > 0) return this.output.slice(at + line.length, this.output.indexOf('\n', at));
      await sleep(100);
    }
    throw new Error(`the Cron Trigger "${expression}" printed no outcome:\n${this.output.slice(-3000)}`);
  }

  /** SIGKILL to the whole process group: no handler runs, nothing is flushed or disposed. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child?.pid) return;
    const exited = new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve)));
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
    await exited;
    child.stdin?.destroy();
    this.killedOn = Date.now();
    // workerd is in the same group; give the kernel a moment to release the port and files.
    await sleep(300);
    this.child = undefined;
  }

  /** A clean stop (SIGTERM: Miniflare disposes and checkpoints). */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child?.pid) return;
    const exited = new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve)));
    process.kill(-child.pid, 'SIGTERM');
    await Promise.race([exited, sleep(10_000)]);
    if (child.exitCode === null && child.signalCode === null) await this.kill();
    this.child = undefined;
  }

  async dispose(): Promise<void> {
    await this.kill();
    await rm(this.state, { recursive: true, force: true });
  }

  /** Polls `query` (a count) until it reaches `atLeast` or `done()` says the storm is over. */
  async waitFor(query: string, atLeast: number, done: () => boolean, timeoutMs = 60_000): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    let n = 0;
    while (Date.now() < deadline && !done()) {
      n = await this.count(query).catch(() => 0);
      if (n >= atLeast) return n;
      await sleep(5);
    }
    return n;
  }
}

export interface Answer {
  status: number;
  json: any;
  headers: Headers;
}

/**
 * A shopper or visitor over real HTTP with a cookie jar, echoing the crumb on writes. One
 * connection per request (node:http, no agent): what these tests kill and restart is the
 * store, so no pooled socket may outlive it.
 */
export class Client {
  readonly jar = new Map<string, string>();

  constructor(private readonly store: CrashStore) {}

  async send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const h: Record<string, string> = { ...headers };
    if (this.jar.size) h.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const crumb = this.jar.get('crumb');
    if (method !== 'GET' && crumb) h['x-csrf-token'] ??= crumb;
    const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    if (payload !== undefined) {
      h['content-type'] ??= 'application/json';
      h['content-length'] = String(Buffer.byteLength(payload));
    }
    const { status, headers: answered, text } = await new Promise<{ status: number; headers: Headers; text: string }>((resolve, reject) => {
      const req = request(`${this.store.base}${path}`, { method, headers: { 'accept-encoding': 'gzip, br', ...h }, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const out = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) out.append(name, v);
          }
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const plain = encoding === 'gzip' ? gunzipSync(raw) : encoding === 'br' ? brotliDecompressSync(raw) : raw;
          resolve({ status: res.statusCode ?? 0, headers: out, text: plain.toString('utf8') });
        });
      });
      req.on('error', reject);
      req.end(payload);
    });
    for (const line of answered.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const i = pair.indexOf('=');
      const value = pair.slice(i + 1).trim();
      if (/max-age=0\b/i.test(line) || value === '') this.jar.delete(pair.slice(0, i).trim());
      else this.jar.set(pair.slice(0, i).trim(), value);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status, json, headers: answered };
  }
}
