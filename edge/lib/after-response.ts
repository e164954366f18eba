import type { Context } from 'hono';

/**
 * Runs `work` after the response is sent (the Workers `waitUntil`), so its duration cannot
 * be read from the response time; failures are logged. Without an execution context (a
 * unit test's app.request) it runs on its own.
 */
export function afterResponse(c: Context, label: string, work: () => Promise<unknown>): void {
  const running = work().catch((err: unknown) => console.error(`${label} failed after the response: ${String(err)}`));
  try {
    c.executionCtx.waitUntil(running);
  } catch {
    // No execution context: the promise finishes (or logs) on its own.
  }
}
