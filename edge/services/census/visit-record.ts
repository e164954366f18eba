import type { EpochMs } from '../../../domain/branded-types.js';

/**
 * SPEC §3/§4 visitor cookies. `ss_cvr` holds 5 pipe-separated parts: uuid, first-visit
 * time, previous-visit time, current-visit time, visit count (2-year life); `ss_cvt` is a
 * positive integer timestamp that marks an ongoing visit (30 minutes).
 */
export const VISIT_RECORD_COOKIE = 'ss_cvr';
export const VISIT_TIMER_COOKIE = 'ss_cvt';
/** SPEC §3: cleared under a restrictive policy. */
export const RESTRICTIVE_CLEARED_COOKIES = ['ss_cid', 'ss_cpvisit', 'ss_cvisit'] as const;
/** SPEC §9: ss_cvr lives 2 years, ss_cvt 30 minutes. */
export const VISIT_RECORD_MAX_AGE_S = 2 * 365 * 24 * 60 * 60;
export const VISIT_TIMER_MAX_AGE_S = 30 * 60;

export interface VisitRecord {
  uuid: string;
  firstVisit: EpochMs;
  previousVisit: EpochMs;
  currentVisit: EpochMs;
  visitCount: number;
}

/** What a hit does to the visitor's record. */
export interface VisitOutcome {
  record: VisitRecord;
  /** The hit starts a visit (new record, or a valid record without ss_cvt). */
  newVisit: boolean;
  /** No valid record came in: a first-time (or restrictive, anonymous) visitor. */
  newVisitor: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const POSITIVE_INT = /^[1-9][0-9]{0,15}$/;

function positiveInt(text: string | undefined): number | undefined {
  if (text === undefined || !POSITIVE_INT.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** Parses `ss_cvr`; undefined unless all 5 parts are well formed and in time order. */
export function parseVisitRecord(value: string | undefined): VisitRecord | undefined {
  if (!value || value.length > 200) return undefined;
  const parts = decodeURIComponent(value).split('|');
  if (parts.length !== 5 || !UUID.test(parts[0]!)) return undefined;
  const [firstVisit, previousVisit, currentVisit, visitCount] = parts.slice(1).map(positiveInt);
  if (firstVisit === undefined || previousVisit === undefined || currentVisit === undefined || visitCount === undefined) return undefined;
  if (firstVisit > previousVisit || previousVisit > currentVisit) return undefined;
  return { uuid: parts[0]!.toLowerCase(), firstVisit, previousVisit, currentVisit, visitCount };
}

/** `ss_cvt` is valid when it is a positive integer timestamp. */
export function isVisitTimer(value: string | undefined): boolean {
  return positiveInt(value) !== undefined;
}

export function formatVisitRecord(r: VisitRecord): string {
  return [r.uuid, r.firstVisit, r.previousVisit, r.currentVisit, r.visitCount].join('|');
}

function freshRecord(now: EpochMs, uuid: string): VisitRecord {
  return { uuid, firstVisit: now, previousVisit: now, currentVisit: now, visitCount: 1 };
}

/**
 * SPEC §4 Visitor cookie: a new record when none is valid; a valid record without ss_cvt
 * starts a new visit (count + 1, previous = old current, current = now); with ss_cvt the
 * visit goes on unchanged. In restrictive mode a fresh record is returned each time.
 * @example nextVisitRecord({ record: undefined, timer: undefined, now, restrictive: false, uuid })
 */
export function nextVisitRecord(input: {
  record: string | undefined;
  timer: string | undefined;
  now: EpochMs;
  restrictive: boolean;
  uuid: () => string;
}): VisitOutcome {
  const { now, restrictive } = input;
  const previous = restrictive ? undefined : parseVisitRecord(input.record);
  if (!previous) return { record: freshRecord(now, input.uuid()), newVisit: true, newVisitor: true };
  if (isVisitTimer(input.timer)) return { record: previous, newVisit: false, newVisitor: false };
  const record = {
    ...previous,
    previousVisit: previous.currentVisit,
    currentVisit: Math.max(now, previous.currentVisit),
    visitCount: previous.visitCount + 1,
  };
  return { record, newVisit: true, newVisitor: false };
}
