import { describe, expect, it } from 'vitest';
import { signReviewRequest, verifyReviewRequest } from './links.js';

const request = { websiteId: 'w1', itemId: 'i1', email: 'buyer@example.com', orderId: 'o7', expiresAt: 2_000_000 };

describe('review-request tokens', () => {
  it('round-trips a signed request until it expires', async () => {
    const token = await signReviewRequest('s3cret', request);
    expect(await verifyReviewRequest('s3cret', token, 1_000_000)).toEqual(request);
    expect(await verifyReviewRequest('s3cret', token, 2_000_000)).toBeUndefined();
  });

  it('refuses another secret, an edited payload, a swapped signature and garbage', async () => {
    const token = await signReviewRequest('s3cret', request);
    const other = await signReviewRequest('s3cret', { ...request, itemId: 'i2' });
    expect(await verifyReviewRequest('other', token, 0)).toBeUndefined();
    const [payload, mac] = token.split('.');
    const [otherPayload, otherMac] = other.split('.');
    expect(await verifyReviewRequest('s3cret', `${otherPayload}.${mac}`, 0)).toBeUndefined();
    expect(await verifyReviewRequest('s3cret', `${payload}.${otherMac}`, 0)).toBeUndefined();
    for (const bad of ['', 'x', 'a.b', `${token}.x`, '!!!.???']) expect(await verifyReviewRequest('s3cret', bad, 0)).toBeUndefined();
  });
});
