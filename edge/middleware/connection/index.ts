import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../env.js';

/** Up to this much of an unread body is read and dropped and the connection kept alive. */
export const DRAIN_LIMIT_BYTES = 1024 * 1024;
/**
 * A larger unread body is still read and dropped, up to this much, and the answer closes the
 * connection: closing a socket with unread bytes in its buffer makes the kernel send a reset
 * (RST), which loses the answer itself. Past this the body is cancelled unread.
 */
export const CLOSE_DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;

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
  const small = !(Number.isFinite(length) && length > DRAIN_LIMIT_BYTES);
  // A small body (or one of unknown length that ends within the limit) keeps the connection.
  if (small && (await drain(req.body, DRAIN_LIMIT_BYTES))) return;
  // Larger: read the rest too (a graceful close, not a reset) unless it is past all reason.
  if (!(Number.isFinite(length) && length > CLOSE_DRAIN_LIMIT_BYTES) && !req.body.locked) await drain(req.body, CLOSE_DRAIN_LIMIT_BYTES);
  else await req.body.cancel().catch(() => undefined);
  // Hop-by-hop: the runtime may keep the connection anyway once the body is read, which is fine.
  c.res = new Response(c.res.body, c.res);
  c.res.headers.set('Connection', 'close');
});
