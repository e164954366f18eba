import { describe, expect, it } from 'vitest';
import { checkDownloadLink, downloadPath } from './links.js';

const SECRET = 'unit-test-secret';
const NOW = 1_800_000_000_000;

async function parts(path: string) {
  const url = new URL(path, 'http://shop.test');
  return { grant: decodeURIComponent(url.pathname.split('/').pop()!), expires: url.searchParams.get('expires') ?? undefined, sig: url.searchParams.get('sig') ?? undefined };
}

describe('signed download links', () => {
  it('accept the link as signed until it expires', async () => {
    const p = await parts(await downloadPath(SECRET, 'grant-1', NOW + 1000));
    expect(await checkDownloadLink(SECRET, p.grant, p.expires, p.sig, NOW)).toEqual({ ok: true, grantId: 'grant-1', expiresOn: NOW + 1000 });
    expect(await checkDownloadLink(SECRET, p.grant, p.expires, p.sig, NOW + 1000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuse another grant, a later expiry, another secret or a damaged signature as forged', async () => {
    const p = await parts(await downloadPath(SECRET, 'grant-1', NOW + 1000));
    const forged = { ok: false, reason: 'forged' };
    expect(await checkDownloadLink(SECRET, 'grant-2', p.expires, p.sig, NOW)).toEqual(forged);
    expect(await checkDownloadLink(SECRET, p.grant, String(NOW + 999_999), p.sig, NOW)).toEqual(forged);
    expect(await checkDownloadLink('other-secret', p.grant, p.expires, p.sig, NOW)).toEqual(forged);
    const flipped = (p.sig![0] === 'A' ? 'B' : 'A') + p.sig!.slice(1);
    expect(await checkDownloadLink(SECRET, p.grant, p.expires, flipped, NOW)).toEqual(forged);
    expect(await checkDownloadLink(SECRET, p.grant, undefined, p.sig, NOW)).toEqual(forged);
    expect(await checkDownloadLink(SECRET, p.grant, p.expires, undefined, NOW)).toEqual(forged);
  });

  it('call an expired link with a bad signature forged, not expired', async () => {
    const p = await parts(await downloadPath(SECRET, 'grant-1', NOW - 1000));
    expect(await checkDownloadLink('other-secret', p.grant, p.expires, p.sig, NOW)).toEqual({ ok: false, reason: 'forged' });
  });
});
