/**
 * Nothing carries from one render to the next: two renders of different dates in
 * sequence each print their own names, whatever was rendered before them in the isolate.
 */
import { describe, expect, it } from 'vitest';
import { compile, render } from './index.js';

// 2010-03-14T04:00:28Z is still Saturday 23:00 EST in New York (DST starts at 07:00Z);
// 2016-02-28T21:18:49Z is a Sunday.
const SATURDAY_BEFORE_DST = 1268539228125;
const SUNDAY = 1456694329131;

describe('render state does not leak between renders', () => {
  const t = compile('{d|date %A, %B %d %H:%M}');

  it('renders two different dates in sequence, each with its own day name', () => {
    const first = render(t, { d: SATURDAY_BEFORE_DST }).output;
    const second = render(t, { d: SUNDAY }).output;
    expect(first).toBe('Saturday, March 13 23:00');
    expect(second).toBe('Sunday, February 28 16:18');
  });

  it('gives the same output whatever was rendered before', () => {
    const alone = render(compile('{d|date %A}'), { d: SUNDAY }).output;
    render(t, { d: SATURDAY_BEFORE_DST });
    render(t, { d: SATURDAY_BEFORE_DST + 3 * 3_600_000 });
    expect(render(compile('{d|date %A}'), { d: SUNDAY }).output).toBe(alone);
    expect(alone).toBe('Sunday');
  });

  it('uses the zone offset in force at the instant on both sides of a DST change', () => {
    const hhmm = compile('{d|date %Y-%m-%d %H:%M %Z}');
    // 2019-03-10 06:59Z is 01:59 EST; 07:01Z is 03:01 EDT.
    expect(render(hhmm, { d: Date.UTC(2019, 2, 10, 6, 59) }).output).toBe('2019-03-10 01:59 EST');
    expect(render(hhmm, { d: Date.UTC(2019, 2, 10, 7, 1) }).output).toBe('2019-03-10 03:01 EDT');
    // 2019-11-03 05:30Z is 01:30 EDT; 06:30Z is 01:30 EST.
    expect(render(hhmm, { d: Date.UTC(2019, 10, 3, 5, 30) }).output).toBe('2019-11-03 01:30 EDT');
    expect(render(hhmm, { d: Date.UTC(2019, 10, 3, 6, 30) }).output).toBe('2019-11-03 01:30 EST');
  });

  it('reads the zone like a variable: a nearer website without timeZone hides the page zone', () => {
    const zoned = compile('{d|date %H}|{.section inner}{d|date %H}{.end}');
    const data = { website: { timeZone: 'UTC' }, d: Date.UTC(2024, 3, 23, 12), inner: { website: {}, d: Date.UTC(2024, 3, 23, 12) } };
    expect(render(zoned, data).output).toBe('12|08');
  });
});
