import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spendBudget, startWorker, type RunningWorker } from '../../test-support.js';
import { TRACKING_CONTEXT_MESSAGE } from './index.js';

const AUTOCOMPLETE = '/api/google-maps/places/autocomplete';
const DETAILS = '/api/google-maps/places/details';
const TRACKING = 'productPage=checkout&productSection=shipping-address';

let local: RunningWorker;
let visitors = 0;
/** A GET as one visitor (its own crumb cookie, so budgets do not mix between tests). */
function get(worker: RunningWorker, path: string, visitor = `v${++visitors}`) {
  return worker.fetch(path, { headers: { Cookie: `crumb=${visitor}` } });
}
async function json(res: Response): Promise<Record<string, any>> {
  return (await res.json()) as Record<string, any>;
}

beforeAll(async () => {
  local = await startWorker();
}, 120_000);
afterAll(() => local?.dispose());

describe('offline autocomplete (no key, no network)', () => {
  it('suggests towns and postcodes of the checkout countries', async () => {
    const zip = await json(await get(local, `${AUTOCOMPLETE}?input=90210&country=US`));
    expect(zip.provider).toBe('local');
    expect(zip.predictions[0]).toEqual({
      placeId: 'local:US:z90210', description: 'Beverly Hills, CA 90210, United States', mainText: 'Beverly Hills', secondaryText: 'CA 90210, United States',
    });
    for (const [country, input, town] of [['CA', 'toron', 'Toronto'], ['GB', 'Manch', 'Manchester'], ['AU', 'melb', 'Melbourne'], ['FR', 'Lyo', 'Lyon']] as const) {
      const answer = await json(await get(local, `${AUTOCOMPLETE}?input=${input}&country=${country.toLowerCase()}`));
      expect(answer.predictions.length).toBeGreaterThan(0);
      expect(answer.predictions[0].mainText).toBe(town);
    }
  });

  it('searches every country when none is given, and answers none for no match', async () => {
    const any = await json(await get(local, `${AUTOCOMPLETE}?input=${encodeURIComponent('Edinb')}`));
    expect(any.predictions[0].description).toBe('Edinburgh, SCT, United Kingdom');
    expect((await json(await get(local, `${AUTOCOMPLETE}?input=qqqzzz&country=US`))).predictions).toEqual([]);
    // The street before the last comma is the shopper's; the town after it is searched.
    const street = await json(await get(local, `${AUTOCOMPLETE}?input=${encodeURIComponent('1 Main St, Portl')}&country=US`));
    expect(street.predictions[0]).toMatchObject({ placeId: 'local:US:z97201', mainText: 'Portland' });
  });

  it('gives a chosen place as checkout fields', async () => {
    const res = await get(local, `${DETAILS}?placeId=local:US:z90210&${TRACKING}`);
    expect(res.status).toBe(200);
    expect((await json(res)).place).toEqual({
      placeId: 'local:US:z90210', formattedAddress: 'Beverly Hills, CA 90210, United States', addressLine1: '', city: 'Beverly Hills', region: 'CA', postalCode: '90210', country: 'US',
    });
    const toronto = await json(await get(local, `${AUTOCOMPLETE}?input=M5V&country=CA`));
    const place = (await json(await get(local, `${DETAILS}?placeId=${toronto.predictions[0].placeId}&${TRACKING}`))).place;
    expect(place).toMatchObject({ city: 'Toronto', region: 'ON', postalCode: 'M5V', country: 'CA' });
  });

  it('answers 404 for a place id that names nothing', async () => {
    for (const id of ['local:US:z00000', 'local:ZZ:g1', 'ChIJsomethingElse']) {
      const res = await get(local, `${DETAILS}?placeId=${id}&${TRACKING}`);
      expect(res.status).toBe(404);
      expect(await json(res)).toMatchObject({ error: 'place_not_found' });
    }
  });
});

describe('bad queries', () => {
  it('refuses a missing, blank or overlong input and a bad country with 400 and fields', async () => {
    for (const query of ['', '?input=%20%20', `?input=${'a'.repeat(201)}`, '?input=abc&country=USA', '?input=abc&sessionToken=a%20b']) {
      const res = await get(local, `${AUTOCOMPLETE}${query}`);
      expect(res.status, query).toBe(400);
      const body = await json(res);
      expect(body.error).toBe('invalid_request');
      expect(Object.keys(body.fields).length).toBeGreaterThan(0);
    }
    expect((await json(await get(local, `${AUTOCOMPLETE}?input=abc&country=1`))).fields).toHaveProperty('country');
  });

  it('needs a tracking context with productPage and productSection for details (SPEC §7)', async () => {
    for (const query of ['placeId=local:US:z90210', 'placeId=local:US:z90210&productPage=checkout', 'placeId=local:US:z90210&productSection=shipping', `placeId=local:US:z90210&productPage=&productSection=x`]) {
      const res = await get(local, `${DETAILS}?${query}`);
      expect(res.status, query).toBe(400);
      const body = await json(res);
      expect(body.message).toBe(TRACKING_CONTEXT_MESSAGE);
    }
    const noId = await json(await get(local, `${DETAILS}?${TRACKING}`));
    expect(noId.fields).toHaveProperty('placeId');
    expect((await get(local, `${DETAILS}?placeId=${encodeURIComponent('<script>')}&${TRACKING}`)).status).toBe(400);
  });
});

describe('rate limits', () => {
  it('holds one visitor to 120 calls a minute (429 with Retry-After), others unaffected', async () => {
    // Limits count in wall-clock-minute windows: a run across a boundary is granted up to two budgets.
    const { granted, refused } = await spendBudget(120, async (i) => {
      const res = await get(local, i % 2 ? `${AUTOCOMPLETE}?input=Bos&country=US` : `${DETAILS}?placeId=local:US:z90210&${TRACKING}`, 'busy');
      if (res.status !== 429) await res.arrayBuffer();
      return res;
    });
    expect(granted.length).toBeGreaterThanOrEqual(120);
    expect(granted.length).toBeLessThanOrEqual(240);
    expect(granted.every((res) => res.status === 200)).toBe(true);
    expect(refused!.status).toBe(429);
    expect(refused!.headers.get('Retry-After')).toBe('60');
    expect(await json(refused!)).toMatchObject({ error: 'rate_limited', message: 'Please try again in a few seconds.' });
    expect((await get(local, `${AUTOCOMPLETE}?input=Bos&country=US`, 'calm')).status).toBe(200);
  });
});

// A local server speaking Google's Places API (New), so the production adapter runs offline.
describe('Google Places adapter (GOOGLE_PLACES_API_KEY set)', () => {
  let server: Server;
  let google: RunningWorker;
  let failNext = false;
  const seen: { method: string; url: string; key: string; mask: string; body: string }[] = [];
  const read = (req: IncomingMessage) => new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => resolve(body));
  });

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const body = await read(req);
      seen.push({ method: req.method ?? '', url: req.url ?? '', key: String(req.headers['x-goog-api-key'] ?? ''), mask: String(req.headers['x-goog-fieldmask'] ?? ''), body });
      res.setHeader('content-type', 'application/json');
      if (req.headers['x-goog-api-key'] !== 'server-side-key' || failNext) {
        res.statusCode = failNext ? 500 : 403;
        return res.end(JSON.stringify({ error: { code: res.statusCode, message: 'nope', status: failNext ? 'INTERNAL' : 'PERMISSION_DENIED' } }));
      }
      if (req.method === 'POST' && req.url === '/v1/places:autocomplete') {
        return res.end(JSON.stringify({ suggestions: [
          { placePrediction: { placeId: 'ChIJ2eUgeAK6j4ARbn5u_wAGqWA', text: { text: '1600 Amphitheatre Parkway, Mountain View, CA, USA' }, structuredFormat: { mainText: { text: '1600 Amphitheatre Parkway' }, secondaryText: { text: 'Mountain View, CA, USA' } } } },
          { queryPrediction: { text: { text: '1600 pizza near me' } } },
        ] }));
      }
      if (req.method === 'GET' && req.url?.startsWith('/v1/places/ChIJ2eUgeAK6j4ARbn5u_wAGqWA')) {
        return res.end(JSON.stringify({
          id: 'ChIJ2eUgeAK6j4ARbn5u_wAGqWA',
          formattedAddress: '1600 Amphitheatre Pkwy, Mountain View, CA 94043, USA',
          addressComponents: [
            { longText: '1600', shortText: '1600', types: ['street_number'] },
            { longText: 'Amphitheatre Parkway', shortText: 'Amphitheatre Pkwy', types: ['route'] },
            { longText: 'Mountain View', shortText: 'Mountain View', types: ['locality', 'political'] },
            { longText: 'California', shortText: 'CA', types: ['administrative_area_level_1', 'political'] },
            { longText: 'United States', shortText: 'US', types: ['country', 'political'] },
            { longText: '94043', shortText: '94043', types: ['postal_code'] },
          ],
        }));
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { code: 404, message: 'not found', status: 'NOT_FOUND' } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    google = await startWorker({ bindings: { GOOGLE_PLACES_API_KEY: 'server-side-key', GOOGLE_PLACES_API_BASE: base } });
  }, 120_000);
  afterAll(async () => {
    await google?.dispose();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('proxies autocomplete with the key, country and session token; the key stays on the server', async () => {
    const res = await get(google, `${AUTOCOMPLETE}?input=1600%20Amph&country=US&sessionToken=sess-1&language=en`);
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(text).not.toContain('server-side-key');
    expect(JSON.parse(text)).toEqual({ provider: 'google', predictions: [
      { placeId: 'ChIJ2eUgeAK6j4ARbn5u_wAGqWA', description: '1600 Amphitheatre Parkway, Mountain View, CA, USA', mainText: '1600 Amphitheatre Parkway', secondaryText: 'Mountain View, CA, USA' },
    ] });
    expect(JSON.parse(seen.at(-1)!.body)).toEqual({ input: '1600 Amph', includedRegionCodes: ['us'], sessionToken: 'sess-1', languageCode: 'en' });
    expect(seen.at(-1)!.key).toBe('server-side-key');
  });

  it('proxies details with an address field mask and maps the components', async () => {
    const res = await get(google, `${DETAILS}?placeId=ChIJ2eUgeAK6j4ARbn5u_wAGqWA&sessionToken=sess-1&${TRACKING}`);
    expect(res.status).toBe(200);
    expect((await json(res)).place).toEqual({
      placeId: 'ChIJ2eUgeAK6j4ARbn5u_wAGqWA', formattedAddress: '1600 Amphitheatre Pkwy, Mountain View, CA 94043, USA',
      addressLine1: '1600 Amphitheatre Parkway', city: 'Mountain View', region: 'CA', postalCode: '94043', country: 'US',
    });
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/v1/places/ChIJ2eUgeAK6j4ARbn5u_wAGqWA?sessionToken=sess-1', mask: 'id,formattedAddress,addressComponents' });
    expect((await get(google, `${DETAILS}?placeId=ChIJunknown&${TRACKING}`)).status).toBe(404);
  });

  it('answers 503 "Unable to load results" when Google fails', async () => {
    failNext = true;
    try {
      const res = await get(google, `${AUTOCOMPLETE}?input=1600&country=US`);
      expect(res.status).toBe(503);
      expect(res.headers.get('Retry-After')).toBe('5');
      expect(await json(res)).toMatchObject({ error: 'places_unavailable', message: 'Unable to load results' });
    } finally {
      failNext = false;
    }
  });
});
