import { describe, expect, it } from 'vitest';
import { failedChunkUrl, retryingImport } from './retry-import.js';

describe('retryingImport', () => {
  it('reads the chunk URL of a failed import() as Chromium and Firefox word it, without a retry query', () => {
    expect(failedChunkUrl(new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1:8787/client/chunks/use-captcha-AbC_1.js'))).toBe(
      'http://127.0.0.1:8787/client/chunks/use-captcha-AbC_1.js',
    );
    expect(failedChunkUrl(new TypeError('error loading dynamically imported module: https://shop.example/client/islands/restock-x.js?1732316400000'))).toBe(
      'https://shop.example/client/islands/restock-x.js',
    );
    expect(failedChunkUrl(new TypeError('Importing a module script failed.'))).toBeUndefined();
    expect(failedChunkUrl('not an error')).toBeUndefined();
  });

  it('passes a failure on, asks again when the message names no URL, and keeps a loaded module', async () => {
    let calls = 0;
    const module = { default: 'mount' };
    const load = retryingImport(() => (++calls === 1 ? Promise.reject(new TypeError('Importing a module script failed.')) : Promise.resolve(module)));
    await expect(load()).rejects.toThrow('Importing a module script failed.');
    expect(await load()).toBe(module);
    expect(await load()).toBe(module);
    expect(calls).toBe(2);
  });
});
