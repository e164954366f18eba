import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoOwner, signIn, startWorker, type RunningWorker, type SignedIn } from '../../edge/test-support.js';
import { BLOCKS } from '../../blocks/registry.js';
import { applyBrandTone } from '../../domain/site-styles/brand-tones.js';
import { DEFAULT_SITE_STYLES } from '../../domain/site-styles/site-styles.js';
import { BLOCK_TYPES } from '../../engine/cli/block-types.js';
import { loadContextFields, type Shape } from '../../engine/cli/context-fields.js';
import { main } from '../../engine/cli/main.js';
import { devCommand } from '../../engine/cli/dev-command.js';
import { DEV_EVENTS, type DevServer } from '../../engine/cli/dev-server.js';
import { STATE_FILE } from '../../engine/cli/site-client.js';

// The theme commands of the `atelier` CLI against a real worker on a loopback port, and the
// page-context documentation `atelier lint` reads, checked against the same worker's pages.
let worker: RunningWorker;
let owner: SignedIn;
let site: string;
const dirs: string[] = [];
beforeAll(async () => {
  worker = await startWorker({ port: 0 });
  site = worker.url.origin;
  const { email, password } = await demoOwner();
  owner = await signIn(worker, email, password);
}, 120_000);
afterAll(async () => {
  await worker?.dispose();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function token(scopes: string[]): Promise<{ id: string; secret: string }> {
  const res = await worker.fetch('/api/owner/api-tokens', {
    method: 'POST',
    headers: { ...owner.headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: `cli ${scopes.join(' ')}`, scopes, expiresInDays: 7 }),
  });
  const json = (await res.json()) as { token: { id: string }; secret: string };
  return { id: json.token.id, secret: json.secret };
}

async function atelier(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (t) => void out.push(t), err: (t) => void err.push(t) });
  return { code, out: out.join(''), err: err.join('') };
}

const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'atelier-theme-'));
  dirs.push(d);
  return d;
};
const home = async (headers: Record<string, string> = {}) => (await fetch(`${site}/`, { headers })).text();
const mark = (dir: string, text: string) => {
  const file = join(dir, 'layout.html');
  writeFileSync(file, readFileSync(file, 'utf8').replace(/(<p id="cli-mark">[^<]*<\/p>)?<\/body>/, `<p id="cli-mark">${text}</p></body>`));
};

describe('atelier pull / push / publish / rollback', () => {
  it('round trip: the storefront shows the pushed change after publish and the old one after rollback', async () => {
    const { secret } = await token(['theme:read', 'theme:write']);
    const dir = tempDir();
    const pulled = await atelier('pull', '--site', site, '--token', secret, dir);
    expect(pulled).toMatchObject({ code: 0, err: '' });
    expect(pulled.out).toMatch(/^Pulled version 1 \(\d+ files\)/);
    const state = JSON.parse(readFileSync(join(dir, STATE_FILE), 'utf8')) as { files: string[] };
    expect(state).toMatchObject({ site, version: 1 });
    expect(state.files).toContain('partials/product-card.html');
    expect(readFileSync(join(dir, 'assets/site.css'), 'utf8')).toContain('{');

    mark(dir, 'pushed');
    // The token from the environment; the site from the pull's state file.
    vi.stubEnv('ATELIER_TOKEN', secret);
    const pushed = await atelier('push', dir);
    vi.unstubAllEnvs();
    expect(pushed.code).toBe(0);
    const number = Number(/Created version (\d+)/.exec(pushed.out)![1]);
    const preview = /Preview: (\S+)/.exec(pushed.out)![1]!;
    expect(preview).toBe(`${site}/?theme_version=${number}`);
    expect(await home()).not.toContain('cli-mark');
    expect(await (await fetch(preview, { headers: { Authorization: `Bearer ${secret}` } })).text()).toContain('<p id="cli-mark">pushed</p>');

    expect((await atelier('publish', '--site', site, '--token', secret, '--version', String(number))).code).toBe(0);
    expect(await home()).toContain('<p id="cli-mark">pushed</p>');

    const rolled = await atelier('rollback', '--site', site, '--token', secret);
    expect(rolled.code).toBe(0);
    expect(rolled.out).toMatch(/^Published version 1 \(was \d+\)/);
    expect(await home()).not.toContain('cli-mark');
  });

  it('refuses a push when the live version changed since the pull, unless forced; push --publish records the new base', async () => {
    const { secret } = await token(['theme:read', 'theme:write']);
    const [a, b] = [tempDir(), tempDir()];
    expect((await atelier('pull', '--site', site, '--token', secret, a)).code).toBe(0);
    expect((await atelier('pull', '--site', site, '--token', secret, b)).code).toBe(0);
    mark(a, 'from a');
    const first = await atelier('push', a, '--token', secret, '--publish');
    expect(first.code).toBe(0);
    expect(first.out).toMatch(/Published version (\d+)/);
    expect(await home()).toContain('<p id="cli-mark">from a</p>');
    const live = Number(/Published version (\d+)/.exec(first.out)![1]);
    expect(JSON.parse(readFileSync(join(a, STATE_FILE), 'utf8')).version).toBe(live);

    mark(b, 'from b');
    const stale = await atelier('push', b, '--token', secret, '--publish');
    expect(stale.code).toBe(1);
    expect(stale.err).toContain(`The live theme is now version ${live}`);
    expect(stale.err).toContain('--force');
    expect(await home()).toContain('<p id="cli-mark">from a</p>');
    expect((await atelier('push', b, '--token', secret, '--publish', '--force')).code).toBe(0);
    expect(await home()).toContain('<p id="cli-mark">from b</p>');
    // a is now behind b's publish, but a second push from a is still checked against its own base.
    expect((await atelier('push', a, '--token', secret)).code).toBe(1);
  });

  it('a version that does not compile is refused with file:line:col and the site keeps its theme', async () => {
    const { secret } = await token(['theme:read', 'theme:write']);
    const dir = tempDir();
    expect((await atelier('pull', '--site', site, '--token', secret, dir)).code).toBe(0);
    const before = await home();
    writeFileSync(join(dir, 'search.html'), '<h1>Search</h1>\n{.section search}{query|nosuch}{.end}');
    const broken = await atelier('push', dir, '--token', secret, '--publish');
    expect(broken.code).toBe(1);
    expect(broken.out).toMatch(/Created version \d+/);
    expect(broken.err).toContain("search.html:2:25  FORMATTER_UNKNOWN  Formatter 'nosuch' is unknown");
    expect(broken.err).toContain('was not published: 1 template error; the live site is unchanged');
    expect(await home()).toBe(before);
  });

  it('a read-only token cannot push; revoked and expired tokens answer 401; usage mistakes exit 2', async () => {
    const reader = await token(['theme:read']);
    const dir = tempDir();
    expect((await atelier('pull', '--site', site, '--token', reader.secret, dir)).code).toBe(0);
    const push = await atelier('push', dir, '--token', reader.secret);
    expect(push.code).toBe(1);
    expect(push.err).toContain('(403)');
    expect((await atelier('publish', '--version', '1', '--site', site, '--token', reader.secret)).code).toBe(1);

    const revoked = await token(['theme:read']);
    await worker.fetch(`/api/owner/api-tokens/${revoked.id}`, { method: 'DELETE', headers: owner.headers });
    const refused = await atelier('pull', '--site', site, '--token', revoked.secret, tempDir());
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('the site refused the token (401)');

    const expired = await token(['theme:read']);
    await worker.db.prepare('update api_tokens set expires_on = ? where id = ?').bind(Date.now() - 1000, expired.id).run();
    expect((await atelier('pull', '--site', site, '--token', expired.secret, tempDir())).err).toContain('(401)');

    writeFileSync(join(dir, 'assets/logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe, 0x00]));
    const binary = await atelier('push', dir, '--token', reader.secret);
    expect(binary.code).toBe(1);
    expect(binary.err).toContain('logo.png is not UTF-8 text');

    expect((await atelier('pull', '--site', site, tempDir())).code).toBe(2);
    expect((await atelier('publish', '--site', site, '--token', reader.secret)).code).toBe(2);
    expect((await atelier('pull', '--site', 'ftp://x', '--token', 't')).code).toBe(2);
  });
});

/** Fields of `value` that `shape` does not list, as dotted paths (lists: every element). */
function undocumented(value: unknown, shape: Shape | undefined, path: string): string[] {
  if (!shape || shape.kind === 'any' || value === null || typeof value !== 'object') return [];
  if (Array.isArray(value)) return shape.kind === 'list' ? value.flatMap((v) => undocumented(v, shape.of, `${path}[]`)) : [];
  if (shape.kind !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => (shape.fields.has(k) ? undocumented(v, shape.fields.get(k), `${path}.${k}`) : [`${path}.${k}`]));
}

describe('docs/page-context.md "Fields per page type"', () => {
  it('lists every field the real page context of each page type has', async () => {
    const fields = loadContextFields();
    const shop = (await (await worker.fetch('/shop?format=json')).json()) as { items: { fullUrl: string }[] };
    const journal = (await (await worker.fetch('/journal?format=json')).json()) as { items: { fullUrl: string }[] };
    const paths = ['/', '/shop', '/journal', '/about', '/cart', '/search?q=mug', '/no-such-page', shop.items[0]!.fullUrl, journal.items[0]!.fullUrl];
    const seen = new Set<string>();
    const missing: string[] = [];
    for (const path of paths) {
      const context = (await (await worker.fetch(`${path}${path.includes('?') ? '&' : '?'}format=json`)).json()) as { pageTypeName: string };
      seen.add(context.pageTypeName);
      const shape = fields.pageTypes.get(context.pageTypeName);
      if (!shape) missing.push(`${path}: page type ${context.pageTypeName}`);
      else missing.push(...undocumented(context, shape, context.pageTypeName).map((f) => `${path}: ${f}`));
    }
    expect(missing, 'fields to add to docs/page-context.md (context-fields block)').toEqual([]);
    expect([...seen].sort()).toEqual(['cart', 'collection', 'home', 'item', 'not-found', 'page', 'search']);
  });

  it("lint's block types are the registry's", () => {
    expect([...BLOCK_TYPES].sort()).toEqual(BLOCKS.map((b) => b.name).sort());
  });
});

/** Reads a server-sent event stream until `text` arrives (each call continues where the last stopped). */
function eventReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return async (text: string): Promise<void> => {
    for (;;) {
      const at = buffer.indexOf(text);
      if (at !== -1) {
        buffer = buffer.slice(at + text.length);
        return;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error(`the event stream ended before "${text}"`);
      buffer += decoder.decode(value, { stream: true });
    }
  };
}

describe('atelier dev', () => {
  it('renders the local theme (block partials too) with the live context and its styles, reloads on a change, overlays compile errors, serves local CSS, never writes', async () => {
    const { secret } = await token(['theme:read']);
    const dir = tempDir();
    expect((await atelier('pull', '--site', site, '--token', secret, dir)).code).toBe(0);
    const versionsBefore = await (await fetch(`${site}/api/owner/theme/versions`, { headers: { Authorization: `Bearer ${secret}` } })).json();
    mark(dir, 'local one');
    // Published site styles: the layout reads them (`siteStyles`) as it does on the site.
    for (const [method, path, version, body] of [['PUT', 'draft', 0, { styles: applyBrandTone(DEFAULT_SITE_STYLES, 'bold') }], ['POST', 'publish', 1, {}]] as const) {
      const res = await worker.fetch(`/api/site-styles/${path}`, { method, headers: { ...owner.headers, 'Content-Type': 'application/json', 'If-Match': `"${version}"` }, body: JSON.stringify(body) });
      expect(res.status).toBe(200);
    }
    let server: DevServer | undefined;
    const out: string[] = [];
    const code = await devCommand(['--site', site, '--token', secret, '--theme', dir, '--port', '0'], { out: (t) => void out.push(t), err: () => undefined }, (s) => (server = s));
    expect(code).toBe(0);
    const dev = server!;
    try {
      expect(out.join('')).toContain(`with the theme in ${dir} at ${dev.url}`);
      const first = await fetch(`${dev.url}/`);
      expect(first.status).toBe(200);
      const page = await first.text();
      expect(page).toContain('<p id="cli-mark">local one</p>');
      expect(page).toContain(DEV_EVENTS);
      // The page's templates are named on its ?format=json, a page-cache hit too.
      for (let i = 0; i < 2; i++) expect((await fetch(`${site}/?format=json`)).headers.get('x-theme-templates')).toBe('home.html, page.html');
      // The live context: the demo shop's products are on the home page as the site renders them.
      const live = await home();
      expect(live).not.toContain('local one');
      const title = /<title>([^<]*)<\/title>/.exec(live)![1]!;
      expect(page).toContain(`<title>${title}</title>`);

      // The layout's islands and site styles come with the context, as the site renders them.
      const preload = /<link rel="modulepreload" href="[^"]+">/.exec(live)![0];
      expect(page).toContain(preload);
      expect(/<html[^>]*>/.exec(page)![0]).toBe(/<html[^>]*>/.exec(live)![0]);

      // Block partials from the folder: the About page's blocks and sections through local partials.
      const plan = (await (await fetch(`${site}/about?format=json`, { headers: { Authorization: `Bearer ${secret}`, 'X-Theme-Render': 'local' } })).json()) as {
        themeBlocks: { layouts: { target: string; sections: { blocks: { type: string }[] }[] }[] };
      };
      const type = plan.themeBlocks.layouts.find((l) => l.target === 'collection.mainContent')!.sections[0]!.blocks[0]!.type;
      const siteAbout = await (await fetch(`${site}/about`)).text();
      expect(siteAbout).toContain(`block-type-${type}`);
      expect(await (await fetch(`${dev.url}/about`)).text()).toContain(`block-type-${type}`);
      mkdirSync(join(dir, 'blocks'), { recursive: true });
      writeFileSync(join(dir, 'blocks', `${type}.html`), '<p data-local-block="{type|htmlattr}">local {type} block {id}</p>');
      writeFileSync(join(dir, 'section.html'), '<section data-local-section="{id|htmlattr}">{.repeated section blocks}{html}{.end}</section>');
      await expect.poll(async () => (await fetch(`${dev.url}/about`)).text()).toContain(`<p data-local-block="${type}">local ${type} block`);
      const about = await (await fetch(`${dev.url}/about`)).text();
      expect(about).toContain('<section data-local-section="');
      expect(about).not.toContain('section-grid');
      expect(await (await fetch(`${site}/about`)).text()).not.toContain('data-local-block');
      rmSync(join(dir, 'blocks'), { recursive: true });
      rmSync(join(dir, 'section.html'));

      const stream = await fetch(`${dev.url}${DEV_EVENTS}`);
      expect(stream.headers.get('content-type')).toBe('text/event-stream');
      const next = eventReader(stream.body!);
      await next(': atelier dev');
      await expect.poll(() => dev.listeners()).toBe(1);

      // A changed template: the browser is told to reload, and the next request renders it.
      mark(dir, 'local two');
      await next('event: reload');
      await expect.poll(async () => (await fetch(`${dev.url}/`)).text()).toContain('<p id="cli-mark">local two</p>');

      // A template that does not compile: the overlay with file:line:col and the caret.
      const layout = join(dir, 'layout.html');
      writeFileSync(layout, `{title|nosuchformatter}\n${readFileSync(layout, 'utf8')}`);
      await next('event: reload');
      await expect.poll(async () => (await fetch(`${dev.url}/`)).status).toBe(500);
      const overlay = await (await fetch(`${dev.url}/`)).text();
      expect(overlay).toContain('data-atelier-overlay');
      expect(overlay).toContain('layout.html:1:8  FORMATTER_UNKNOWN');
      expect(overlay).toContain('    1 | {title|nosuchformatter}\n      |        ^~~~~~~~~~~~~~~');
      expect(overlay).toContain(DEV_EVENTS);

      // CSS from the folder, reloaded too.
      writeFileSync(join(dir, 'assets/site.css'), 'body { color: rebeccapurple; }\n');
      await next('event: reload');
      const css = await fetch(`${dev.url}/theme/assets/site.css`);
      expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
      expect(await css.text()).toBe('body { color: rebeccapurple; }\n');

      // Never writes to the site.
      expect((await fetch(`${dev.url}/cart`, { method: 'POST', body: 'x' })).status).toBe(405);
      expect(await (await fetch(`${site}/api/owner/theme/versions`, { headers: { Authorization: `Bearer ${secret}` } })).json()).toEqual(versionsBefore);
    } finally {
      await dev.close();
    }
  });

  it('refuses to start with a revoked token (401)', async () => {
    const { id, secret } = await token(['theme:read']);
    await worker.fetch(`/api/owner/api-tokens/${id}`, { method: 'DELETE', headers: owner.headers });
    const err: string[] = [];
    const run = await main(['dev', '--site', site, '--token', secret, '--theme', tempDir(), '--port', '0'], { out: () => undefined, err: (t) => void err.push(t) });
    expect(run).toBe(1);
    expect(err.join('')).toMatch(/^atelier dev: the site refused the token \(401\)/);
  });
});

describe('atelier pull removes stale files', () => {
  it('deletes the files the last pull wrote that the live version no longer has, and no other file', async () => {
    const { secret } = await token(['theme:read', 'theme:write']);
    const auth = { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' };
    const publishChange = async (changes: { path: string; content: string | null }[]) => {
      const { live } = (await (await fetch(`${site}/api/owner/theme/versions`, { headers: auth })).json()) as { live: number };
      const made = await fetch(`${site}/api/owner/theme/versions`, { method: 'POST', headers: auth, body: JSON.stringify({ base: live, changes }) });
      const { version } = (await made.json()) as { version: { number: number } };
      expect((await fetch(`${site}/api/owner/theme/versions/${version.number}/publish`, { method: 'POST', headers: auth })).status).toBe(200);
    };
    await publishChange([{ path: 'partials/stale-extra.html', content: '<p>extra</p>' }]);
    const dir = tempDir();
    expect((await atelier('pull', '--site', site, '--token', secret, dir)).code).toBe(0);
    expect(readFileSync(join(dir, 'partials/stale-extra.html'), 'utf8')).toBe('<p>extra</p>');
    writeFileSync(join(dir, 'partials/mine.html'), '<p>mine, never pulled</p>');

    await publishChange([{ path: 'partials/stale-extra.html', content: null }]);
    const again = await atelier('pull', '--token', secret, dir);
    expect(again.code).toBe(0);
    expect(again.out).toContain('removed 1 file it no longer has: partials/stale-extra.html');
    expect(existsSync(join(dir, 'partials/stale-extra.html'))).toBe(false);
    expect(readFileSync(join(dir, 'partials/mine.html'), 'utf8')).toBe('<p>mine, never pulled</p>');
    expect(existsSync(join(dir, 'layout.html'))).toBe(true);

    // A hand-edited state file cannot point the deletion outside the folder.
    const outside = join(tempDir(), 'keep.html');
    writeFileSync(outside, 'keep');
    const state = JSON.parse(readFileSync(join(dir, STATE_FILE), 'utf8')) as { files: string[] };
    writeFileSync(join(dir, STATE_FILE), JSON.stringify({ ...state, files: [...state.files, `../${outside.split('/').slice(-2).join('/')}`, outside] }));
    expect((await atelier('pull', '--token', secret, dir)).code).toBe(0);
    expect(readFileSync(outside, 'utf8')).toBe('keep');
  });
});

describe('atelier lint --site', () => {
  it("lints the site's live version or a draft through the token API, with the site's version in each position", async () => {
    const { secret } = await token(['theme:read', 'theme:write']);
    const auth = { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' };
    const { live } = (await (await fetch(`${site}/api/owner/theme/versions`, { headers: auth })).json()) as { live: number };
    const layout = ((await (await fetch(`${site}/api/owner/theme/versions/${live}`, { headers: auth })).json()) as { files: { path: string; content: string }[] }).files.find((f) => f.path === 'layout.html')!;
    const draft = await fetch(`${site}/api/owner/theme/versions`, { method: 'POST', headers: auth, body: JSON.stringify({ base: live, changes: [{ path: 'layout.html', content: `{title|nosuchformatter}\n${layout.content}` }] }) });
    const number = ((await draft.json()) as { version: { number: number } }).version.number;

    const broken = await atelier('lint', '--site', site, '--token', secret, '--version', String(number));
    expect(broken.code).toBe(1);
    expect(broken.err).toContain(`${site} version ${number}/layout.html:1:8  FORMATTER_UNKNOWN`);
    expect(broken.err).toContain('    1 | {title|nosuchformatter}');

    const clean = await atelier('lint', '--site', site, '--token', secret);
    expect(clean.err).not.toContain('FORMATTER_UNKNOWN');
    expect(clean.out).toMatch(/^\d+ templates linted: /);

    expect((await atelier('lint', '--site', site, '--token', secret, 'fixtures/theme')).code).toBe(2);
    expect((await atelier('lint', '--version', '2', 'fixtures/theme')).code).toBe(2);
  });
});
