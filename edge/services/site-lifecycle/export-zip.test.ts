import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import type { R2Bucket } from '@cloudflare/workers-types';
import { R2ZipWriter } from './export-zip.js';

/** A bucket that keeps one object and checks R2's multipart rule: every part but the last has one size. */
function fakeBucket() {
  const stored = new Map<string, Uint8Array>();
  let multipartParts: number[] = [];
  const bucket = {
    put: async (key: string, body: Uint8Array) => void stored.set(key, body),
    createMultipartUpload: async (key: string) => {
      const parts = new Map<number, Uint8Array>();
      return {
        uploadPart: async (n: number, bytes: Uint8Array) => (parts.set(n, bytes.slice()), { partNumber: n, etag: String(n) }),
        complete: async (uploaded: { partNumber: number }[]) => {
          const ordered = uploaded.map((p) => parts.get(p.partNumber)!);
          multipartParts = ordered.map((p) => p.length);
          const all = new Uint8Array(ordered.reduce((n, p) => n + p.length, 0));
          let at = 0;
          for (const p of ordered) all.set(p, (at += p.length) - p.length);
          stored.set(key, all);
        },
        abort: async () => undefined,
      };
    },
  };
  return { bucket: bucket as unknown as R2Bucket, stored, parts: () => multipartParts };
}

const streamOf = (bytes: Uint8Array, chunk = 1 << 20) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += chunk) controller.enqueue(bytes.subarray(at, at + chunk));
      controller.close();
    },
  });

describe('R2ZipWriter', () => {
  it('writes a small zip with one put', async () => {
    const { bucket, stored, parts } = fakeBucket();
    const zip = new R2ZipWriter(bucket, 'k.zip');
    await zip.addText('a.json', '{"a":1}');
    async function* lines() {
      yield 'x,y\r\n';
      yield '1,2\r\n';
    }
    await zip.addLines('b.csv', lines(), '\uFEFF');
    const size = await zip.finish();
    expect(parts()).toEqual([]);
    expect(stored.get('k.zip')!.length).toBe(size);
    const files = unzipSync(stored.get('k.zip')!);
    expect(strFromU8(files['a.json']!)).toBe('{"a":1}');
    expect(Buffer.from(files['b.csv']!).toString('latin1')).toBe('\xEF\xBB\xBFx,y\r\n1,2\r\n');
  });

  it('uploads a large zip in equal 8 MiB parts and a last smaller one, byte for byte', async () => {
    const { bucket, stored, parts } = fakeBucket();
    const big = new Uint8Array(randomBytes(19 * 1024 * 1024));
    const zip = new R2ZipWriter(bucket, 'big.zip');
    await zip.addStream('files/big.bin', streamOf(big));
    await zip.addText('manifest.json', '{}');
    const size = await zip.finish();
    expect(parts().slice(0, -1)).toEqual([8 * 1024 * 1024, 8 * 1024 * 1024]);
    expect(parts().at(-1)).toBeLessThanOrEqual(8 * 1024 * 1024);
    expect(stored.get('big.zip')!.length).toBe(size);
    const files = unzipSync(stored.get('big.zip')!);
    expect(Buffer.from(files['files/big.bin']!).equals(Buffer.from(big))).toBe(true);
    expect(strFromU8(files['manifest.json']!)).toBe('{}');
  });
});
