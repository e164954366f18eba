/**
 * Forms benchmark: the demo contact form flooded by N visitors (default 1,000, 100 in flight),
 * each with its own crumb and key, against the worker in Miniflare (workerd) with the
 * seeded demo site. Reports keys/s and submissions/s, then checks exactly N rows were
 * stored and that replaying the keys stores nothing. Bounded: N visitors, one pass.
 * Run alone with `npx tsx bench/forms.ts`; `npm run bench` calls `run()`.
 */
import { pathToFileURL } from 'node:url';
import { startWorker, type RunningWorker } from '../edge/test-support.js';

const N = Number(process.env.FORMS_BENCH_N ?? 1000);
// Requests in flight at once. workerd on this 2-core machine resets connections past a few
// hundred simultaneous sockets (bench/README.md, "Forms"), so the 1,000 visitors arrive 100 at a time.
const IN_FLIGHT = Number(process.env.FORMS_BENCH_IN_FLIGHT ?? 100);

/** Maps `items` through `fn` with at most `limit` calls pending, keeping order. */
async function pool<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  }));
  return out;
}
// A person takes seconds to fill a form; below 3 s the submission would be held for review.
const FILL_MS = 3500;

async function call(worker: RunningWorker, path: string, crumb: string | undefined, body?: unknown) {
  const headers: Record<string, string> = {};
  if (crumb) Object.assign(headers, { cookie: `crumb=${crumb}`, 'x-csrf-token': crumb });
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await worker.fetch(path, { method: body === undefined ? 'GET' : 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, text, setCookie: res.headers.get('set-cookie') ?? '' };
}

const count = async (worker: RunningWorker) =>
  (await worker.db.prepare('SELECT count(*) AS n FROM form_submissions').first<{ n: number }>())!.n;

export async function run(): Promise<void> {
  const worker = await startWorker();
  try {
    const ctx = JSON.parse((await call(worker, '/contact?format=json', undefined)).text);
    const form = ctx.collection.form as { fields: { id: string; type: string; options?: string[] }[] };
    const crumbs = await pool(Array.from({ length: N }), IN_FLIGHT, async () => /crumb=([^;]+)/.exec((await call(worker, '/contact', undefined)).setCookie)![1]!);
    let t0 = performance.now();
    const keys = await pool(crumbs, IN_FLIGHT, async (crumb) => JSON.parse((await call(worker, '/api/form/FormSubmissionKey', crumb, '')).text).key as string);
    const keySeconds = (performance.now() - t0) / 1000;
    await new Promise((resolve) => setTimeout(resolve, FILL_MS));
    const value = (f: { type: string; options?: string[] }, i: number) =>
      ({ name: ['Ada', `Visitor${i}`], email: `visitor${i}@example.com`, textarea: `Hello from visitor ${i}`, select: f.options?.[0] ?? '' })[f.type] ?? '';
    const payload = (i: number) => ({
      key: keys[i], pageId: ctx.collection.id, contentSource: 'c', pagePath: '/contact', pageTitle: 'Contact',
      form: JSON.stringify(Object.fromEntries(form.fields.map((f) => [f.id, value(f, i)]))),
    });
    const before = await count(worker);
    t0 = performance.now();
    const saves = await pool(crumbs, IN_FLIGHT, (crumb, i) => call(worker, '/api/form/SaveFormSubmission', crumb, payload(i)));
    const saveSeconds = (performance.now() - t0) / 1000;
    const stored = (await count(worker)) - before;
    const ok = saves.filter((s) => s.status === 200).length;
    const replays = await Promise.all(crumbs.slice(0, 50).map((crumb, i) => call(worker, '/api/form/SaveFormSubmission', crumb, payload(i))));
    const afterReplay = (await count(worker)) - before;
    console.log(`forms: ${N} keys (${IN_FLIGHT} in flight) in ${keySeconds.toFixed(2)} s (${Math.round(N / keySeconds)} keys/s)`);
    console.log(`forms: ${N} submissions (${IN_FLIGHT} in flight) in ${saveSeconds.toFixed(2)} s (${Math.round(N / saveSeconds)} submissions/s), ${ok} answered 200, ${stored} stored`);
    console.log(`forms: 50 replayed keys -> ${afterReplay - stored} new rows, statuses ${[...new Set(replays.map((r) => r.status))].join(',')}`);
    if (ok !== N || stored !== N || afterReplay !== stored) throw new Error('forms flood lost, duplicated or refused submissions');
  } finally {
    await worker.dispose();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) await run();
