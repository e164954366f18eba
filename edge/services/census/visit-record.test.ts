import { describe, expect, it } from 'vitest';
import { formatVisitRecord, isVisitTimer, nextVisitRecord, parseVisitRecord } from './visit-record.js';

const UUID = '2f1c7a0e-5b7d-4c1a-9e3f-0a1b2c3d4e5f';
const NOW = 1_800_000_000_000;
const uuid = () => 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';

describe('SPEC §4 visitor cookie', () => {
  it('parses only 5 well-formed, time-ordered parts', () => {
    expect(parseVisitRecord(`${UUID}|1|2|3|4`)).toEqual({ uuid: UUID, firstVisit: 1, previousVisit: 2, currentVisit: 3, visitCount: 4 });
    for (const bad of ['', `${UUID}|1|2|3`, `${UUID}|1|2|3|4|5`, `nope|1|2|3|4`, `${UUID}|3|2|1|4`, `${UUID}|1|2|3|0`, `${UUID}|1|2|x|4`, `${UUID}|-1|2|3|4`]) {
      expect(parseVisitRecord(bad)).toBeUndefined();
    }
  });

  it('ss_cvt must be a positive integer timestamp', () => {
    expect(isVisitTimer('1700000000000')).toBe(true);
    expect(isVisitTimer('0')).toBe(false);
    expect(isVisitTimer('12a')).toBe(false);
    expect(isVisitTimer(undefined)).toBe(false);
  });

  it('creates a new record when none is valid', () => {
    const out = nextVisitRecord({ record: 'garbage', timer: String(NOW), now: NOW, restrictive: false, uuid });
    expect(out).toEqual({ record: { uuid: uuid(), firstVisit: NOW, previousVisit: NOW, currentVisit: NOW, visitCount: 1 }, newVisit: true, newVisitor: true });
  });

  it('a valid record without ss_cvt is a new visit: count + 1 and current visit updated', () => {
    const out = nextVisitRecord({ record: `${UUID}|100|200|300|4`, timer: undefined, now: NOW, restrictive: false, uuid });
    expect(out.record).toEqual({ uuid: UUID, firstVisit: 100, previousVisit: 300, currentVisit: NOW, visitCount: 5 });
    expect(out).toMatchObject({ newVisit: true, newVisitor: false });
    expect(formatVisitRecord(out.record)).toBe(`${UUID}|100|300|${NOW}|5`);
  });

  it('a valid record with ss_cvt continues the visit unchanged', () => {
    const out = nextVisitRecord({ record: `${UUID}|100|200|300|4`, timer: '300', now: NOW, restrictive: false, uuid });
    expect(out).toEqual({ record: { uuid: UUID, firstVisit: 100, previousVisit: 200, currentVisit: 300, visitCount: 4 }, newVisit: false, newVisitor: false });
  });

  it('restrictive mode returns a fresh record each time', () => {
    const out = nextVisitRecord({ record: `${UUID}|100|200|300|4`, timer: '300', now: NOW, restrictive: true, uuid });
    expect(out.record).toEqual({ uuid: uuid(), firstVisit: NOW, previousVisit: NOW, currentVisit: NOW, visitCount: 1 });
    expect(out.newVisitor).toBe(true);
  });
});
