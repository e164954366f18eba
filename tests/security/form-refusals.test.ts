import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../edge/app.js';
import { createPlatformApp } from '../../edge/platform-app.js';
import { startWorker, type RunningWorker } from '../../edge/test-support.js';
import { ROUTE_WALK } from './route-walk.js';

/**
 * The body guard's refusals on every server-rendered form post (issue 33, finding 5): a type
 * the form does not take is 415 and an oversize body 413, as on the APIs, never a 500.
 * Walks every POST route outside /api that the app registers, with the path its
 * route-walk row uses.
 */
let worker: RunningWorker;
let crumb: string;

beforeAll(async () => {
  worker = await startWorker();
  const home = await worker.fetch('/');
  await home.arrayBuffer();
  crumb = /crumb=([^;]+)/.exec(home.headers.get('Set-Cookie') ?? '')![1]!;
}, 60_000);
afterAll(() => worker?.dispose());

// The platform host's form posts too (their rows name host app.localhost).
const FORM_ROUTES = [...new Set([...createApp().routes, ...createPlatformApp().routes].filter((r) => r.method === 'POST' && !r.path.startsWith('/api')).map((r) => `${r.method} ${r.path}`))];

function rowOf(route: string) {
  const row = ROUTE_WALK.find((r) => r.route === route && (r.method ?? 'GET') === 'POST');
  if (!row) throw new Error(`no route-walk row for ${route}`);
  return row;
}

/**
 * Posts a large form body. A request that fails in transport (the client's pooled keep-alive
 * socket closed under it: undici's 'fetch failed' with a socket cause, seen once in CI under
 * load) is sent once more; the answer, whatever its status, is what the test judges, and a
 * second transport failure fails the test with its cause.
 */
async function postOnce(path: string, body: string, host?: string): Promise<Response> {
  const send = () => worker.fetch(path, { host, method: 'POST', body, headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: `crumb=${crumb}` } });
  try {
    return await send();
  } catch (error) {
    console.warn(`${path}: transport failure, sent again:`, (error as Error).cause ?? error);
    return send();
  }
}

describe('guard refusals on every form route', () => {
  it('walks at least the account, owner, form and newsletter posts', () => {
    expect(FORM_ROUTES).toEqual(expect.arrayContaining(['POST /forms/:formId', 'POST /account/sign-in', 'POST /config/sign-in', 'POST /newsletter/confirm']));
  });

  it.each(FORM_ROUTES)('%s: text/plain is 415', async (route) => {
    const res = await worker.fetch(rowOf(route).path, { host: rowOf(route).host, method: 'POST', body: 'hello', headers: { 'Content-Type': 'text/plain', Cookie: `crumb=${crumb}` } });
    await res.arrayBuffer();
    expect(res.status).toBe(415);
  });

  it.each(FORM_ROUTES)('%s: a form body over 64 KB is 413', async (route) => {
    const body = `crumb=${crumb}&x=${'a'.repeat(70 * 1024)}`;
    const res = await postOnce(rowOf(route).path, body, rowOf(route).host);
    await res.arrayBuffer();
    expect(res.status).toBe(413);
  });
});
