import { describe, expect, it } from 'vitest';
import { OwnerApiError } from '../../api.js';
import { deleteFile, FileInUseError, listUrl, precheck, uploadOutcome } from './files-api.js';

const named = (name: string, parts: BlobPart[]) => Object.assign(new Blob(parts), { name });

describe('the file manager client', () => {
  it('asks for a page by sort, direction, search, kind and cursor', () => {
    expect(listUrl({ search: '', sort: 'created-desc' })).toBe('/api/files?sort=created&dir=desc&limit=40');
    expect(listUrl({ search: ' mug ', sort: 'name-asc', kind: 'image', after: 'abc', limit: 10 })).toBe('/api/files?sort=name&dir=asc&limit=10&q=mug&kind=image&after=abc');
  });

  it('reads an upload answer: the file, the server’s SPEC text, or File processing failed', () => {
    const file = { id: 'f1', fileName: 'a.png' };
    expect(uploadOutcome(201, JSON.stringify({ file }))).toEqual({ ok: true, file });
    const tooLarge = 'The file a.png is too large. The maximum allowed file size is 20 MB.';
    expect(uploadOutcome(413, JSON.stringify({ error: 'file_too_large', message: tooLarge }))).toEqual({ ok: false, message: tooLarge });
    expect(uploadOutcome(500, 'upstream trouble')).toEqual({ ok: false, message: 'File processing failed' });
    expect(uploadOutcome(502, '<html>bad gateway</html>')).toEqual({ ok: false, message: 'File processing failed' });
  });

  it('checks a file before sending it: a renamed program, an image over its limit', async () => {
    expect(await precheck(named('photo.png', ['MZ\u0090\u0000']))).toBe('The file photo.png does not appear to be a supported file.');
    const png = new Uint8Array(20_000_001);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(await precheck(named('big.png', [png]))).toBe('The file big.png is too large. The maximum allowed file size is 20 MB.');
    expect(await precheck(named('ok.png', [png.subarray(0, 1000)]))).toBeUndefined();
  });

  it('turns a refused delete into where the file is used', async () => {
    const usedBy = [{ type: 'page', id: 'p1', title: 'Firing day', url: '/firing-day' }];
    const refused = (async () => new Response(JSON.stringify({ error: 'file_in_use', message: 'The file a.png is in use and cannot be deleted.', usedBy }), { status: 409 })) as typeof fetch;
    const error = await deleteFile('f1', refused).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileInUseError);
    expect((error as FileInUseError).usedBy).toEqual(usedBy);
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(await deleteFile('f1', offline).catch((e: unknown) => (e as OwnerApiError).message)).toBe('Network error');
    await expect(deleteFile('f1', (async () => new Response('{"deleted":true}', { status: 200 })) as typeof fetch)).resolves.toBeUndefined();
  });
});
