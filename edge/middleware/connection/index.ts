import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../env.js';

/** Up to this much of an unread body is read and dropped; more, and the connection is closed. */
export const DRAIN_LIMIT_BYTES = 1024 * 1024;

/** Reads and drops up to `limit` bytes: true when the body ended within it. */
async function drain(body: ReadableStream<Uint8Array>, limit: number): Promise<boolean> {
  const reader = body.getReader();
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return true;
      read += value.byteLength;
      if (read > limit) {
        await reader.cancel();
        return false;
      }
    }
  } catch {
    return false;
  }
}

/**
 * A request answered before its body was read (401 without the crumb, 429, 413, 415, a 404
 * route) leaves the rest of the body on the connection, and the next request a keep-alive
 * client sends on it fails. So after every answer an unread body is drained (up to
 * DRAIN_LIMIT_BYTES, which covers every body the API accepts) or, when it is larger, the
 * answer says `Connection: close`. First in the app, so it sees every answer, errors too.
 */
export const drainUnreadBody = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const req = c.req.raw;
  if (!req.body || req.bodyUsed) return;
  const length = Number(req.headers.get('Content-Length') ?? Number.NaN);
  const fits = Number.isFinite(length) ? length <= DRAIN_LIMIT_BYTES && (await drain(req.body, DRAIN_LIMIT_BYTES)) : await drain(req.body, DRAIN_LIMIT_BYTES);
  if (fits) return;
  if (Number.isFinite(length) && length > DRAIN_LIMIT_BYTES) await req.body.cancel().catch(() => undefined);
  c.res = new Response(c.res.body, c.res);
  c.res.headers.set('Connection', 'close');
});
