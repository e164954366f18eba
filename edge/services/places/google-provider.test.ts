import { describe, expect, it } from 'vitest';
import { googlePlacesProvider } from './google-provider.js';
import { PlacesUnavailableError } from './provider.js';

describe('googlePlacesProvider failures', () => {
  it('turns an unreachable service into PlacesUnavailableError', async () => {
    const provider = googlePlacesProvider({ apiKey: 'k', fetch: () => Promise.reject(new TypeError('fetch failed')) });
    await expect(provider.autocomplete({ input: 'x' })).rejects.toBeInstanceOf(PlacesUnavailableError);
  });

  it('treats a refused key as unavailable but an unknown place as none', async () => {
    const answer = (status: number) => () => Promise.resolve(new Response(JSON.stringify({ error: { status: 'X', message: 'm' } }), { status }));
    await expect(googlePlacesProvider({ apiKey: 'k', fetch: answer(403) }).details({ placeId: 'p' })).rejects.toThrow(/403 X m/);
    expect(await googlePlacesProvider({ apiKey: 'k', fetch: answer(404) }).details({ placeId: 'p' })).toBeNull();
  });

  it('skips query predictions and keeps at most five places', async () => {
    const suggestions = [{ queryPrediction: { text: { text: 'q' } } }, ...Array.from({ length: 7 }, (_, i) => ({ placePrediction: { placeId: `p${i}`, text: { text: `Place ${i}` } } }))];
    const provider = googlePlacesProvider({ apiKey: 'k', baseUrl: 'https://example.test/', fetch: (url) => {
      expect(String(url)).toBe('https://example.test/v1/places:autocomplete');
      return Promise.resolve(Response.json({ suggestions }));
    } });
    const found = await provider.autocomplete({ input: 'pla' });
    expect(found.map((p) => p.placeId)).toEqual(['p0', 'p1', 'p2', 'p3', 'p4']);
    expect(found[0]).toEqual({ placeId: 'p0', description: 'Place 0', mainText: 'Place 0', secondaryText: '' });
  });
});
