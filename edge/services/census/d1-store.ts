import { and, eq, lt, sql, inArray } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import {
  censusDayVisitors,
  censusEvents,
  censusHits,
  censusJsErrorDays,
  censusJsErrors,
  censusRollups,
  censusVisits,
  censusVitals,
} from '../../../schema/index.js';
import { query, type Db } from '../db.js';
import { errorFingerprint } from './error-groups.js';
import type { CensusStore, EventRecord, HitRecord, JsErrorRecord, VitalSample } from './store.js';
import { utcDay } from './store.js';
import { rateVital, vitalBucket } from './vitals.js';

type Batch = [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]];

// D1 refuses work it never started when a database is momentarily swamped (a burst of
// census posts); those failures are safe to retry, unlike a lost connection mid-write.
const NOT_STARTED = /overloaded|too many requests queued|SQLITE_BUSY|database is locked/i;
const RETRY_DELAYS_MS = [50, 200, 600, 1500];

/** Runs a census write, retrying (with jitter) only failures that guarantee nothing ran. */
async function write<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await query(run);
    } catch (err) {
      let cause = '';
      for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) cause += ` ${e.message}`;
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined || !NOT_STARTED.test(cause)) throw err;
      console.warn(`census write retried after: ${cause.slice(0, 200)}`);
      await new Promise((resolve) => setTimeout(resolve, delay * (0.5 + Math.random())));
    }
  }
}

const DUPLICATE_HIT = /UNIQUE constraint failed: census_hits\.website_id, census_hits\.hit_id/;

function isDuplicateHit(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) if (DUPLICATE_HIT.test(e.message)) return true;
  return false;
}

const addTo = (column: { name: string }) => sql.raw(`"${column.name}" + excluded."${column.name}"`);

function rollupUpsert(db: Db, rows: (typeof censusRollups.$inferInsert)[]) {
  return db
    .insert(censusRollups)
    .values(rows)
    .onConflictDoUpdate({
      target: [censusRollups.websiteId, censusRollups.day, censusRollups.dimension, censusRollups.key],
      set: { views: addTo(censusRollups.views), visits: addTo(censusRollups.visits), bots: addTo(censusRollups.bots), visitors: addTo(censusRollups.visitors) },
    });
}

function eventStatements(db: Db, events: readonly EventRecord[]): BatchItem<'sqlite'>[] {
  if (events.length === 0) return [];
  const rollups = new Map<string, typeof censusRollups.$inferInsert>();
  const bump = (e: EventRecord, dimension: string, key: string) => {
    const id = `${e.websiteId}\n${e.day}\n${dimension}\n${key}`;
    const row = rollups.get(id) ?? { websiteId: e.websiteId, day: e.day, dimension, key, views: 0 };
    row.views = (row.views ?? 0) + 1;
    rollups.set(id, row);
  };
  for (const e of events) {
    bump(e, 'event', e.kind);
    if (e.pagePath) bump(e, 'event-page', `${e.kind} ${e.pagePath}`);
  }
  return [db.insert(censusEvents).values([...events]), rollupUpsert(db, [...rollups.values()])];
}

function vitalStatements(db: Db, samples: readonly VitalSample[]): BatchItem<'sqlite'>[] {
  if (samples.length === 0) return [];
  const rows = new Map<string, typeof censusVitals.$inferInsert>();
  for (const s of samples) {
    const bucket = vitalBucket(s.metric, s.value);
    const rating = rateVital(s.metric, s.value);
    const id = [s.websiteId, s.day, s.pagePath, s.metric, bucket].join('\n');
    const row = rows.get(id) ?? { websiteId: s.websiteId, day: s.day, pagePath: s.pagePath, metric: s.metric, bucket, count: 0, good: 0, poor: 0 };
    row.count! += 1;
    if (rating === 'good') row.good! += 1;
    if (rating === 'poor') row.poor! += 1;
    rows.set(id, row);
  }
  return [
    db
      .insert(censusVitals)
      .values([...rows.values()])
      .onConflictDoUpdate({
        target: [censusVitals.websiteId, censusVitals.day, censusVitals.pagePath, censusVitals.metric, censusVitals.bucket],
        set: { count: addTo(censusVitals.count), good: addTo(censusVitals.good), poor: addTo(censusVitals.poor) },
      }),
  ];
}

/**
 * The D1 census store: each call is one D1 batch (one transaction), so a raw row and
 * every rollup it feeds land together or not at all. Counters grow by upserts
 * (`count = count + excluded.count`), never read-modify-write in the worker.
 */
export function d1CensusStore(db: Db): CensusStore {
  return {
    async recordHit(hit: HitRecord) {
      const base = { websiteId: hit.websiteId, day: hit.day };
      const counts = hit.isBot ? { views: 0, visits: 0, bots: 1 } : { views: 1, visits: hit.newVisit ? 1 : 0, bots: 0 };
      const dims: [string, string][] = [
        ['page', hit.pagePath],
        ['referrer', hit.referrerHost],
        ['device', hit.device],
        ['browser', hit.browser],
        ['country', hit.country],
      ];
      const batch: Batch = [db.insert(censusHits).values(hit)];
      if (hit.isBot) {
        batch.push(rollupUpsert(db, [{ ...base, dimension: 'total', key: '', ...counts }]));
      } else {
        // The day's first hit of this visitor counts them once; the check and the insert
        // run in the same transaction, so concurrent hits cannot both count.
        const firstToday = sql`(select count(*) = 0 from ${censusDayVisitors} where ${censusDayVisitors.websiteId} = ${hit.websiteId} and ${censusDayVisitors.day} = ${hit.day} and ${censusDayVisitors.visitorId} = ${hit.visitorId})`;
        const thisVisit = sql`${censusVisits.websiteId} = ${hit.websiteId} and ${censusVisits.visitorId} = ${hit.visitorId} and ${censusVisits.visitNo} = ${hit.visitNo}`;
        const newVisitRow = sql`(select count(*) = 0 from ${censusVisits} where ${thisVisit})`;
        batch.push(
          db
            .insert(censusRollups)
            .select(
              db
                .select({
                  websiteId: sql`${hit.websiteId}`.as('website_id'),
                  day: sql`${hit.day}`.as('day'),
                  dimension: sql`'total'`.as('dimension'),
                  key: sql`''`.as('key'),
                  views: sql`${counts.views}`.as('views'),
                  visits: sql`${counts.visits}`.as('visits'),
                  visitors: firstToday.as('visitors'),
                  bots: sql`0`.as('bots'),
                  // A visit starts as a bounce (one view) until its second hit.
                  bounces: sql`${newVisitRow}`.as('bounces'),
                  // Drizzle inserts a select into every column of the table, in table order.
                  visitMs: sql`0`.as('visit_ms'),
                })
                .from(sql`(select 1)`)
                // SQLite needs a WHERE before an upsert's ON CONFLICT to tell it from a join's ON.
                .where(sql`true`),
            )
            .onConflictDoUpdate({
              target: [censusRollups.websiteId, censusRollups.day, censusRollups.dimension, censusRollups.key],
              set: { views: addTo(censusRollups.views), visits: addTo(censusRollups.visits), visitors: addTo(censusRollups.visitors), bounces: addTo(censusRollups.bounces) },
            }),
          // A further hit of a visit: it is no bounce any more, and its duration grows, on
          // the visit's start day. Read from the visit row before the upsert below moves it.
          db
            .update(censusRollups)
            .set({
              bounces: sql`${censusRollups.bounces} - (select count(*) from ${censusVisits} where ${thisVisit} and ${censusVisits.views} = 1)`,
              visitMs: sql`${censusRollups.visitMs} + coalesce((select max(0, ${hit.ts} - ${censusVisits.lastSeenAt}) from ${censusVisits} where ${thisVisit}), 0)`,
            })
            .where(
              and(
                eq(censusRollups.websiteId, hit.websiteId),
                eq(censusRollups.dimension, 'total'),
                eq(censusRollups.key, ''),
                eq(censusRollups.day, sql`(select ${censusVisits.day} from ${censusVisits} where ${thisVisit})`),
              ),
            ),
          db.insert(censusDayVisitors).values({ ...base, visitorId: hit.visitorId }).onConflictDoNothing(),
          db
            .insert(censusVisits)
            .values({ ...base, visitorId: hit.visitorId, visitNo: hit.visitNo, startedAt: hit.ts, lastSeenAt: hit.ts, views: 1, entryPath: hit.pagePath })
            .onConflictDoUpdate({
              target: [censusVisits.websiteId, censusVisits.visitorId, censusVisits.visitNo],
              set: { views: sql`${censusVisits.views} + 1`, lastSeenAt: sql`max(${censusVisits.lastSeenAt}, excluded.last_seen_at)` },
            }),
        );
      }
      batch.push(rollupUpsert(db, dims.map(([dimension, key]) => ({ ...base, dimension, key, ...counts }))));
      // A hit id stored before fails the unique index on the first statement, which rolls
      // back the whole batch: a retried post counts nothing twice.
      return write(() =>
        db.batch(batch).then(
          () => true,
          (err: unknown) => {
            if (isDuplicateHit(err)) return false;
            throw err;
          },
        ),
      );
    },

    async recordEvents(events: readonly EventRecord[]) {
      const statements = eventStatements(db, events);
      if (statements.length) await write(() => db.batch(statements as Batch));
    },

    async recordPerformance({ vitals, events }) {
      const statements = [...vitalStatements(db, vitals), ...eventStatements(db, events)];
      if (statements.length) await write(() => db.batch(statements as Batch));
    },

    async recordJsErrors(errors: readonly JsErrorRecord[]) {
      if (errors.length === 0) return;
      const batch: BatchItem<'sqlite'>[] = [];
      for (const e of errors) {
        const fingerprint = await errorFingerprint(e.message, e.firstFrame);
        batch.push(
          db
            .insert(censusJsErrors)
            .values({ websiteId: e.websiteId, fingerprint, message: e.message, firstFrame: e.firstFrame, sampleStack: e.stack, lastPage: e.pagePath, count: 1, firstSeen: e.ts, lastSeen: e.ts })
            .onConflictDoUpdate({
              target: [censusJsErrors.websiteId, censusJsErrors.fingerprint],
              set: { count: sql`${censusJsErrors.count} + 1`, lastSeen: sql`max(${censusJsErrors.lastSeen}, excluded.last_seen)`, lastPage: sql`excluded.last_page` },
            }),
          db
            .insert(censusJsErrorDays)
            .values({ websiteId: e.websiteId, fingerprint, day: e.day, count: 1 })
            .onConflictDoUpdate({ target: [censusJsErrorDays.websiteId, censusJsErrorDays.day, censusJsErrorDays.fingerprint], set: { count: sql`${censusJsErrorDays.count} + 1` } }),
        );
      }
      await write(() => db.batch(batch as Batch));
    },

    async prune({ rawBefore, rollupsBefore }) {
      const rawDay = utcDay(rawBefore);
      const rollupDay = utcDay(rollupsBefore);
      let removed = 0;
      // In slices, so one run never holds D1 for long; the next run continues.
      for (let round = 0; round < 20; round++) {
        const hits = db.select({ id: censusHits.id }).from(censusHits).where(lt(censusHits.ts, rawBefore)).limit(5000);
        const events = db.select({ id: censusEvents.id }).from(censusEvents).where(lt(censusEvents.ts, rawBefore)).limit(5000);
        const results = await query(() =>
          db.batch([
            db.delete(censusHits).where(inArray(censusHits.id, hits)),
            db.delete(censusEvents).where(inArray(censusEvents.id, events)),
          ]),
        );
        const n = results.reduce((sum, r) => sum + (r.meta.changes ?? 0), 0);
        removed += n;
        if (n === 0) break;
      }
      const results = await query(() =>
        db.batch([
          db.delete(censusVisits).where(lt(censusVisits.day, rawDay)),
          db.delete(censusDayVisitors).where(lt(censusDayVisitors.day, rawDay)),
          db.delete(censusRollups).where(lt(censusRollups.day, rollupDay)),
          db.delete(censusVitals).where(lt(censusVitals.day, rollupDay)),
          db.delete(censusJsErrorDays).where(lt(censusJsErrorDays.day, rollupDay)),
          db.delete(censusJsErrors).where(and(lt(censusJsErrors.lastSeen, rollupsBefore))),
        ]),
      );
      return removed + results.reduce((sum, r) => sum + (r.meta.changes ?? 0), 0);
    },
  };
}
