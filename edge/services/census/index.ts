import type { Db } from '../db.js';
import { d1CensusStore } from './d1-store.js';
import type { CensusStore } from './store.js';

export type { CensusStore, EventRecord, VitalSample } from './store.js';
export { utcDay, RAW_RETENTION_DAYS, ROLLUP_RETENTION_DAYS } from './store.js';

/** The census store a request writes to (D1 today; see docs/traffic.md for Analytics Engine). */
export function censusStore(db: Db): CensusStore {
  return d1CensusStore(db);
}
