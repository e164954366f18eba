/**
 * Test helper: a local HTTP server speaking Postmark's `POST /email` and `POST /email/batch` (token header, JSON
 * answer with ErrorCode), so the production mail sender is tested offline.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const POSTMARK_TEST_TOKEN = 'postmark-test-server-token';

export interface ReceivedMail {
  token: string | undefined;
  contentType: string | undefined;
  body: Record<string, unknown>;
}

export class FakePostmark {
  readonly received: ReceivedMail[] = [];
  /** 'ok', a server error (retried), or an inactive recipient (422 ErrorCode 406, never retried). */
  mode: 'ok' | 'down' | 'inactive' = 'ok';
  /** Calls of the batch API (`POST /email/batch`); its messages are in `received` too. */
  batchCalls = 0;
  url = '';
  private server?: Server;

  async start(): Promise<this> {
    this.server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || (req.url !== '/email' && req.url !== '/email/batch')) return reply(404, { ErrorCode: 404, Message: 'Not found' });
      const token = req.headers['x-postmark-server-token'] as string | undefined;
      if (token !== POSTMARK_TEST_TOKEN) return reply(401, { ErrorCode: 10, Message: 'The Server Token you provided in the X-Postmark-Server-Token request header was invalid.' });
      const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
      if (req.url === '/email/batch') {
        // The batch API: an array of messages, one answer each (200 even when some are refused).
        const messages = parsed as Record<string, unknown>[];
        this.batchCalls += 1;
        for (const body of messages) this.received.push({ token, contentType: req.headers['content-type'], body });
        if (this.mode === 'down') return reply(500, { ErrorCode: 500, Message: 'Internal server error' });
        return reply(200, messages.map((m, i) => (this.mode === 'inactive'
          ? { ErrorCode: 406, Message: 'You tried to send to a recipient that has been marked as inactive.', To: m.To }
          : { ErrorCode: 0, Message: 'OK', To: m.To, MessageID: `msg-${this.received.length - messages.length + i + 1}`, SubmittedAt: new Date().toISOString() })));
      }
      const body = parsed as Record<string, unknown>;
      this.received.push({ token, contentType: req.headers['content-type'], body });
      if (this.mode === 'down') return reply(500, { ErrorCode: 500, Message: 'Internal server error' });
      if (this.mode === 'inactive') return reply(422, { ErrorCode: 406, Message: 'You tried to send to a recipient that has been marked as inactive.' });
      reply(200, { To: body.To, SubmittedAt: new Date().toISOString(), MessageID: `msg-${this.received.length}`, ErrorCode: 0, Message: 'OK' });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
