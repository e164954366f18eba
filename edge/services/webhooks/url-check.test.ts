import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, devOriginsOf, URL_MESSAGES } from './url-check.js';
import { dohResolver, type Resolver } from './resolver.js';
import { signBody } from './signing.js';
import { createHmac } from 'node:crypto';

const table: Record<string, string[]> = { 'ok.example.com': ['93.184.216.34', '2606:4700::1'], 'bad.example.com': ['93.184.216.34', '::1'] };
const resolver: Resolver = { resolve: async (host) => table[host] ?? Promise.reject(new Error('NXDOMAIN')) };
const rules = { resolver, devOrigins: devOriginsOf('http://127.0.0.1:8788, not a url') };

describe('checkWebhookUrl', () => {
  it('checks every resolved address of a name', async () => {
    expect(await checkWebhookUrl('https://ok.example.com/hook', rules)).toMatchObject({ ok: true });
    expect(await checkWebhookUrl('https://bad.example.com/hook', rules)).toEqual({ ok: false, message: URL_MESSAGES.blocked });
    expect(await checkWebhookUrl('https://gone.example.com/hook', rules)).toEqual({ ok: false, message: URL_MESSAGES.unresolved('gone.example.com') });
  });

  it('exempts only the exact dev origins', async () => {
    expect(rules.devOrigins).toEqual(['http://127.0.0.1:8788']);
    expect(await checkWebhookUrl('http://127.0.0.1:8788/x', rules)).toMatchObject({ ok: true });
    expect(await checkWebhookUrl('http://127.0.0.1:8789/x', rules)).toEqual({ ok: false, message: URL_MESSAGES.https });
    expect(await checkWebhookUrl('https://127.0.0.1:8788/x', rules)).toEqual({ ok: false, message: URL_MESSAGES.blocked });
    expect(await checkWebhookUrl('https://0x7f.1/x', rules)).toEqual({ ok: false, message: URL_MESSAGES.blocked });
  });
});

describe('the DNS-over-HTTPS resolver', () => {
  it('asks for A and AAAA records and returns both', async () => {
    const asked: string[] = [];
    const send = (async (url: string) => {
      const u = new URL(url);
      asked.push(`${u.searchParams.get('name')} ${u.searchParams.get('type')}`);
      const data = u.searchParams.get('type') === 'A' ? [{ type: 1, data: '93.184.216.34' }, { type: 5, data: 'alias.example.com.' }] : [{ type: 28, data: 'fd00::1' }];
      return Response.json({ Status: 0, Answer: data });
    }) as typeof fetch;
    expect(await dohResolver('https://doh.test/dns-query', send).resolve('x.example.com')).toEqual(['93.184.216.34', 'fd00::1']);
    expect(asked.sort()).toEqual(['x.example.com A', 'x.example.com AAAA']);
  });

  it('fails on NXDOMAIN and on a name with no address', async () => {
    const nx = (async () => Response.json({ Status: 3 })) as unknown as typeof fetch;
    await expect(dohResolver('https://doh.test/q', nx).resolve('x.test')).rejects.toThrow(/status 3/);
    const empty = (async () => Response.json({ Status: 0, Answer: [] })) as unknown as typeof fetch;
    await expect(dohResolver('https://doh.test/q', empty).resolve('x.test')).rejects.toThrow(/no address/);
  });
});

describe('signBody', () => {
  it('is hex HMAC-SHA-256 over "timestamp.body"', async () => {
    const expected = createHmac('sha256', 'whsec_k').update('1700000000.{"a":1}').digest('hex');
    expect(await signBody('whsec_k', 1700000000, '{"a":1}')).toBe(expected);
  });
});
