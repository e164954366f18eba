import { PhotonImage } from '@cf-wasm/photon/node';
import { imageSize } from 'image-size';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../test-support.js';

/** Responsive image variants over HTTP on the real worker (photon's WebAssembly in workerd, R2). */
let worker: RunningWorker;
const MOON = '/assets/fern-and-kiln/images/moon-jar.jpg';
const WEBP = { accept: 'image/avif,image/webp,image/*,*/*;q=0.8' };
const JPEG_ONLY = { accept: 'image/jpeg,image/png,*/*;q=0.5' };

beforeAll(async () => {
  worker = await startWorker();
});

afterAll(async () => {
  await worker?.dispose();
});

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await worker.fetch(path, { headers });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** Uploads through Miniflare's proxy, which wants a plain ArrayBuffer. */
async function put(key: string, bytes: Uint8Array, contentType: string) {
  await worker.files.put(key, bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer, { httpMetadata: { contentType } });
}

describe('raster variants', () => {
  it('resizes a JPEG photo to each SPEC §9 width as a smaller JPEG, stored in R2 beside the original', async () => {
    const original = (await get(MOON)).bytes.byteLength;
    let previous = 0;
    for (const width of [100, 300, 500, 750, 1000]) {
      const { res, bytes } = await get(`${MOON}?format=${width}w`, WEBP);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect(imageSize(bytes)).toMatchObject({ type: 'jpg', width, height: width });
      expect(bytes.byteLength).toBeGreaterThan(previous);
      expect(bytes.byteLength).toBeLessThan(original);
      previous = bytes.byteLength;
    }
    expect(await worker.files.head('fern-and-kiln/images/moon-jar.jpg@500w.jpg')).not.toBeNull();
    const again = await get(`${MOON}?format=500w`, WEBP);
    expect(imageSize(again.bytes).width).toBe(500);
    const etag = again.res.headers.get('etag')!;
    expect((await get(`${MOON}?format=500w`, { ...WEBP, 'if-none-match': etag })).res.status).toBe(304);
  });

  it('turns PNG into WebP for browsers that take it and PNG for the rest', async () => {
    const pixels = new Uint8Array(800 * 600 * 4).map((_, i) => (i % 4 === 3 ? 200 : (i * 7) % 256));
    const image = new PhotonImage(pixels, 800, 600);
    await put('tests/chart.png', image.get_bytes(), 'image/png');
    image.free();
    const webp = await get('/assets/tests/chart.png?format=300w', WEBP);
    expect(webp.res.headers.get('content-type')).toBe('image/webp');
    expect(webp.res.headers.get('vary')).toBe('Accept');
    expect(imageSize(webp.bytes)).toMatchObject({ type: 'webp', width: 300, height: 225 });
    const png = await get('/assets/tests/chart.png?format=300w', JPEG_ONLY);
    expect(png.res.headers.get('content-type')).toBe('image/png');
    expect(imageSize(png.bytes)).toMatchObject({ type: 'png', width: 300, height: 225 });
  });

  it('never upscales: a width past the original serves the original', async () => {
    const { res, bytes } = await get(`${MOON}?format=2500w`, WEBP);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(imageSize(bytes)).toMatchObject({ width: 1500, height: 1500 });
    expect((await get(`${MOON}?format=original`)).bytes.byteLength).toBe(bytes.byteLength);
  });

  it('serves SVG and other formats as they are', async () => {
    const svg = await get('/assets/fern-and-kiln/images/moon-jar-side.svg?format=500w', WEBP);
    expect(svg.res.status).toBe(200);
    expect(svg.res.headers.get('content-type')).toBe('image/svg+xml');
    expect(new TextDecoder().decode(svg.bytes)).toMatch(/^<svg/);
    await put('tests/leaflet.pdf', new TextEncoder().encode('%PDF-1.4 leaflet'), 'application/pdf');
    const pdf = await get('/assets/tests/leaflet.pdf?format=300w');
    expect(pdf.res.headers.get('content-type')).toBe('application/pdf');
  });

  it('never serves a digital product’s file: those go out only through signed download links', async () => {
    for (const path of ['/assets/fern-and-kiln/files/glaze-guide.pdf', '/assets/fern-and-kiln/files/glaze-guide.pdf?format=original', '/assets/fern-and-kiln/files/firing-log.pdf?format=300w']) {
      expect((await get(path)).res.status, path).toBe(404);
    }
  });
});

describe('bad input', () => {
  it('rejects widths that are not offered', async () => {
    for (const format of ['123w', '5000w', 'huge', '500']) {
      expect((await get(`${MOON}?format=${format}`)).res.status, format).toBe(400);
    }
  });

  it('answers 415 for corrupt image data and keeps serving afterwards', async () => {
    const junk = new Uint8Array(4096).map((_, i) => (i * 31 + 7) % 251);
    await put('tests/broken.jpg', junk, 'image/jpeg');
    expect((await get('/assets/tests/broken.jpg?format=300w')).res.status).toBe(415);
    // A valid header over a truncated body fails in the decoder, not the worker.
    const moon = new Uint8Array(await (await worker.fetch(MOON)).arrayBuffer());
    await put('tests/truncated.jpg', moon.slice(0, 2000), 'image/jpeg');
    expect([400, 415]).toContain((await get('/assets/tests/truncated.jpg?format=300w')).res.status);
    expect((await get(`${MOON}?format=750w`, JPEG_ONLY)).res.status).toBe(200);
  });

  it('refuses decompression bombs (> 25 megapixels) before decoding', async () => {
    // A PNG whose header claims 20000 x 20000 pixels: 400 MP from a few bytes.
    const png = Uint8Array.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
      0, 0, 0x4e, 0x20, 0, 0, 0x4e, 0x20, 8, 6, 0, 0, 0, 0, 0, 0, 0, ...new Array(64).fill(0),
    ]);
    await put('tests/bomb.png', png, 'image/png');
    const { res, bytes } = await get('/assets/tests/bomb.png?format=300w');
    expect(res.status).toBe(400);
    expect(new TextDecoder().decode(bytes)).toBe('Image has too many pixels to resize');
  });
});

describe('srcset on pages', () => {
  it('a product with a raster photo offers every width up to its original', async () => {
    const html = await (await worker.fetch('/shop/moon-jar')).text();
    const srcset = /srcset="([^"]*moon-jar\.jpg[^"]*)"/.exec(html)![1]!;
    for (const w of [100, 300, 500, 750, 1000]) expect(srcset).toContain(`moon-jar.jpg?format=${w}w ${w}w`);
    const first = srcset.split(',')[0]!.trim().split(' ')[0]!.replaceAll('&amp;', '&');
    const { res, bytes } = await get(first, WEBP);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(imageSize(bytes).width).toBe(100);
  });
});
