import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOST_A, signInOn } from '../../../tests/security/isolation-sites.js';
import { startWorker, type RunningWorker, type SignedIn } from '../../test-support.js';
import { localDnsKey } from './txt-resolver.js';

/**
 * Certificate status polling (docs/api/domains.md "Certificates"): the minute's Cron job asks
 * a fake Cloudflare for SaaS custom-hostnames server for the status of verified domains whose
 * certificate is pending, stores it, shows it in the domains API, and leaves settled ones
 * (active, failed) alone; a failing call keeps the old status.
 */
let worker: RunningWorker;
let server: Server;
let owner: SignedIn;
type Json = Record<string, any>;
/** The fake service's certificates: id → { hostname, status }; `broken` ids answer 500. */
const certificates = new Map<string, { hostname: string; status: string }>();
const broken = new Set<string>();
const gets: string[] = [];

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== 'Bearer cert-token') return answer(403, { success: false, errors: [{ code: 10000, message: 'auth' }] });
    const path = new URL(req.url!, 'http://x').pathname;
    if (req.method === 'POST' && path === '/zones/zone-1/custom_hostnames') {
      const { hostname } = JSON.parse(Buffer.concat(chunks).toString()) as { hostname: string };
      const id = `ch-${certificates.size + 1}`;
      certificates.set(id, { hostname, status: 'pending_validation' });
      return answer(200, { success: true, result: { id, hostname, ssl: { status: 'pending_validation' } } });
    }
    const match = /^\/zones\/zone-1\/custom_hostnames\/([\w-]+)$/.exec(path);
    if (req.method === 'GET' && match) {
      gets.push(match[1]!);
      const found = certificates.get(match[1]!);
      if (!found || broken.has(match[1]!)) return answer(500, { success: false, errors: [{ code: 1, message: 'unavailable' }] });
      return answer(200, { success: true, result: { id: match[1], hostname: found.hostname, ssl: { status: found.status } } });
    }
    answer(404, { success: false, errors: [{ code: 2, message: 'no route' }] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  worker = await startWorker({
    bindings: { CUSTOM_HOSTNAMES: 'cloudflare', CF_API_BASE: `http://127.0.0.1:${port}`, CF_SAAS_ZONE_ID: 'zone-1', CF_SAAS_API_TOKEN: 'cert-token' },
  });
  owner = await signInOn(worker, HOST_A);
}, 60_000);
afterAll(async () => {
  await worker?.dispose();
  await new Promise((resolve) => server?.close(resolve));
});

async function send(method: string, path: string, body?: unknown): Promise<{ status: number; json: Json }> {
  const res = await worker.fetch(path, {
    host: HOST_A,
    method,
    headers: { ...owner.headers, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Json };
}

/** Attaches and verifies `host` (TXT record in the local fake zone): its certificate is then pending at the service. */
async function verified(host: string): Promise<string> {
  const attached = await send('POST', '/api/owner/domains', { host });
  expect(attached.status).toBe(201);
  const { txt } = attached.json.domain;
  await worker.files.put(localDnsKey(txt.name), new TextEncoder().encode(`${txt.value}\n`).buffer as never);
  const done = await send('POST', `/api/owner/domains/${host}/verify`);
  expect(done.status).toBe(200);
  expect(done.json.domain.certificate).toBe('pending_validation');
  return [...certificates].find(([, c]) => c.hostname === host)![0];
}

const certificateOf = async (host: string) => ((await send('GET', '/api/owner/domains')).json.domains as Json[]).find((d) => d.host === host)?.certificate;

describe('certificate status polling (Cron)', () => {
  it('stores the service\u2019s status of pending certificates, shows it in the domains API, and stops asking about settled ones', async () => {
    const good = await verified('good.cert-poll.com');
    const bad = await verified('bad.cert-poll.com');
    const flaky = await verified('flaky.cert-poll.com');
    const waiting = await verified('waiting.cert-poll.com');
    certificates.get(good)!.status = 'active';
    certificates.get(bad)!.status = 'validation_timed_out';
    broken.add(flaky);
    certificates.get(flaky)!.status = 'active';

    gets.length = 0;
    expect((await worker.scheduled('* * * * *')).outcome).toBe('ok');
    expect(new Set(gets)).toEqual(new Set([good, bad, flaky, waiting]));
    expect(await certificateOf('good.cert-poll.com')).toBe('active');
    expect(await certificateOf('bad.cert-poll.com')).toBe('validation_timed_out');
    // A failing call keeps the old status; a still-pending one stays pending.
    expect(await certificateOf('flaky.cert-poll.com')).toBe('pending_validation');
    expect(await certificateOf('waiting.cert-poll.com')).toBe('pending_validation');

    // The next run asks only about the unsettled ones; the service answers again.
    broken.delete(flaky);
    gets.length = 0;
    expect((await worker.scheduled('* * * * *')).outcome).toBe('ok');
    expect(new Set(gets)).toEqual(new Set([flaky, waiting]));
    expect(await certificateOf('flaky.cert-poll.com')).toBe('active');
    expect(await certificateOf('waiting.cert-poll.com')).toBe('pending_validation');
  });
});
