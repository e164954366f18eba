/**
 * Test helper: the worker of a Stripe deployment and the local Stripe-protocol server it
 * talks to, started before a test file's tests and stopped after them, with a row counter.
 * @example const s = useStripeWorker(); ... s.worker.fetch('/checkout'); s.stripe.confirm(id)
 */
import { afterAll, beforeAll } from 'vitest';
import { startWorker, type RunningWorker } from '../../test-support.js';
import { stripeBindings } from './test-stripe-checkout.js';
import { FakeStripe } from './test-stripe-server.js';

export interface StripeWorker {
  readonly stripe: FakeStripe;
  /** The running worker (read it inside tests and hooks: it starts in beforeAll). */
  readonly worker: RunningWorker;
  /** `SELECT COUNT(*) AS n ...` on the worker's D1. */
  count(sql: string, ...params: unknown[]): Promise<number>;
}

export function useStripeWorker(bindings: Record<string, string> = {}): StripeWorker {
  const stripe = new FakeStripe();
  let worker: RunningWorker | undefined;
  beforeAll(async () => {
    await stripe.start();
    worker = await startWorker({ bindings: { ...stripeBindings(stripe), ...bindings } });
  }, 60_000);
  afterAll(async () => {
    await worker?.dispose();
    await stripe.stop();
  });
  const running = () => {
    if (!worker) throw new Error('the Stripe worker starts in beforeAll');
    return worker;
  };
  return {
    stripe,
    get worker() {
      return running();
    },
    count: async (sql, ...params) => (await running().db.prepare(sql).bind(...params).first<{ n: number }>())!.n,
  };
}
