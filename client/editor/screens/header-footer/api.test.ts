import { describe, expect, it } from 'vitest';
import { OwnerApiError, setCrumb } from '../../api.js';
import { saveHeaderFooter, VersionConflict } from './api.js';

/** A fetch that answers `status` with `body` and records the request. */
function answer(status: number, body: unknown) {
  const seen: { url: string; init: RequestInit }[] = [];
  const send = (async (url: string, init: RequestInit) => {
    seen.push({ url, init });
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { send, seen };
}

const layouts = { header: null, footer: { sections: [] } };

describe('saving the header and footer', () => {
  it('PUTs both parts with If-Match of the version edited and the crumb', async () => {
    setCrumb('crumb-1');
    const { send, seen } = answer(200, { version: 4, header: null, footer: { sections: [] }, author: 'a@b.test', savedAt: 1 });
    expect((await saveHeaderFooter(3, layouts, send)).version).toBe(4);
    expect(seen[0]!.url).toBe('/api/site-header-footer');
    expect(seen[0]!.init.method).toBe('PUT');
    expect(seen[0]!.init.headers).toMatchObject({ 'If-Match': '"3"', 'X-CSRF-Token': 'crumb-1' });
    expect(JSON.parse(seen[0]!.init.body as string)).toEqual(layouts);
  });

  it('turns a 412 into a conflict naming who saved, and a 400 into the server\'s message and fields', async () => {
    const current = { version: 5, author: 'other@b.test', savedAt: 2 };
    const stale = await saveHeaderFooter(3, layouts, answer(412, { error: 'version_conflict', message: 'x', current }).send).catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(VersionConflict);
    expect((stale as VersionConflict).current).toEqual(current);
    const refused = await saveHeaderFooter(3, layouts, answer(400, { error: 'invalid_layout', message: 'Bad', fields: { 'footer.sections': 'Bad' } }).send).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OwnerApiError);
    expect(refused).toMatchObject({ message: 'Bad', status: 400, fields: { 'footer.sections': 'Bad' } });
    const offline = await saveHeaderFooter(3, layouts, (async () => { throw new TypeError('offline'); }) as unknown as typeof fetch).catch((e: unknown) => e);
    expect(offline).toMatchObject({ status: 0, message: 'Network error' });
  });
});
