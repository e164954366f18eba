/**
 * A POST the server answers before reading its body (401 missing crumb, 429, 413) must
 * leave the keep-alive connection usable, or say `Connection: close`: a raw Node http
 * agent with keep-alive sends two requests on one socket, as browsers and load
 * balancers do.
 */
import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../test-support.js';

let worker: RunningWorker;
let agent: Agent;
beforeAll(async () => {
  worker = await startWorker({ port: 0 });
});
afterAll(async () => {
  agent?.destroy();
  await worker?.dispose();
});

interface Raw {
  status: number;
  connection: string | undefined;
  socket: unknown;
  body: string;
}

function send(method: string, path: string, body: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, worker.url), { method, agent, headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, socket: req.socket, body: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('a POST answered before its body is read', () => {
  for (const [name, path, body] of [
    ['401 without the crumb', '/api/form/FormSubmissionKey', JSON.stringify({ pad: 'x'.repeat(20_000) })],
    ['413 over the size limit', '/api/commerce/shopping-cart/entries', JSON.stringify({ pad: 'x'.repeat(300_000) })],
    // Over the 1 MiB the server drains for keep-alive: before the fix these lost the answer itself
    // (ECONNRESET: the socket was closed with the body unread).
    ['413 over the drain limit (2 MiB)', '/api/commerce/shopping-cart/entries', JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) })],
    ['401 over the drain limit (2 MiB)', '/api/form/FormSubmissionKey', JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) })],
  ] as const) {
    it(`${name}: the next request on the same keep-alive socket is answered`, async () => {
      agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const first = await send('POST', path, body);
      expect(first.status).toBeGreaterThanOrEqual(400);
      // Either the socket stays usable or the server said it closes it.
      const second = await send('GET', '/healthz', '');
      expect(second.status).toBe(200);
      expect(second.body).toBe('ok');
      if (first.connection !== 'close') expect(second.socket).toBe(first.socket);
      agent.destroy();
    });
  }
});
