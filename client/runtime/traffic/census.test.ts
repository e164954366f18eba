import { beforeEach, describe, expect, it, vi } from 'vitest';
import { newHitId, sendHit } from './census.js';

describe('newHitId', () => {
  it('makes 128-bit base64url ids the RecordHit schema accepts, a new one each time', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newHitId()));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});

describe('sendHit', () => {
  // The crumb header reads document.cookie; Node has no document. Stubbed per test: the
  // suite puts stubbed globals back after every test (vitest.config.ts unstubGlobals).
  beforeEach(() => vi.stubGlobal('document', { cookie: 'crumb=testcrumb' }));
  const form = new URLSearchParams({ event: 'view', data: JSON.stringify({ pagePath: '/', hitId: newHitId() }) });
  /** A fetch that answers each call with the next outcome: a status, or a thrown error. */
  function scripted(...outcomes: (number | Error)[]) {
    const bodies: string[] = [];
    const send = (async (_url: RequestInfo | URL, init?: RequestInit) => {
      expect(new Headers(init?.headers).get('X-CSRF-Token')).toBe('testcrumb');
      bodies.push(String(init?.body));
      const next = outcomes.shift();
      if (next instanceof Error) throw next;
      return new Response(null, { status: next ?? 200 });
    }) as typeof fetch;
    return { send, bodies };
  }

  it('retries once, with the same hit id, after a timeout or a server failure', async () => {
    for (const first of [new DOMException('timed out', 'TimeoutError'), new TypeError('network'), 503]) {
      const { send, bodies } = scripted(first, 200);
      await sendHit(form, send);
      expect(bodies).toEqual([form.toString(), form.toString()]);
    }
  });

  it('never retries twice, after success, or after a refusal', async () => {
    for (const [outcomes, calls] of [[[503, 503, 503], 2], [[200], 1], [[429], 1], [[400], 1]] as const) {
      const { send, bodies } = scripted(...outcomes);
      await sendHit(form, send);
      expect(bodies).toHaveLength(calls);
    }
  });
});
