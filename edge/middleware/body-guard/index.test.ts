import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../env.js';
import { handleError } from '../../pages/error-page.js';
import { bodyGuard } from './index.js';

function app() {
  const a = new Hono<AppEnv>();
  a.use('/api/*', bodyGuard({ maxBytes: 1024 }));
  a.post('/api/echo', async (c) => c.json({ length: (await c.req.text()).length }));
  a.onError(handleError);
  return a;
}

const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  app().request('http://localhost/api/echo', { method: 'POST', body, headers });

describe('bodyGuard', () => {
  it('passes a JSON body within the limit', async () => {
    const res = await post('{"a":1}', { 'Content-Type': 'application/json; charset=utf-8' });
    expect(await res.json()).toEqual({ length: 7 });
  });

  it('refuses a body over the limit by its Content-Length with 413', async () => {
    const res = await post('x'.repeat(2048), { 'Content-Type': 'application/json' });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: 'payload_too_large' });
  });

  it('refuses a streamed body that grows past the limit with 413', async () => {
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 4; i++) controller.enqueue(new TextEncoder().encode('y'.repeat(512)));
        controller.close();
      },
    });
    const res = await app().request('http://localhost/api/echo', {
      method: 'POST',
      body: stream,
      headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
  });

  it.each(['text/html', 'application/xml', 'image/svg+xml'])('refuses %s with 415', async (type) => {
    const res = await post('<x/>', { 'Content-Type': type });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ error: 'unsupported_media_type', message: 'Send the request body as application/json.' });
  });

  it('refuses a body without a Content-Type with 415', async () => {
    const res = await app().request('http://localhost/api/echo', { method: 'POST', body: new Blob(['{}']) });
    expect(res.status).toBe(415);
  });

  it('lets a bodiless call through', async () => {
    expect((await post(null)).status).toBe(200);
  });
});
