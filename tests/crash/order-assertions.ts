/** What every order-storm scenario asserts (docs/crash-safety.md, issue 35). */
import { expect } from 'vitest';
import type { KillPoint, StormOutcome } from './order-storm.js';

export function expectConverged(o: StormOutcome, point: KillPoint): void {
  // The store was killed with the database in the state the scenario aims at.
  expect(o.killedAt).toBeGreaterThanOrEqual(point.atLeast);
  // No unit lost or doubled: what left the stock is exactly what the orders hold.
  expect.soft({ unitsReserved: o.unitsReserved, stockBefore: o.stockBefore }).toEqual({ unitsReserved: 0, stockBefore: o.stockAfter + o.unitsOrdered });
  // No key stuck after one lease: every retry with its key ends in the order.
  expect.soft(o.retries.filter((a) => a.status !== 201).map((a) => `${a.status} ${a.json?.error}`)).toEqual([]);
  expect.soft(o.stuckKeys).toBe(0);
  // One order per shopper, each with its confirmation mail queued.
  expect.soft(o.orders).toHaveLength(o.shoppers);
  expect.soft(o.ordersWithoutMail).toBe(0);
  // Every 201 answered before the kill is replayed, the same order.
  o.before.forEach((a, i) => {
    if (a?.status !== 201) return;
    expect.soft(o.retries[i]!.status).toBe(201);
    expect.soft(o.retries[i]!.headers.get('Idempotent-Replayed')).toBe('true');
    expect.soft(o.retries[i]!.json.order.id).toBe(a.json.order.id);
  });
  // And the retries' own orders replay as well.
  o.replays.forEach((a, i) => {
    expect.soft(a.status).toBe(201);
    expect.soft(a.json.order.id).toBe(o.retries[i]!.json.order.id);
  });
}
