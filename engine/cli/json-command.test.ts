import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextUrl } from './json-command.js';
import { runCli, tempFiles } from './run-cli.js';

const dir = tempFiles({ 'page.json': '{"website":{"siteTitle":"Atelier"},"items":[1,2]}', 'bad.json': '{\n  "a": tru\n}' });

let server: Server;
let base = '';
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.url ?? '');
    if (req.url?.startsWith('/missing')) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"collection":{"title":"Shop"}}');
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

describe('atelier json', () => {
  it('pretty prints a file', async () => {
    const r = await runCli(['json', join(dir, 'page.json')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('{\n  "website": {\n    "siteTitle": "Atelier"\n  },\n  "items": [\n    1,\n    2\n  ]\n}\n');
  });

  it('fetches a URL with ?format=json added', async () => {
    const r = await runCli(['json', `${base}/shop?page=2`, '--indent', '0']);
    expect(r.stdout).toBe('{"collection":{"title":"Shop"}}\n');
    expect(seen).toContain('/shop?page=2&format=json');
  });

  it('reports HTTP failures, bad JSON and missing files', async () => {
    const h = await runCli(['json', `${base}/missing`]);
    expect(h.code).toBe(1);
    expect(h.stderr).toBe(`${base}/missing?format=json: HTTP 404 Not Found\n`);
    const b = await runCli(['json', join(dir, 'bad.json')]);
    expect(b.stderr).toBe(`${join(dir, 'bad.json')}:2:11  invalid JSON: unexpected character "\\n" in literal "true"\n`);
    const m = await runCli(['json', join(dir, 'nope.json')]);
    expect(m.stderr).toBe(`${join(dir, 'nope.json')}: no such file\n`);
  });

  it('keeps an explicit format parameter', () => {
    expect(contextUrl('https://x.test/a?format=json-pretty').href).toBe('https://x.test/a?format=json-pretty');
    expect(contextUrl('https://x.test/').href).toBe('https://x.test/?format=json');
  });
});

describe('atelier', () => {
  it('prints the commands with --help and rejects unknown commands', async () => {
    const h = await runCli(['--help']);
    expect(h.code).toBe(0);
    expect(h.stdout).toMatch(/render <template>[\s\S]*check[\s\S]*test[\s\S]*json/);
    const u = await runCli(['frobnicate']);
    expect(u.code).toBe(2);
    expect(u.stderr).toBe('atelier: unknown command "frobnicate"\nRun "atelier --help" for the commands.\n');
    const j = await runCli(['json', '--pretty']);
    expect(j.stderr).toMatch(/^atelier json: unknown option --pretty\n/);
  });
});
