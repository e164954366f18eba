import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recaptchaEnterpriseVerifier, turnstileVerifier } from './providers.js';
import { CAPTCHA_ACTIONS } from '../../../domain/forms/captcha-actions.js';
import { localVerifier } from './verifier.js';

// A local server speaking both providers' protocols, so the adapters are tested offline.
let server: Server;
let base = '';
const seen: { path: string; body: string }[] = [];

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => resolve(body));
  });

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await read(req);
    seen.push({ path: req.url ?? '', body });
    res.setHeader('content-type', 'application/json');
    if (req.url?.startsWith('/v1/projects/atelier-test/assessments?key=api-key')) {
      const { event } = JSON.parse(body) as { event: { token: string; expectedAction: string; siteKey: string } };
      const [kind, action, score] = event.token.split(':');
      if (kind === 'expired') return res.end(JSON.stringify({ tokenProperties: { valid: false, invalidReason: 'EXPIRED' } }));
      return res.end(JSON.stringify({ tokenProperties: { valid: true, action }, riskAnalysis: { score: Number(score) } }));
    }
    if (req.url === '/turnstile/v0/siteverify') {
      const form = new URLSearchParams(body);
      if (form.get('secret') !== 'ts-secret') return res.end(JSON.stringify({ success: false, 'error-codes': ['invalid-input-secret'] }));
      const [ok, action] = (form.get('response') ?? '').split(':');
      return res.end(JSON.stringify(ok === 'ok' ? { success: true, action } : { success: false, 'error-codes': ['invalid-input-response'] }));
    }
    res.statusCode = 500;
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('reCAPTCHA Enterprise v3 adapter', () => {
  const verifier = () => recaptchaEnterpriseVerifier({ projectId: 'atelier-test', apiKey: 'api-key', siteKey: 'site-key', minScore: 0.5, endpoint: base });
  it('accepts a valid token for the expected action with a good score, sending the assessment request', async () => {
    expect(await verifier().verify(`ok:${CAPTCHA_ACTIONS.form}:0.9`, CAPTCHA_ACTIONS.form, '203.0.113.9')).toEqual({ ok: true, score: 0.9 });
    expect(JSON.parse(seen.at(-1)!.body)).toEqual({ event: { token: `ok:${CAPTCHA_ACTIONS.form}:0.9`, siteKey: 'site-key', expectedAction: CAPTCHA_ACTIONS.form, userIpAddress: '203.0.113.9' } });
  });
  it('refuses a low score, another action, an invalid token and an unreachable provider', async () => {
    expect(await verifier().verify(`ok:${CAPTCHA_ACTIONS.form}:0.1`, CAPTCHA_ACTIONS.form, '')).toMatchObject({ ok: false, reason: 'low-score' });
    expect(await verifier().verify(`ok:${CAPTCHA_ACTIONS.newsletter}:0.9`, CAPTCHA_ACTIONS.form, '')).toMatchObject({ ok: false, reason: 'action-mismatch' });
    expect(await verifier().verify('expired:x:0', CAPTCHA_ACTIONS.restock, '')).toMatchObject({ ok: false, reason: 'expired' });
    const down = recaptchaEnterpriseVerifier({ projectId: 'p', apiKey: 'k', siteKey: 's', minScore: 0.5, endpoint: 'http://127.0.0.1:9' });
    expect((await down.verify('t', CAPTCHA_ACTIONS.form, '')).ok).toBe(false);
  });
});

describe('Turnstile adapter', () => {
  it('accepts a good token for the action and refuses a bad token, a wrong action and a wrong secret', async () => {
    const ts = turnstileVerifier({ secret: 'ts-secret', endpoint: base });
    expect(await ts.verify(`ok:${CAPTCHA_ACTIONS.form}`, CAPTCHA_ACTIONS.form, '')).toEqual({ ok: true });
    expect(await ts.verify('bad', CAPTCHA_ACTIONS.form, '')).toMatchObject({ ok: false, reason: 'invalid-input-response' });
    expect(await ts.verify(`ok:${CAPTCHA_ACTIONS.popup}`, CAPTCHA_ACTIONS.form, '')).toMatchObject({ ok: false, reason: 'action-mismatch' });
    expect(await turnstileVerifier({ secret: 'wrong', endpoint: base }).verify('ok:x', CAPTCHA_ACTIONS.form, '')).toMatchObject({ ok: false });
  });
});

describe('local verifier', () => {
  it('passes only local-pass:<action> for that action', async () => {
    expect((await localVerifier.verify(`local-pass:${CAPTCHA_ACTIONS.form}`, CAPTCHA_ACTIONS.form, '')).ok).toBe(true);
    expect((await localVerifier.verify(`local-pass:${CAPTCHA_ACTIONS.form}`, CAPTCHA_ACTIONS.newsletter, '')).ok).toBe(false);
    expect((await localVerifier.verify('anything', CAPTCHA_ACTIONS.form, '')).ok).toBe(false);
  });
});
