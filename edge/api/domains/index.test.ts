import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOST_A, seedSiteB, signInOn } from '../../../tests/security/isolation-sites.js';
import { localDnsKey } from '../../services/domains/txt-resolver.js';
import { startWorker, type RunningWorker, type SignedIn } from '../../test-support.js';

/**
 * /api/owner/domains over HTTP (docs/api/domains.md): attach, TXT verification through the
 * local fake zone (R2 `local-dns/<name>`), duplicates across sites, primary domain with
 * the redirects of the site's other hosts, removal.
 */
let worker: RunningWorker;
let ownerA: SignedIn;
let ownerB: SignedIn;
const HOST_B = 'b.isolation.test';
const DOMAIN = 'shop.example-pottery.com';

beforeAll(async () => {
  worker = await startWorker();
  await seedSiteB(worker);
  [ownerA, ownerB] = [await signInOn(worker, HOST_A), await signInOn(worker, HOST_B)];
}, 60_000);
afterAll(() => worker?.dispose());

async function send(owner: SignedIn, host: string, method: string, path: string, body?: unknown) {
  const res = await worker.fetch(path, {
    host,
    method,
    headers: { ...owner.headers, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as any };
}
const asA = (method: string, path: string, body?: unknown) => send(ownerA, HOST_A, method, path, body);
const asB = (method: string, path: string, body?: unknown) => send(ownerB, HOST_B, method, path, body);

async function publishTxt(name: string, value: string): Promise<void> {
  await worker.files.put(localDnsKey(name), new TextEncoder().encode(`other=1\n${value}\n`).buffer as never);
}

describe('custom domains', () => {
  it.each([
    ['not a domain', 'Enter a domain name such as shop.example.com.'],
    ['', 'Enter a domain name such as shop.example.com.'],
    ['1.2.3.4', 'Enter a domain name such as shop.example.com.'],
    ['a..b.com', 'Enter a domain name such as shop.example.com.'],
    ['-shop.example.com', 'Enter a domain name such as shop.example.com.'],
    [`${'x'.repeat(64)}.com`, 'Enter a domain name such as shop.example.com.'],
    ['shop_1.example.com', 'Enter a domain name such as shop.example.com.'],
    ['localhost', 'Enter a domain name such as shop.example.com.'],
    ['shop.localhost', 'That domain cannot be connected to a site.'],
    ['my.test', 'That domain cannot be connected to a site.'],
    ['evil.atelier.site', 'That domain cannot be connected to a site.'],
  ])('refuses %j with 400', async (host, message) => {
    const res = await asA('POST', '/api/owner/domains', { host });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: 'invalid_request', message, fields: { host: message } });
  });

  it('attaches, fails to verify without the TXT record, verifies with it, and the domain then selects the site', async () => {
    const attached = await asA('POST', '/api/owner/domains', { host: ' https://Shop.Example-Pottery.com/ ' });
    expect(attached.status).toBe(201);
    const domain = attached.json.domain;
    expect(domain).toMatchObject({ host: DOMAIN, state: 'pending', primary: false, certificate: 'none', verifiedOn: null });
    expect(domain.txt.name).toBe(`_atelier-verify.${DOMAIN}`);
    expect(domain.txt.value).toMatch(/^atelier-verify=[A-Za-z0-9_-]{24}$/);
    // A pending domain selects nothing yet.
    expect((await worker.fetch('/', { host: DOMAIN })).status).toBe(404);

    const early = await asA('POST', `/api/owner/domains/${DOMAIN}/verify`);
    expect(early.status).toBe(409);
    expect(early.json.error).toBe('verification_failed');
    expect(early.json.message).toBe(`No TXT record _atelier-verify.${DOMAIN} with the value ${domain.txt.value} was found yet. DNS changes can take a few hours to show.`);

    // A record with another site's token is no proof either.
    await publishTxt(domain.txt.name, 'atelier-verify=someone-else');
    expect((await asA('POST', `/api/owner/domains/${DOMAIN}/verify`)).status).toBe(409);

    await publishTxt(domain.txt.name, domain.txt.value);
    const verified = await asA('POST', `/api/owner/domains/${DOMAIN}/verify`);
    expect(verified.status).toBe(200);
    expect(verified.json.domain).toMatchObject({ host: DOMAIN, state: 'verified', certificate: 'active' });
    const list = await asA('GET', '/api/owner/domains');
    expect(list.json.primaryHost).toBe(HOST_A);
    expect(list.json.hosts).toContain(DOMAIN);
    expect(list.json.domains.map((d: { host: string }) => d.host)).toEqual([DOMAIN]);
    const page = await worker.fetch('/', { host: DOMAIN });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Fern &amp; Kiln');
  });

  it('refuses a domain another site (or this one) already uses with 409, and site B cannot touch site A\'s domain', async () => {
    for (const host of [DOMAIN, 'fernandkiln.com', 'www.fernandkiln.com']) {
      const taken = await asB('POST', '/api/owner/domains', { host });
      expect(taken.status, host).toBe(409);
      expect(taken.json).toEqual({ error: 'domain_taken', message: 'This domain is already connected to a site.' });
    }
    expect((await asA('POST', '/api/owner/domains', { host: DOMAIN })).status).toBe(409);
    for (const [method, path] of [['POST', `/api/owner/domains/${DOMAIN}/verify`], ['POST', `/api/owner/domains/${DOMAIN}/primary`], ['DELETE', `/api/owner/domains/${DOMAIN}`]] as const) {
      const res = await asB(method, path);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.json).toEqual({ error: 'not_found', message: 'No such domain on this site.' });
    }
    expect((await asB('GET', '/api/owner/domains')).json.domains).toEqual([]);
  });

  it('two owners racing for one name: exactly one gets it, the other 409', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? asA : asB)('POST', '/api/owner/domains', { host: 'race.example-pottery.com' })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    const owners = await worker.db.prepare(`SELECT COUNT(*) AS n FROM website_domains WHERE host = 'race.example-pottery.com'`).first<{ n: number }>();
    expect(owners?.n).toBe(1);
    const winner = answers.findIndex((a) => a.status === 201);
    await (winner % 2 ? asA : asB)('DELETE', '/api/owner/domains/race.example-pottery.com');
  });

  it('makes a verified domain primary: canonical URLs use it and the other hosts redirect (301) to it; back to the platform host', async () => {
    await asA('POST', '/api/owner/domains', { host: 'www.example-pottery.com' });
    const pending = await asA('POST', '/api/owner/domains/www.example-pottery.com/primary');
    expect(pending.status).toBe(409);
    expect(pending.json).toEqual({ error: 'not_verified', message: 'Verify the domain before making it primary.' });
    expect((await asA('POST', '/api/owner/domains/nowhere.example-pottery.com/primary')).status).toBe(404);

    const primary = await asA('POST', `/api/owner/domains/${DOMAIN}/primary`);
    expect(primary).toEqual({ status: 200, json: { primaryHost: DOMAIN } });
    // The owner's next calls go to the primary host (the session is the site's, whatever its host).
    const list = await send(ownerA, DOMAIN, 'GET', '/api/owner/domains');
    expect(list.json.primaryHost).toBe(DOMAIN);
    expect(list.json.hosts).toEqual(expect.arrayContaining([HOST_A, 'fernandkiln.com', 'www.fernandkiln.com']));
    expect(list.json.domains.find((d: { host: string }) => d.host === DOMAIN).primary).toBe(true);

    for (const [host, path] of [[HOST_A, '/'], ['www.fernandkiln.com', '/shop?page=2'], ['fernandkiln.com', '/journal']]) {
      const res = await worker.fetch(path!, { host, redirect: 'manual' });
      expect(res.status, host).toBe(301);
      expect(res.headers.get('location')).toBe(`https://${DOMAIN}${path}`);
    }
    const page = await worker.fetch('/shop', { host: DOMAIN });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`<link rel="canonical" href="https://${DOMAIN}/shop"`);
    // Loopback hosts and writes are not redirected.
    expect((await worker.fetch('/', { redirect: 'manual' })).status).toBe(200);

    const removePrimary = await send(ownerA, DOMAIN, 'DELETE', `/api/owner/domains/${DOMAIN}`);
    expect(removePrimary.status).toBe(409);
    expect(removePrimary.json.error).toBe('primary_domain');

    const back = await send(ownerA, DOMAIN, 'POST', `/api/owner/domains/${HOST_A}/primary`);
    expect(back).toEqual({ status: 200, json: { primaryHost: HOST_A } });
    expect((await worker.fetch('/', { host: HOST_A, redirect: 'manual' })).status).toBe(200);
    expect((await worker.fetch('/', { host: DOMAIN, redirect: 'manual' })).status).toBe(200);
  });

  it('removes a domain: it stops selecting the site at once', async () => {
    expect(await asA('DELETE', `/api/owner/domains/${DOMAIN}`)).toEqual({ status: 200, json: { deleted: true } });
    expect((await worker.fetch('/', { host: DOMAIN })).status).toBe(404);
    expect((await asA('DELETE', `/api/owner/domains/${DOMAIN}`)).status).toBe(404);
    expect((await asA('GET', '/api/owner/domains')).json.domains.map((d: { host: string }) => d.host)).toEqual(['www.example-pottery.com']);
  });
});
