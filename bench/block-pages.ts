/**
 * Block-built pages (issue 23): a published 60-block page served from the page cache (hit)
 * and rendered on every request (cache off), beside today's HTML page (`/about`, a page of
 * HTML held in `main_content`) and the product page, and draft saves of the same layout
 * (PUT /api/pages/{id}/draft with If-Match, signed in as the demo owner), each against
 * `/healthz` of the same worker in the same run. Run alone with `npx tsx bench/block-pages.ts`;
 * `npm run bench` calls `run()`.
 */
import { pathToFileURL } from 'node:url';
import { demoOwner, signIn, startWorker, type RunningWorker, type SignedIn } from '../edge/test-support.js';
import { CONCURRENCY, REQUESTS, TIME_LIMIT_MS, combine, line, measure, ratio, type RouteStats } from './pages.js';

const HTML_PAGE = '/about';
const PRODUCT = '/shop/speckled-stoneware-mug';
export const BLOCK_PAGE = '/bench-sixty-blocks';
const SECTIONS = 6;
const BLOCKS_PER_SECTION = 10;

type Doc = { type: string; attrs?: Record<string, unknown>; content?: Doc[]; text?: string; marks?: { type: string; attrs?: Record<string, unknown> }[] };
const text = (words: string, ...marks: Doc['marks'] & object): Doc => ({ type: 'text', text: words, ...(marks.length ? { marks } : {}) });
const paragraph = (...content: Doc[]): Doc => ({ type: 'paragraph', content });
const doc = (...content: Doc[]): Doc => ({ type: 'doc', content });

/** The ten blocks of one section: rich text (heading, marks, links, a list), quote, button, code, spacer, rule. */
function sectionBlocks(s: number) {
  const at = (row: number, col = 1, span = 12) => ({ desktop: { col, row, span, rows: 1 } });
  const id = (n: number) => `s${s}b${n}`;
  return [
    { id: id(1), type: 'text', props: { text: doc({ type: 'heading', attrs: { level: 2 }, content: [text(`Studio notes, part ${s + 1}`)] }) }, layout: at(1) },
    {
      id: id(2),
      type: 'text',
      props: { text: doc(paragraph(text('Every piece is thrown, trimmed and glazed by hand in our '), text('Portland', { type: 'bold' }), text(' studio; '), text('read how we fire', { type: 'link', attrs: { href: '/journal' } }), text('.'))) },
      layout: at(2, 1, 6),
    },
    { id: id(3), type: 'text', props: { text: doc(paragraph(text('Stoneware clay, cone 6 glazes, and a kiln that runs twice a week. '.repeat(3)))) }, layout: at(2, 7, 6) },
    { id: id(4), type: 'quote', props: { text: 'The glaze never comes out the same way twice, and that is the point.', source: 'Mara, potter' }, layout: at(3) },
    { id: id(5), type: 'button', props: { label: 'Shop the collection', href: '/shop', style: 'primary', size: 'large' }, layout: at(4, 1, 4) },
    { id: id(6), type: 'spacer', props: { height: 40 }, layout: at(5) },
    { id: id(7), type: 'code', props: { code: 'firing schedule:\n  bisque  cone 04  8 h\n  glaze   cone 6  10 h', language: 'text' }, layout: at(6, 1, 6) },
    {
      id: id(8),
      type: 'text',
      props: { text: doc({ type: 'bulletList', content: ['Dishwasher safe', 'Food safe glazes', 'Made to order'].map((w) => ({ type: 'listItem', content: [paragraph(text(w, { type: 'italic' }))] })) }) },
      layout: at(6, 7, 6),
    },
    { id: id(9), type: 'horizontal-rule', props: {}, layout: at(7) },
    { id: id(10), type: 'button', props: { label: 'Visit the studio', href: '/contact', style: 'secondary' }, layout: at(8, 1, 4) },
  ];
}

/** The 60-block layout (SPEC §9: the most a layout may hold). */
export function sixtyBlockLayout() {
  return {
    sections: Array.from({ length: SECTIONS }, (_, s) => ({
      id: `section${s}`,
      design: { padding: (['small', 'medium', 'large'] as const)[s % 3], theme: (['light', 'dark', 'accent'] as const)[s % 3] },
      blocks: sectionBlocks(s),
    })),
  };
}

async function api(worker: RunningWorker, who: SignedIn, method: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(new URL(`/api/pages${path}`, worker.url), {
    method,
    headers: { ...who.headers, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { page: { id: string; draftVersion: number } };
  if (!res.ok) throw new Error(`${method} /api/pages${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json.page;
}

/** A page holding the 60-block layout as its draft (version 2); published when `publish`. */
export async function sixtyBlockPage(worker: RunningWorker, owner: SignedIn, slug: string, publish: boolean): Promise<{ id: string; version: number }> {
  const created = await api(worker, owner, 'POST', '', { title: 'Sixty blocks', slug });
  const saved = await api(worker, owner, 'PUT', `/${created.id}/draft`, { layout: sixtyBlockLayout() }, { 'If-Match': `"${created.draftVersion}"` });
  if (publish) await api(worker, owner, 'POST', `/${created.id}/publish`, { version: saved.draftVersion });
  return { id: created.id, version: saved.draftVersion };
}

function stats(path: string, latencies: number[], seconds: number): RouteStats & { latencies: number[] } {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
  return { path, latencies, requests: latencies.length, seconds, rps: latencies.length / seconds, p50: at(50), p99: at(99) };
}

/**
 * Draft saves, CONCURRENCY in flight: each lane saves its own page, every save based on the
 * version the lane's previous save answered (If-Match), so none is refused with 412.
 */
async function measureSaves(worker: RunningWorker, owner: SignedIn, pages: { id: string; version: number }[], total: number): Promise<RouteStats & { latencies: number[] }> {
  const layout = sixtyBlockLayout();
  const latencies: number[] = [];
  let issued = 0;
  const started = performance.now();
  const deadline = started + TIME_LIMIT_MS;
  await Promise.all(
    pages.map(async (page) => {
      while (issued < total && performance.now() < deadline) {
        issued++;
        const t0 = performance.now();
        const saved = await api(worker, owner, 'PUT', `/${page.id}/draft`, { layout }, { 'If-Match': `"${page.version}"` });
        latencies.push(performance.now() - t0);
        page.version = saved.draftVersion;
      }
    }),
  );
  return stats('PUT draft', latencies, (performance.now() - started) / 1000);
}

/** Hits: /healthz, today's HTML page, the product page and the 60-block page, alternating. */
async function servedPages(cache: 'on' | 'off') {
  const worker = await startWorker({ port: 0, bindings: { PAGE_CACHE: cache } });
  try {
    const demo = await demoOwner();
    const owner = await signIn(worker, demo.email, demo.password);
    await sixtyBlockPage(worker, owner, BLOCK_PAGE.slice(1), true);
    const size = async (path: string) => (await (await fetch(new URL(path, worker.url), { headers: { 'accept-encoding': 'identity' } })).arrayBuffer()).byteLength;
    const bytes = { html: await size(HTML_PAGE), blocks: await size(BLOCK_PAGE) };
    const routes = ['/healthz', HTML_PAGE, PRODUCT, BLOCK_PAGE];
    type Run = Awaited<ReturnType<typeof measure>>;
    const first: Run[] = [];
    for (const path of routes) first.push(await measure(worker.url, path));
    const second: Run[] = [];
    for (const path of routes) second.push(await measure(worker.url, path));
    const [trivial, html, product, blocks] = routes.map((_, i) => combine(first[i]!, second[i]!)) as [RouteStats, RouteStats, RouteStats, RouteStats];
    let saves: { trivial: RouteStats; save: RouteStats } | undefined;
    if (cache === 'on') {
      const lanes = await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => sixtyBlockPage(worker, owner, `bench-draft-${i}`, false)));
      const t1 = await measure(worker.url, '/healthz');
      const s1 = await measureSaves(worker, owner, lanes, REQUESTS / 2);
      const t2 = await measure(worker.url, '/healthz');
      const s2 = await measureSaves(worker, owner, lanes, REQUESTS / 2);
      saves = { trivial: combine(t1, t2), save: combine(s1, s2) };
    }
    return { trivial, html, product, blocks, saves, bytes };
  } finally {
    await worker.dispose();
  }
}

export async function run(): Promise<void> {
  const on = await servedPages('on');
  const off = await servedPages('off');
  const size = on.bytes;
  const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(`\nblock pages (workerd via Miniflare, loopback, ${CONCURRENCY} concurrent, two alternating runs of up to ${REQUESTS} requests or ${TIME_LIMIT_MS / 1000} s each)`);
  console.log(`  ${BLOCK_PAGE}: 60 blocks in ${SECTIONS} sections, ${kib(size.blocks)} of HTML; ${HTML_PAGE}: ${kib(size.html)}`);
  console.log(' page cache on (every measured request a hit)');
  line('/healthz (trivial route)', on.trivial);
  line(`${HTML_PAGE} (HTML page) hit`, on.html);
  line(`${PRODUCT} hit`, on.product);
  line(`${BLOCK_PAGE} hit`, on.blocks);
  ratio('HTML page hit / trivial:', on.html, on.trivial);
  ratio('product hit / trivial:', on.product, on.trivial);
  ratio('60-block hit / trivial:', on.blocks, on.trivial);
  ratio('60-block hit / HTML page hit:', on.blocks, on.html);
  console.log(' page cache off (every request renders)');
  line('/healthz (trivial route)', off.trivial);
  line(`${HTML_PAGE} (HTML page) render`, off.html);
  line(`${PRODUCT} render`, off.product);
  line(`${BLOCK_PAGE} render`, off.blocks);
  ratio('HTML page render / trivial:', off.html, off.trivial);
  ratio('60-block render / trivial:', off.blocks, off.trivial);
  ratio('60-block render / HTML render:', off.blocks, off.html);
  if (on.saves) {
    console.log(' draft saves of the 60-block layout (If-Match, signed in as the owner; each lane its own page)');
    line('/healthz (trivial route)', on.saves.trivial);
    line('PUT /api/pages/{id}/draft', on.saves.save);
    ratio('draft save / trivial:', on.saves.save, on.saves.trivial);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await run();
}
