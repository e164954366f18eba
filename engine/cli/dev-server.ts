/**
 * `atelier dev`: a local proxy in front of a live site that renders the local theme
 * folder with each page's live context (`?format=json`, which names the page's templates
 * in `X-Theme-Templates`), serves the local static theme files at `/theme/<path>`, and
 * reloads the browser when a file changes (server-sent events on DEV_EVENTS). The JSON is
 * asked with `X-Theme-Render: local`, so it also carries the site styles, the islands'
 * assets and the page's block layouts as plans, rendered here with the folder's
 * `section.html` and `blocks/<type>.html` (else the site's defaults). A template
 * that does not compile shows an overlay page with file:line:col and the caret. Only GET
 * and HEAD reach the site: the proxy never writes to it.
 */
import { readFileSync, watch, type FSWatcher } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { relative, sep } from 'node:path';
import { compile, render, type RenderOptions, type Template, type TemplateError } from '../index.js';
import { formatDiagnostic, uniqueErrors } from './diagnostic.js';
import { STATE_FILE } from './site-client.js';
import { isTemplateName, partialNames, walkFiles } from './template-files.js';

/** The event stream the injected script listens to. */
export const DEV_EVENTS = '/__atelier/events';

const RELOAD_SCRIPT = `<script>new EventSource(${JSON.stringify(DEV_EVENTS)}).addEventListener('reload', () => location.reload());</script>`;

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  svg: 'image/svg+xml',
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
  woff2: 'font/woff2',
  html: 'text/html; charset=utf-8',
};

export interface DevOptions {
  site: URL;
  token: string;
  dir: string;
  port?: number;
  host?: string;
  /** Where the server says what it does (each render error, each reload). */
  log?: (line: string) => void;
}

export interface DevServer {
  url: string;
  /** Browsers connected to the reload channel. */
  listeners(): number;
  close(): Promise<void>;
}

interface LocalTheme {
  files: Map<string, string>;
  templates: Map<string, Template>;
  partials: Record<string, Template>;
  errors: string[];
}

/** The folder's theme: every file, the templates compiled, every compile error as a diagnostic. */
function loadLocalTheme(dir: string): LocalTheme {
  const files = new Map<string, string>();
  for (const file of walkFiles(dir, (name) => name !== STATE_FILE)) files.set(relative(dir, file).split(sep).join('/'), readFileSync(file, 'utf8'));
  const templates = new Map<string, Template>();
  const errors: string[] = [];
  for (const [path, source] of files) {
    if (!isTemplateName(path)) continue;
    const compiled = compile(source);
    templates.set(path, compiled);
    for (const e of uniqueErrors(compiled.errors)) errors.push(formatDiagnostic(path, source, e));
  }
  const partials: Record<string, Template> = {};
  for (const [path, names] of partialNames([...templates.keys()])) for (const name of names) partials[name] = templates.get(path)!;
  return { files, templates, partials, errors };
}

/** What `?format=json` with `X-Theme-Render: local` adds (docs/page-context.md "themeBlocks"). */
interface ThemeBlocks {
  defaults: Record<string, string>;
  layouts: {
    target: 'siteHeader' | 'siteFooter' | 'collection.mainContent';
    withPage: boolean;
    sections: { id: string; design: unknown; view: unknown; blocks: { id: string; type: string; layout: unknown; data?: unknown }[] }[];
  }[];
}

// The site's default partials compile once per process.
const defaultTemplates = new Map<string, Template>();

/**
 * Renders the context's planned block layouts with the folder's `section.html` and
 * `blocks/<type>.html` (else the site's default partials) into where the site puts them
 * (`collection.mainContent`, `siteHeader`, `siteFooter`), as the worker does; the plan leaves
 * the context. The render errors, for the log.
 */
function renderLocalBlocks(context: Record<string, unknown>, templates: ReadonlyMap<string, Template>, options: RenderOptions): TemplateError[] {
  const plan = context.themeBlocks as ThemeBlocks | undefined;
  delete context.themeBlocks;
  if (!plan) return [];
  const errors: TemplateError[] = [];
  const run = (template: Template, data: unknown) => {
    const result = render(template, data, options);
    errors.push(...result.errors);
    return result.output;
  };
  const template = (path: string): Template | undefined => {
    const local = templates.get(path);
    const source = plan.defaults[path];
    if (local || source === undefined) return local;
    let compiled = defaultTemplates.get(source);
    if (!compiled) defaultTemplates.set(source, (compiled = compile(source)));
    return compiled;
  };
  for (const layout of plan.layouts) {
    const section = template('section.html');
    if (!section) continue;
    const page = layout.withPage ? context : {};
    const html = layout.sections
      .map((s) => {
        const blocks = s.blocks.map(({ layout: place, ...block }) => {
          const partial = template(`blocks/${block.type}.html`);
          return { id: block.id, type: block.type, layout: place, html: partial ? run(partial, { ...page, ...block, data: block.data }) : '' };
        });
        return run(section, { id: s.id, design: s.design, view: s.view, blocks });
      })
      .join('\n');
    if (layout.target !== 'collection.mainContent') context[layout.target] = html;
    else if (context.collection && typeof context.collection === 'object') {
      const collection = context.collection as Record<string, unknown>;
      collection.mainContent = html;
      if (/<h1[\s>]/i.test(html)) collection.mainContentHasHeading = true;
    }
  }
  return errors;
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The overlay page of compile errors: each as the CLI prints it, with the caret. */
function errorOverlay(errors: readonly string[]): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Template errors</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:0;background:#1d1b18;color:#f6f4f0}main{padding:24px}h1{color:#ff8a80;font-size:20px}pre{background:#2b2823;padding:12px;border-radius:6px;overflow:auto;white-space:pre}</style></head>
<body><main data-atelier-overlay><h1>${errors.length} template error${errors.length === 1 ? '' : 's'}: the page is not rendered</h1>
${errors.map((e) => `<pre>${escapeText(e)}</pre>`).join('\n')}
<p>Fix the file and save it: this page reloads.</p></main>${RELOAD_SCRIPT}</body></html>`;
}

function withReload(html: string): string {
  const at = html.lastIndexOf('</body>');
  return at === -1 ? html + RELOAD_SCRIPT : html.slice(0, at) + RELOAD_SCRIPT + html.slice(at);
}

export async function startDevServer(options: DevOptions): Promise<DevServer> {
  const log = options.log ?? (() => undefined);
  const streams = new Set<ServerResponse>();
  let theme = loadLocalTheme(options.dir);
  let watcher: FSWatcher | undefined;

  const reload = () => {
    theme = loadLocalTheme(options.dir);
    log(theme.errors.length ? `${theme.errors.length} template error(s): the pages show them\n` : 'Theme changed: reloading\n');
    for (const res of streams) res.write('event: reload\ndata: {}\n\n');
  };
  watcher = watch(options.dir, { recursive: true }, (_event, name) => {
    if (name && String(name).split(/[\\/]/).some((part) => part.startsWith('.'))) return;
    reload();
  });

  const fromSite = (path: string, init: { json?: boolean; method?: string } = {}) => {
    const url = new URL(path, options.site);
    if (init.json) url.searchParams.set('format', 'json');
    const headers: Record<string, string> = { Authorization: `Bearer ${options.token}`, Accept: init.json ? 'application/json' : '*/*' };
    if (init.json) headers['X-Theme-Render'] = 'local';
    return fetch(url, { method: init.method ?? 'GET', redirect: 'manual', headers });
  };

  const send = (res: ServerResponse, status: number, type: string, body: string | Uint8Array, head = false) => {
    res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
    res.end(head ? undefined : body);
  };

  /** A site answer passed through as it is (files, scripts, redirects, feeds). */
  const relay = async (res: ServerResponse, answer: Response, head: boolean) => {
    const headers: Record<string, string> = {};
    for (const name of ['content-type', 'location', 'cache-control', 'etag', 'last-modified']) {
      const value = answer.headers.get(name);
      if (value !== null) headers[name] = name === 'location' ? value.replace(options.site.origin, '') : value;
    }
    res.writeHead(answer.status, headers);
    res.end(head ? undefined : new Uint8Array(await answer.arrayBuffer()));
  };

  const page = async (req: IncomingMessage, res: ServerResponse, path: string, head: boolean) => {
    const answer = await fromSite(path, { json: true });
    const templates = answer.headers.get('x-theme-templates');
    if (!templates || !(answer.headers.get('content-type') ?? '').includes('application/json')) {
      // Not a themed page (a feed, a file, a redirect): as the site answers it.
      await relay(res, answer.status >= 300 && answer.status < 400 ? answer : await fromSite(path, { method: req.method }), head);
      return;
    }
    const context = (await answer.json()) as Record<string, unknown>;
    if (theme.errors.length) {
      send(res, 500, 'text/html; charset=utf-8', errorOverlay(theme.errors), head);
      return;
    }
    const paths = templates.split(',').map((t) => t.trim());
    const found = paths.find((p) => theme.templates.has(p));
    if (!found) {
      send(res, 500, 'text/html; charset=utf-8', errorOverlay([`${paths[0]}: the theme folder has no ${paths.join(' or ')} for ${path}\n`]), head);
      return;
    }
    const website = (context.website ?? {}) as { language?: unknown; timeZone?: unknown };
    const renderOptions = {
      partials: theme.partials,
      locale: typeof website.language === 'string' ? website.language : undefined,
      timeZone: typeof website.timeZone === 'string' ? website.timeZone : undefined,
    };
    const blockErrors = renderLocalBlocks(context, theme.templates, renderOptions);
    const one = render(theme.templates.get(found)!, context, renderOptions);
    const layout = theme.templates.get('layout.html');
    const whole = layout ? render(layout, { ...context, pageContent: one.output }, renderOptions) : one;
    for (const e of [...blockErrors, ...one.errors, ...(layout ? whole.errors : [])]) log(`${path}: ${e.line}:${e.column} ${e.code} ${e.message}\n`);
    send(res, answer.status, 'text/html; charset=utf-8', withReload(whole.output), head);
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const head = req.method === 'HEAD';
    if (req.method !== 'GET' && !head) {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('atelier dev only reads from the site: forms, carts and checkouts work on the site itself.\n');
      return;
    }
    if (url.pathname === DEV_EVENTS) {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
      res.write(': atelier dev\n\n');
      streams.add(res);
      req.on('close', () => streams.delete(res));
      return;
    }
    const path = url.pathname + url.search;
    const local = url.pathname.startsWith('/theme/') ? theme.files.get(decodeURIComponent(url.pathname.slice('/theme/'.length))) : undefined;
    const work =
      local !== undefined && !isTemplateName(url.pathname)
        ? Promise.resolve(send(res, 200, CONTENT_TYPES[url.pathname.slice(url.pathname.lastIndexOf('.') + 1)] ?? 'application/octet-stream', local, head))
        : /^\/(api|assets|client|theme)\//.test(url.pathname) || /\.[a-z0-9]+$/i.test(url.pathname)
          ? fromSite(path, { method: req.method }).then((answer) => relay(res, answer, head))
          : page(req, res, path, head);
    work.catch((e: unknown) => {
      log(`${path}: ${(e as Error).message}\n`);
      if (!res.headersSent) send(res, 502, 'text/plain; charset=utf-8', `atelier dev: cannot reach ${options.site.origin} (${(e as Error).message})\n`);
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4000, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${address.port}`,
    listeners: () => streams.size,
    async close() {
      watcher?.close();
      watcher = undefined;
      for (const res of streams) res.end();
      streams.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
