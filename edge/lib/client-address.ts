import type { Context } from 'hono';

/** The visitor's address as the platform reports it, or '' when unknown (local tests). */
export function clientIp(c: Context): string {
  return c.req.header('CF-Connecting-IP') ?? '';
}
