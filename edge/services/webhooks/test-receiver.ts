/**
 * Test helpers: a local webhook receiver that records every POST (and can be told to fail a
 * path's next N calls), and a fake DNS-over-HTTPS server answering the JSON API for a fixed
 * table of names, so the SSRF check after resolution is tested offline.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REPLAY_WINDOW_SECONDS } from '../../../domain/webhooks/webhook-events.js';

export interface ReceivedHook {
  path: string;
  headers: Record<string, string | undefined>;
  body: string;
  json: { id: string; type: string; websiteId: string; createdOn: string; data: Record<string, unknown> };
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export class TestReceiver {
  readonly received: ReceivedHook[] = [];
  /** Path -> how many of its next calls answer 500. */
  readonly failNext = new Map<string, number>();
  /** Paths that always answer 500. */
  readonly down = new Set<string>();
  url = '';
  private server?: Server;

  async start(): Promise<this> {
    this.server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '/';
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v]));
      this.received.push({ path, headers, body, json: JSON.parse(body) as ReceivedHook['json'] });
      const failing = this.failNext.get(path) ?? 0;
      if (this.down.has(path) || failing > 0) {
        this.failNext.set(path, Math.max(0, failing - 1));
        res.writeHead(500).end('down');
        return;
      }
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
    });
    this.url = await listen(this.server);
    return this;
  }

  at(path: string): ReceivedHook[] {
    return this.received.filter((r) => r.path === path);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** What a receiver does (docs/api/webhooks.md): the HMAC of `timestamp.body` under the secret, compared in constant time, and the timestamp within the window. */
export function verifyHook(hook: ReceivedHook, secret: string, nowSeconds: number, windowSeconds = REPLAY_WINDOW_SECONDS): boolean {
  const timestamp = hook.headers['atelier-webhook-timestamp'] ?? '';
  const signature = (hook.headers['atelier-webhook-signature'] ?? '').replace(/^v1=/, '');
  if (!/^\d+$/.test(timestamp) || Math.abs(nowSeconds - Number(timestamp)) > windowSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${hook.body}`).digest('hex');
  return signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
}

export class FakeDoh {
  url = '';
  private server?: Server;
  constructor(readonly names: Record<string, { A?: string[]; AAAA?: string[] }>) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const q = new URL(req.url ?? '/', 'http://x').searchParams;
      const name = (q.get('name') ?? '').toLowerCase();
      const type = q.get('type') === 'AAAA' ? 'AAAA' : 'A';
      const entry = this.names[name];
      const answer = entry
        ? { Status: 0, Answer: (entry[type] ?? []).map((data) => ({ name, type: type === 'A' ? 1 : 28, TTL: 60, data })) }
        : { Status: 3 };
      res.writeHead(200, { 'Content-Type': 'application/dns-json' }).end(JSON.stringify(answer));
    });
    this.url = `${await listen(this.server)}/dns-query`;
    return this;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
