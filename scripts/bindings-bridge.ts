/**
 * D1 and R2 for Node-side code (tests, seed, bench) without Miniflare's synchronous proxy.
 *
 * `mf.getD1Database()` / `mf.getR2Bucket()` hand out proxies whose property reads and first
 * calls (every `prepare()` and `bind()`) block Node's main thread on a worker-thread
 * round trip (`SynchronousFetcher`). That handshake has a race: when its thread is
 * preempted between flagging a reply and notifying, the late notify wakes the *next* call
 * before its reply exists and Miniflare fails `assert(message?.id === id)` — on a loaded
 * machine, at random (docs/testing.md). So Node never uses those proxies: a small bridge
 * worker runs in the same workerd, bound to the same D1 databases and R2 buckets, and the
 * clients here build statements locally and send each query over `dispatchFetch` (plain
 * async HTTP). Batches still run as one D1 batch inside workerd, so they stay atomic.
 */
import type { D1Database, R2Bucket } from '@cloudflare/workers-types';
import { basename, dirname, join } from 'node:path';
import { Miniflare } from 'miniflare';
import type { WorkerModule } from './worker-bundle.js';

/** The bridge's host: `dispatchFetch` to it reaches the bridge worker (its route), never the app. */
export const BRIDGE_HOST = 'bindings-bridge.invalid';

/** Miniflare calls the clients need; `Miniflare#dispatchFetch` fits. */
export type DispatchFetch = (url: string, init?: { method?: string; headers?: Record<string, string>; body?: BodyInit | ArrayBuffer | string }) => Promise<Response>;

/** Values cross as JSON; bytes and `undefined` are tagged so D1 sees (and refuses) exactly what the caller bound. */
type Wire = null | boolean | number | string | { $bytes: string } | { $undefined: 1 };

const BRIDGE_SCRIPT = /* javascript */ `
function decode(value) {
  if (value && typeof value === 'object') {
    if ('$undefined' in value) return undefined;
    if ('$bytes' in value) return Uint8Array.from(atob(value.$bytes), (c) => c.charCodeAt(0));
  }
  return value;
}
function encodeResult(key, value) {
  if (value instanceof ArrayBuffer) value = new Uint8Array(value);
  if (!(value instanceof Uint8Array)) return value;
  let text = '';
  for (let i = 0; i < value.length; i += 8192) text += String.fromCharCode(...value.subarray(i, i + 8192));
  return { $bytes: btoa(text) };
}
function failure(error) {
  const cause = error && error.cause ? String(error.cause.message ?? error.cause) : undefined;
  return Response.json({ error: { name: error?.name ?? 'Error', message: String(error?.message ?? error), cause } });
}
async function d1(db, body) {
  const statements = body.statements.map((s) => db.prepare(s.sql).bind(...s.params.map(decode)));
  switch (body.op) {
    case 'batch': return db.batch(statements);
    case 'exec': return db.exec(body.sql);
    case 'first': return body.column === undefined ? statements[0].first() : statements[0].first(body.column);
    case 'raw': return statements[0].raw({ columnNames: body.columnNames === true });
    case 'run': return statements[0].run();
    default: return statements[0].all();
  }
}
async function r2(bucket, op, request, url) {
  const key = url.searchParams.get('key');
  if (op === 'put') {
    const options = JSON.parse(request.headers.get('x-r2-options') || '{}');
    const object = await bucket.put(key, await request.arrayBuffer(), options);
    return Response.json(describe(object));
  }
  if (op === 'head') return Response.json(describe(await bucket.head(key)));
  if (op === 'delete') { await bucket.delete(JSON.parse(url.searchParams.get('keys'))); return Response.json(null); }
  if (op === 'list') {
    const listed = await bucket.list(JSON.parse(url.searchParams.get('options') || '{}'));
    return Response.json({ ...listed, objects: listed.objects.map(describe) });
  }
  const object = await bucket.get(key);
  if (!object) return new Response(null, { status: 404 });
  return new Response(object.body, { headers: { 'x-r2-object': JSON.stringify(describe(object)) } });
}
function describe(object) {
  if (!object) return null;
  const { key, size, etag, httpEtag, uploaded, httpMetadata, customMetadata, version } = object;
  return { key, size, etag, httpEtag, uploaded: uploaded?.toISOString(), httpMetadata, customMetadata, version };
}
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const [, kind, binding, op] = url.pathname.split('/');
    try {
      if (kind === 'scheduled') {
        const time = url.searchParams.get('time');
        const result = await env.APP.scheduled({ cron: url.searchParams.get('cron') ?? undefined, scheduledTime: time ? new Date(Number(time)) : new Date() });
        return Response.json({ outcome: result.outcome });
      }
      if (kind === 'd1') return new Response(JSON.stringify({ result: await d1(env[binding], await request.json()) }, encodeResult));
      return await r2(env[binding], op, request, url);
    } catch (error) {
      return failure(error);
    }
  },
};
`;

/** The name under which withCronEntrypoint exports the worker's handler a second time. */
const CRON_ENTRYPOINT = 'CronTrigger';

/**
 * The worker's modules behind an entry module that exports its handler once more as
 * CRON_ENTRYPOINT, the entrypoint `bridgeWorker({ app })` binds for runScheduled.
 * @example modules: withCronEntrypoint(await workerModules())
 */
export function withCronEntrypoint(modules: WorkerModule[]): WorkerModule[] {
  const worker = modules[0]!;
  const contents = `export { default, default as ${CRON_ENTRYPOINT} } from './${basename(worker.path)}';\n`;
  return [{ type: 'ESModule', path: join(dirname(worker.path), 'cron-entry.mjs'), contents }, ...modules];
}

/**
 * The bridge worker's Miniflare options: add it to `workers` beside the app worker, with
 * the same D1 database ids and R2 bucket names as the app binds, so both see one store.
 * @example new Miniflare({ workers: [app, bridgeWorker({ d1: { DB: 'db' }, r2: { FILES: 'files' } })] })
 */
export function bridgeWorker(bindings: { d1?: Record<string, string>; r2?: Record<string, string>; app?: string }) {
  return {
    name: 'bindings-bridge',
    modules: true,
    script: BRIDGE_SCRIPT,
    compatibilityDate: '2026-04-20',
    // Fetcher#scheduled on the service binding to the app (runScheduled below).
    compatibilityFlags: ['service_binding_extra_handlers'],
    routes: [`${BRIDGE_HOST}/*`],
    d1Databases: bindings.d1 ?? {},
    r2Buckets: bindings.r2 ?? {},
    // The app's handler under the name CRON_ENTRYPOINT: a binding to the worker's default
    // export would reach the assets router in front of it, which has no scheduled handler.
    ...(bindings.app === undefined ? {} : { serviceBindings: { APP: { name: bindings.app, entrypoint: CRON_ENTRYPOINT } } }),
  };
}

/**
 * Runs the app worker's scheduled handler as a Cron Trigger would (`bridgeWorker({ app })`),
 * without Miniflare's synchronous `getWorker()` proxy.
 * @example expect((await runScheduled(dispatch, '7 * * * *', at)).outcome).toBe('ok');
 */
export async function runScheduled(dispatch: DispatchFetch, cron: string, at?: number): Promise<{ outcome: string }> {
  const query = new URLSearchParams({ cron, ...(at === undefined ? {} : { time: String(at) }) });
  return answer<{ outcome: string }>(await dispatch(`http://${BRIDGE_HOST}/scheduled?${query}`, { method: 'POST' }));
}

function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

function encodeParam(value: unknown): Wire {
  if (value === undefined) return { $undefined: 1 };
  if (value instanceof ArrayBuffer) return { $bytes: toBase64(new Uint8Array(value)) };
  if (ArrayBuffer.isView(value)) return { $bytes: toBase64(new Uint8Array(value.buffer, value.byteOffset, value.byteLength)) };
  return value as Wire;
}

function decodeResult(_key: string, value: unknown): unknown {
  if (value && typeof value === 'object' && '$bytes' in value) {
    const bytes = Buffer.from(String((value as { $bytes: string }).$bytes), 'base64');
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  }
  return value;
}

/** The error D1 threw inside workerd, with the same message (constraint names and all). */
export class BridgedError extends Error {
  constructor(error: { name: string; message: string; cause?: string }) {
    super(error.message, error.cause === undefined ? undefined : { cause: new Error(error.cause) });
    this.name = error.name;
  }
}

async function answer<T>(response: Response, reviver?: (key: string, value: unknown) => unknown): Promise<T> {
  const body = JSON.parse(await response.text(), reviver) as { result?: T; error?: { name: string; message: string; cause?: string } } | null;
  if (body && typeof body === 'object' && 'error' in body && body.error) throw new BridgedError(body.error);
  return (body && typeof body === 'object' && 'result' in body ? body.result : body) as T;
}

interface Statement {
  sql: string;
  params: Wire[];
}

class BridgedStatement {
  constructor(
    private readonly db: BridgedD1,
    readonly statement: Statement,
  ) {}

  bind(...values: unknown[]): BridgedStatement {
    return new BridgedStatement(this.db, { sql: this.statement.sql, params: values.map(encodeParam) });
  }

  first<T>(column?: string): Promise<T | null> {
    return this.db.send<T | null>({ op: 'first', column, statements: [this.statement] });
  }

  all<T>(): Promise<unknown> {
    return this.db.send<T>({ op: 'all', statements: [this.statement] });
  }

  run(): Promise<unknown> {
    return this.db.send({ op: 'run', statements: [this.statement] });
  }

  raw<T>(options?: { columnNames?: boolean }): Promise<T[]> {
    return this.db.send<T[]>({ op: 'raw', columnNames: options?.columnNames === true, statements: [this.statement] });
  }
}

class BridgedD1 {
  constructor(
    private readonly dispatch: DispatchFetch,
    private readonly binding: string,
  ) {}

  prepare(sql: string): BridgedStatement {
    return new BridgedStatement(this, { sql, params: [] });
  }

  batch(statements: BridgedStatement[]): Promise<unknown[]> {
    return this.send({ op: 'batch', statements: statements.map((s) => s.statement) });
  }

  exec(sql: string): Promise<unknown> {
    return this.send({ op: 'exec', sql, statements: [] });
  }

  async send<T>(body: object): Promise<T> {
    const response = await this.dispatch(`http://${BRIDGE_HOST}/d1/${this.binding}`, { method: 'POST', body: JSON.stringify(body) });
    return answer<T>(response, decodeResult);
  }
}

/**
 * A D1 handle for Node that talks to the bridge worker (prepare, bind, first, all, run,
 * raw, batch, exec: what Drizzle's D1 driver and the tests use).
 * @example const db = bridgedD1((url, init) => mf.dispatchFetch(url, init), 'DB');
 */
export function bridgedD1(dispatch: DispatchFetch, binding: string): D1Database {
  return new BridgedD1(dispatch, binding) as unknown as D1Database;
}

interface ObjectInfo {
  key: string;
  size: number;
  etag: string;
  httpEtag: string;
  uploaded?: string;
  httpMetadata?: Record<string, unknown>;
  customMetadata?: Record<string, string>;
}

function objectFrom(info: ObjectInfo | null) {
  return info && { ...info, uploaded: info.uploaded ? new Date(info.uploaded) : undefined };
}

async function bodyBytes(body: unknown): Promise<ArrayBuffer | string> {
  if (typeof body === 'string' || body instanceof ArrayBuffer) return body;
  if (ArrayBuffer.isView(body)) return body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer;
  if (body === null || body === undefined) return new ArrayBuffer(0);
  return new Response(body as BodyInit).arrayBuffer();
}

/**
 * An R2 handle for Node that talks to the bridge worker (put, get, head, delete, list).
 * @example await bridgedR2(dispatch, 'FILES').put('a.txt', 'hi', { httpMetadata: { contentType: 'text/plain' } });
 */
export function bridgedR2(dispatch: DispatchFetch, binding: string): R2Bucket {
  const base = `http://${BRIDGE_HOST}/r2/${binding}`;
  const call = (op: string, query: Record<string, string>, init: { method?: string; headers?: Record<string, string>; body?: ArrayBuffer | string } = {}) =>
    dispatch(`${base}/${op}?${new URLSearchParams(query)}`, { method: 'POST', ...init });
  const bucket = {
    async put(key: string, body: unknown, options: object = {}) {
      const response = await call('put', { key }, { headers: { 'x-r2-options': JSON.stringify(options) }, body: await bodyBytes(body) });
      return objectFrom(await answer<ObjectInfo | null>(response));
    },
    async head(key: string) {
      return objectFrom(await answer<ObjectInfo | null>(await call('head', { key })));
    },
    async get(key: string) {
      const response = await call('get', { key });
      if (response.status === 404) return null;
      const header = response.headers.get('x-r2-object');
      if (header === null) return answer(response); // an error the bridge caught
      const bytes = await response.arrayBuffer();
      return {
        ...objectFrom(JSON.parse(header) as ObjectInfo),
        body: new Blob([bytes]).stream(),
        arrayBuffer: async () => bytes,
        text: async () => new TextDecoder().decode(bytes),
        json: async () => JSON.parse(new TextDecoder().decode(bytes)) as unknown,
      };
    },
    async delete(keys: string | string[]) {
      await answer(await call('delete', { keys: JSON.stringify(keys) }));
    },
    async list(options: object = {}) {
      const listed = await answer<{ objects: ObjectInfo[] }>(await call('list', { options: JSON.stringify(options) }));
      return { ...listed, objects: listed.objects.map(objectFrom) };
    },
  };
  return bucket as unknown as R2Bucket;
}

export interface Bindings {
  mf: Miniflare;
  d1(binding: string): D1Database;
  r2(binding: string): R2Bucket;
  dispose(): Promise<void>;
}

/**
 * A workerd with D1 databases and R2 buckets and only the bridge in front of them (for
 * schema tests, the seed script and service tests that need no app worker).
 * @example const local = await startBindings({ d1: ['DB'] }); await applyMigrations(local.d1('DB'));
 */
export async function startBindings(options: { d1?: Record<string, string> | string[]; r2?: Record<string, string> | string[]; persistRoot?: string }): Promise<Bindings> {
  const d1 = Array.isArray(options.d1) ? Object.fromEntries(options.d1.map((name) => [name, name])) : (options.d1 ?? {});
  const r2 = Array.isArray(options.r2) ? Object.fromEntries(options.r2.map((name) => [name, name])) : (options.r2 ?? {});
  const mf = new Miniflare({
    ...(options.persistRoot === undefined ? {} : { defaultPersistRoot: options.persistRoot }),
    workers: [bridgeWorker({ d1, r2 })],
  });
  await mf.ready;
  const dispatch: DispatchFetch = (url, init) => mf.dispatchFetch(url, init as never) as unknown as Promise<Response>;
  return { mf, d1: (binding) => bridgedD1(dispatch, binding), r2: (binding) => bridgedR2(dispatch, binding), dispose: () => mf.dispose() };
}
