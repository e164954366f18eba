/** A small timing loop: warm up, then run for a fixed time and report ops per second. */
export interface Measurement {
  ops: number;
  seconds: number;
  opsPerSecond: number;
}

export function measure(fn: () => void, seconds = 3, warmup = 0.5): Measurement {
  const warmEnd = performance.now() + warmup * 1000;
  while (performance.now() < warmEnd) fn();
  let ops = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  while (performance.now() < end) {
    fn();
    ops++;
  }
  const elapsed = (performance.now() - start) / 1000;
  return { ops, seconds: elapsed, opsPerSecond: ops / elapsed };
}

export function report(label: string, m: Measurement, extra = ''): void {
  console.log(`${label.padEnd(52)} ${m.opsPerSecond.toFixed(1).padStart(10)} ops/s${extra}`);
}
