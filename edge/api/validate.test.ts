import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppEnv } from '../env.js';
import { handleError } from '../pages/error-page.js';
import { ifMatchNumber, jsonBody, queryParams } from './validate.js';

function app() {
  const a = new Hono<AppEnv>();
  a.post('/api/n', jsonBody(z.strictObject({ n: z.number({ error: 'n must be a number.' }) })), (c) => c.json(c.req.valid('json')));
  a.get('/api/q', queryParams(z.object({ page: z.coerce.number().int().min(1) })), (c) => c.json(c.req.valid('query')));
  a.onError(handleError);
  return a;
}

const post = (body: string) => app().request('http://localhost/api/n', { method: 'POST', body, headers: { 'Content-Type': 'application/json' } });

describe('jsonBody', () => {
  it('hands the handler the parsed body', async () => {
    expect(await (await post('{"n":3}')).json()).toEqual({ n: 3 });
  });

  it('answers malformed JSON with a 400 JSON error', async () => {
    const res = await post('{"n": ');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'bad_request', message: 'Malformed JSON in request body' });
  });

  it('names the failing field and uses the schema message', async () => {
    const res = await post('{"n":"x"}');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'invalid_request', message: 'n must be a number.', fields: { n: 'n must be a number.' } });
  });

  it('refuses unknown fields', async () => {
    const res = await post('{"n":1,"admin":true}');
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toHaveProperty('_');
  });
});

describe('queryParams', () => {
  it('validates and coerces the query string', async () => {
    expect(await (await app().request('http://localhost/api/q?page=2')).json()).toEqual({ page: 2 });
    expect((await app().request('http://localhost/api/q?page=0')).status).toBe(400);
  });
});

describe('ifMatchNumber', () => {
  const ask = (header: string | undefined, maxDigits?: number) =>
    ifMatchNumber({ req: { header: (name: string) => (name === 'if-match' ? header : undefined) } }, 'Send the version you edited.', maxDigits);
  const refusal = (f: () => unknown) => {
    try {
      f();
    } catch (error) {
      const e = error as { status: number; code: string; message: string };
      return [e.status, e.code, e.message];
    }
    return undefined;
  };

  it('reads a strong, weak or bare version', () => {
    expect(ask('"7"')).toBe(7);
    expect(ask(' W/"12" ')).toBe(12);
    expect(ask('3')).toBe(3);
  });
  it('answers 428 without the header and 400 for no whole number within the bound', () => {
    expect(refusal(() => ask(undefined))).toEqual([428, 'version_required', 'Send the version you edited.']);
    expect(refusal(() => ask('"x"'))).toEqual([400, 'invalid_request', 'Send the version you edited.']);
    expect(refusal(() => ask('"1234567890"', 9))).toEqual([400, 'invalid_request', 'Send the version you edited.']);
    expect(ask('"123456789"', 9)).toBe(123456789);
  });
});
