/**
 * Test helper: a visitor with a cookie jar driving the worker over HTTP (Miniflare), as a
 * browser would: it keeps Set-Cookie answers and echoes the crumb on writes.
 */
import { jsonOrUndefined, type RunningWorker } from '../../test-support.js';

export interface Answer {
  status: number;
  json: any;
  headers: Headers;
}

export class TestVisitor {
  readonly jar = new Map<string, string>();
  /** Every Set-Cookie line received, newest last. */
  readonly setCookies: string[] = [];

  constructor(private readonly worker: RunningWorker, private readonly ip = '198.51.100.7') {}

  cookie(name: string): string | undefined {
    return this.jar.get(name);
  }

  private absorb(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      this.setCookies.push(line);
      const [pair = ''] = line.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      if (/max-age=0\b/i.test(line) || value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  /** Loads a page, which gives a new visitor its crumb. */
  async visit(path = '/'): Promise<Answer> {
    return this.send('GET', path);
  }

  async send(method: string, path: string, body?: unknown, options: { crumb?: boolean; headers?: Record<string, string> } = {}): Promise<Answer> {
    const headers: Record<string, string> = { 'CF-Connecting-IP': this.ip, ...options.headers };
    if (this.jar.size) headers.Cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const crumb = this.jar.get('crumb');
    if (method !== 'GET' && options.crumb !== false && crumb) headers['X-CSRF-Token'] ??= crumb;
    let payload: string | undefined;
    if (body !== undefined) {
      payload = typeof body === 'string' ? body : JSON.stringify(body);
      headers['Content-Type'] ??= 'application/json';
    }
    const res = await this.worker.fetch(path, { method, headers, body: payload });
    this.absorb(res);
    const json: unknown = jsonOrUndefined(await res.text());
    return { status: res.status, json, headers: res.headers };
  }
}
