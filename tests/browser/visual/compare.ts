/**
 * Screenshot comparison for the visual check: a PNG against its committed baseline with
 * pixelmatch's per-pixel colour threshold and a small share of differing pixels allowed
 * (anti-aliasing), in the spirit of Playwright's `toHaveScreenshot`. `VISUAL_UPDATE=1`
 * (`npm run test:visual:update`) writes the baselines instead.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

export const BASELINES = join(dirname(fileURLToPath(import.meta.url)), '__baselines__');
/** Where a failing comparison leaves the actual picture and the diff (outside the repository). */
export const RESULTS = join(tmpdir(), 'atelier-visual');

/** pixelmatch's colour distance (0-1) under which two pixels count as the same. */
const PIXEL_THRESHOLD = 0.1;
/** At most this share of a page's pixels may differ (0.1 %; repeated runs on one machine differ by 0): an unstyled page differs by far more. */
export const MAX_DIFF_RATIO = 0.001;

export const updating = (): boolean => process.env.VISUAL_UPDATE === '1';

export type Comparison = { status: 'written' } | { status: 'same'; ratio: number } | { status: 'different'; reason: string };

/** Compares `actual` (PNG bytes) with the baseline `name`.png, or writes it when updating. */
export function compareWithBaseline(name: string, actual: Buffer): Comparison {
  const file = join(BASELINES, `${name}.png`);
  if (updating()) {
    mkdirSync(BASELINES, { recursive: true });
    writeFileSync(file, actual);
    return { status: 'written' };
  }
  const keep = (suffix: string, png: Buffer) => {
    mkdirSync(RESULTS, { recursive: true });
    const out = join(RESULTS, `${name}-${suffix}.png`);
    writeFileSync(out, png);
    return out;
  };
  if (!existsSync(file)) return { status: 'different', reason: `no baseline ${file} (npm run test:visual:update writes it); actual: ${keep('actual', actual)}` };
  const baseline = readFileSync(file);
  // The same bytes are the same picture (a run on the baselines' machine image usually is): no decoding.
  if (baseline.equals(actual)) return { status: 'same', ratio: 0 };
  const want = PNG.sync.read(baseline);
  const got = PNG.sync.read(actual);
  if (want.width !== got.width || want.height !== got.height) {
    return { status: 'different', reason: `size ${got.width}x${got.height}, baseline ${want.width}x${want.height}; actual: ${keep('actual', actual)}` };
  }
  const diff = new PNG({ width: want.width, height: want.height });
  const pixels = pixelmatch(want.data, got.data, diff.data, want.width, want.height, { threshold: PIXEL_THRESHOLD });
  const ratio = pixels / (want.width * want.height);
  if (ratio <= MAX_DIFF_RATIO) return { status: 'same', ratio };
  return {
    status: 'different',
    reason: `${pixels} pixels (${(ratio * 100).toFixed(2)} %) differ, at most ${MAX_DIFF_RATIO * 100} % allowed; actual: ${keep('actual', actual)}, diff: ${keep('diff', PNG.sync.write(diff))}`,
  };
}
