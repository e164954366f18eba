import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudflareCustomHostnames } from './custom-hostnames.js';
import { dohTxtResolver, txtData } from './txt-resolver.js';

/**
 * The production adapters of custom domains against local servers speaking their
 * protocols: a DNS-over-HTTPS JSON server (RFC 8484 JSON API as cloudflare-dns.com answers
 * it) and the Cloudflare for SaaS custom hostnames API.
 */
type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;
let server: Server;
let base: string;
let handle: Handler;
const seen: { method: string; url: string; auth: string; accept: string; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', auth: req.headers.authorization ?? '', accept: req.headers.accept ?? '', body });
      handle(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};

describe('DNS-over-HTTPS TXT resolver', () => {
  it('asks for TXT records in the JSON API and joins each record\'s quoted chunks', async () => {
    handle = (req, _body, res) => {
      const url = new URL(req.url!, base);
      if (url.searchParams.get('name') === '_atelier-verify.shop.example.com' && url.searchParams.get('type') === 'TXT') {
        json(res, 200, {
          Status: 0,
          Answer: [
            { name: '_atelier-verify.shop.example.com', type: 5, TTL: 300, data: 'alias.example.net.' },
            { name: '_atelier-verify.shop.example.com', type: 16, TTL: 300, data: '"atelier-verify=abc" "def"' },
            { name: '_atelier-verify.shop.example.com', type: 16, TTL: 300, data: '"v=spf1 \\"x\\""' },
          ],
        });
      } else json(res, 200, { Status: 3 });
    };
    const resolver = dohTxtResolver(`${base}/dns-query`);
    expect(await resolver.txt('_atelier-verify.shop.example.com')).toEqual(['atelier-verify=abcdef', 'v=spf1 "x"']);
    expect(seen.at(-1)!.accept).toBe('application/dns-json');
    // NXDOMAIN: no records, not an error.
    expect(await resolver.txt('_atelier-verify.nothing.example.com')).toEqual([]);
  });

  it('throws when the server fails (SERVFAIL or HTTP error), so verification says the lookup failed', async () => {
    handle = (_req, _body, res) => json(res, 200, { Status: 2 });
    await expect(dohTxtResolver(`${base}/dns-query`).txt('x.example.com')).rejects.toThrow(/status 2/);
    handle = (_req, _body, res) => json(res, 502, {});
    await expect(dohTxtResolver(`${base}/dns-query`).txt('x.example.com')).rejects.toThrow(/502/);
  });

  it('reads unquoted data as is', () => {
    expect(txtData('plain')).toBe('plain');
  });
});

describe('Cloudflare for SaaS custom hostnames', () => {
  it('creates, reads and deletes a custom hostname of the zone with the bearer token', async () => {
    const store = new Map<string, { id: string; hostname: string; ssl: { status: string } }>();
    handle = (req, body, res) => {
      const match = /^\/client\/v4\/zones\/zone-1\/custom_hostnames(?:\/([^/]+))?$/.exec(req.url ?? '');
      if (!match || req.headers.authorization !== 'Bearer cf-token') return json(res, 403, { success: false, errors: [{ code: 10000, message: 'Authentication error' }] });
      const id = match[1];
      if (req.method === 'POST' && !id) {
        const input = JSON.parse(body) as { hostname: string; ssl: { method: string; type: string } };
        if (input.ssl.type !== 'dv') return json(res, 400, { success: false, errors: [{ code: 1400, message: 'bad ssl' }] });
        const created = { id: `ch-${store.size + 1}`, hostname: input.hostname, status: 'pending', ssl: { status: 'pending_validation' } };
        store.set(created.id, created);
        return json(res, 200, { success: true, errors: [], result: created });
      }
      const found = id ? store.get(id) : undefined;
      if (!found) return json(res, 404, { success: false, errors: [{ code: 1436, message: 'The custom hostname was not found.' }] });
      if (req.method === 'GET') return json(res, 200, { success: true, errors: [], result: { ...found, ssl: { status: 'active' } } });
      if (req.method === 'DELETE') {
        store.delete(found.id);
        return json(res, 200, { success: true, errors: [], result: { id: found.id } });
      }
      return json(res, 405, { success: false, errors: [] });
    };
    const api = cloudflareCustomHostnames({ zoneId: 'zone-1', apiToken: 'cf-token', base: `${base}/client/v4` });
    const created = await api.create('shop.example.com');
    expect(created).toEqual({ id: 'ch-1', sslStatus: 'pending_validation' });
    expect(JSON.parse(seen.at(-1)!.body)).toEqual({ hostname: 'shop.example.com', ssl: { method: 'http', type: 'dv' } });
    expect(await api.get('ch-1')).toEqual({ id: 'ch-1', sslStatus: 'active' });
    await api.remove('ch-1');
    await expect(api.get('ch-1')).rejects.toThrow(/1436 The custom hostname was not found/);
    const wrongToken = cloudflareCustomHostnames({ zoneId: 'zone-1', apiToken: 'nope', base: `${base}/client/v4` });
    await expect(wrongToken.create('shop.example.com')).rejects.toThrow(/Authentication error/);
  });
});
