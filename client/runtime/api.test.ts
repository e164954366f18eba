import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure, apiFetch, cartApi, failureFor } from './api.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

describe('failureFor (SPEC §8 texts)', () => {
  it('crumb failure: session expired, or enable cookies when the browser keeps none', () => {
    expect(failureFor(401, { crumbFail: true, message: 'x' }, true).message).toBe('Your session has expired. Please reload the page and try again.');
    expect(failureFor(401, { crumbFail: true }, false).message).toBe('Please enable cookies in your browser, reload the page, and try again.');
    expect(failureFor(401, { crumbFail: true }, false).kind).toBe('cookies');
  });
  it('429 asks to wait; other failures show the server message', () => {
    expect(failureFor(429, { message: 'slow down' }).message).toBe('Please try again in a few seconds.');
    const f = failureFor(409, { error: 'conflict', message: 'Sorry, we do not have enough of that item available.', fields: { quantity: 'x' } });
    expect(f).toMatchObject({ kind: 'server', status: 409, code: 'conflict', message: 'Sorry, we do not have enough of that item available.', fields: { quantity: 'x' } });
    expect(failureFor(500, undefined).message).toBe('Something went wrong');
  });
});

describe('apiFetch', () => {
  it('sends the crumb cookie as X-CSRF-Token on state-changing calls only', async () => {
    vi.stubGlobal('document', { cookie: 'a=1; crumb=abcDEF123_-abcDEF123_-x; hasCart=true' });
    const fetch = answer(200, { shoppingCart: { entries: [], totalQuantity: 0, subtotalCents: 0 } });
    vi.stubGlobal('fetch', fetch);
    await cartApi.add({ itemId: 'i1', sku: 'S', quantity: 2, additionalFields: null });
    await cartApi.get();
    const [postUrl, post] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(postUrl).toBe('/api/commerce/shopping-cart/entries');
    expect(post.method).toBe('POST');
    expect((post.headers as Record<string, string>)['X-CSRF-Token']).toBe('abcDEF123_-abcDEF123_-x');
    expect(JSON.parse(post.body as string)).toEqual({ itemId: 'i1', sku: 'S', quantity: 2, additionalFields: null });
    const [, get] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect((get.headers as Record<string, string>)['X-CSRF-Token']).toBeUndefined();
  });

  it('a network failure becomes the connection message', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const err = await apiFetch('GET', '/api/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiFailure);
    expect(err).toMatchObject({ kind: 'network', status: 0, message: 'Please check your internet connection.' });
  });

  it('an error answer rejects with the mapped failure', async () => {
    vi.stubGlobal('fetch', answer(429, { error: 'rate_limited', message: 'Please try again in a few seconds.' }));
    await expect(cartApi.remove('e1')).rejects.toMatchObject({ kind: 'rate-limited', status: 429 });
  });
});
