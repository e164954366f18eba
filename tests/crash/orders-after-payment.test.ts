/** Crash test: the store is killed (SIGKILL) during an order storm after the payment (docs/crash-safety.md). */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { CrashStore } from './crash-store.js';
import { expectConverged } from './order-assertions.js';
import { KILL_POINTS, orderStorm, type StormOutcome } from './order-storm.js';

let store: CrashStore;
let outcome: StormOutcome;
beforeAll(async () => {
  store = await CrashStore.fresh();
  outcome = await orderStorm(store, KILL_POINTS.afterPayment);
}, 400_000);
afterAll(() => store?.dispose());

describe('an order storm killed after the payment, restarted and retried with the same keys', () => {
  it('converges: stock, keys, orders, mails and replays', () => {
    expectConverged(outcome, KILL_POINTS.afterPayment);
  });
});
