import { jsonOrUndefined, type RunningWorker } from '../../test-support.js';

/** A visitor with its own cookie jar, driving the worker like a browser would (tests only). */
export class TestVisitor {
  readonly jar = new Map<string, string>();
  constructor(private readonly worker: RunningWorker) {}

  get crumb(): string | undefined {
    return this.jar.get('crumb');
  }

  private absorb(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const i = pair!.indexOf('=');
      const value = pair!.slice(i + 1).trim();
      if (/max-age=0\b/i.test(line) || value === '') this.jar.delete(pair!.slice(0, i).trim());
      else this.jar.set(pair!.slice(0, i).trim(), value);
    }
  }

  /** A request with the jar's cookies and, for writes, the crumb echoed in X-CSRF-Token. */
  async req(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const h: Record<string, string> = { ...headers };
    if (this.jar.size) h.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && this.crumb && !('x-csrf-token' in h)) h['x-csrf-token'] = this.crumb;
    let payload: string | undefined;
    if (body !== undefined) {
      payload = typeof body === 'string' ? body : JSON.stringify(body);
      h['content-type'] ??= 'application/json';
    }
    const res = await this.worker.fetch(path, { method, headers: h, body: payload, redirect: 'manual' });
    this.absorb(res);
    const text = await res.text();
    return { status: res.status, json: jsonOrUndefined(text), text, headers: res.headers };
  }

  /** Visits a page first, as a person would (that gives the visitor its crumb). */
  static async arrive(worker: RunningWorker, path = '/contact'): Promise<TestVisitor> {
    const v = new TestVisitor(worker);
    await v.req('GET', path);
    return v;
  }
}

/** Moves every issued key's clock back, as if the visitor had spent `ms` filling the form. */
export async function ageKeys(worker: RunningWorker, ms = 10_000): Promise<void> {
  await worker.db.prepare('UPDATE form_keys SET issued_on = issued_on - ?').bind(ms).run();
}
