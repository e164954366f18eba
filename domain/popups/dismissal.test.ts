import { describe, expect, it } from 'vitest';
import { mayShow, parseDismissal } from './dismissal.js';

const DAY = 24 * 60 * 60 * 1000;

describe('popup dismissal state (SPEC §3 keys date-closed, version, submitted)', () => {
  it('keeps a closed version closed, shows a new version, and honours every-N-days', () => {
    const closed = { 'date-closed': 1_000, version: 3, submitted: false };
    expect(mayShow(undefined, 3, { mode: 'once' }, 2_000)).toBe(true);
    expect(mayShow(closed, 3, { mode: 'once' }, 1_000 + 400 * DAY)).toBe(false);
    expect(mayShow(closed, 4, { mode: 'once' }, 2_000)).toBe(true);
    expect(mayShow(closed, 3, { mode: 'days', days: 7 }, 1_000 + 6 * DAY)).toBe(false);
    expect(mayShow(closed, 3, { mode: 'days', days: 7 }, 1_000 + 7 * DAY)).toBe(true);
    // A visitor who signed up is not asked again for that version.
    expect(mayShow({ ...closed, submitted: true }, 3, { mode: 'days', days: 1 }, 1_000 + 30 * DAY)).toBe(false);
  });

  it('reads unreadable or foreign values as never dismissed', () => {
    expect(parseDismissal(null)).toBeUndefined();
    expect(parseDismissal('{')).toBeUndefined();
    expect(parseDismissal('{"version":"2","date-closed":1}')).toBeUndefined();
    expect(parseDismissal('{"version":2,"date-closed":5,"submitted":true}')).toEqual({ 'date-closed': 5, version: 2, submitted: true });
  });
});
