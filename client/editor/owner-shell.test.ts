import { describe, expect, it } from 'vitest';
import { signOut } from './owner-shell.js';

function answers(...responses: { status: number; body: unknown }[]) {
  const calls: { url: string; token?: string }[] = [];
  const send = (async (url: string, init?: RequestInit) => {
    calls.push({ url, token: (init?.headers as Record<string, string> | undefined)?.['X-CSRF-Token'] });
    const next = responses.shift()!;
    return new Response(JSON.stringify(next.body), { status: next.status });
  }) as typeof fetch;
  return { send, calls };
}

describe('signOut', () => {
  it('sends DELETE with the xsrfToken', async () => {
    const { send, calls } = answers({ status: 200, body: { signedOut: true } });
    await signOut('tok-1', send);
    expect(calls).toEqual([{ url: '/api/site-users/account/session?cloneCart=false', token: 'tok-1' }]);
  });

  it('retries once with the current token after a crumb failure (SPEC §7)', async () => {
    const { send, calls } = answers(
      { status: 401, body: { crumbFail: true, message: 'Your session has expired. Please reload the page and try again.' } },
      { status: 200, body: { authenticated: true, xsrfToken: 'tok-2' } },
      { status: 200, body: { signedOut: true } },
    );
    await signOut('stale', send);
    expect(calls.map((c) => c.token)).toEqual(['stale', undefined, 'tok-2']);
  });

  it('gives up after the second crumb failure', async () => {
    const fail = { status: 401, body: { crumbFail: true, message: 'Your session has expired. Please reload the page and try again.' } };
    const { send } = answers(fail, { status: 200, body: { xsrfToken: 'tok-2' } }, fail);
    await expect(signOut('stale', send)).rejects.toThrow('Your session has expired');
  });
});
