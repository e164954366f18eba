// Compile throughput of Atelier's engine (dist/engine-bench.mjs, as `npm run bench`
// builds it: esbuild, no keepNames) against the reference engine
// (@squarespace/template-engine 2.10.10) on the same templates, in one process. The
// two alternate (ROUNDS pairs of SECONDS_PER_CASE each) and each side keeps its best
// run, so a shared, loaded machine skews the ratio less than one long run each.
// The reference never enters package.json; from a scratch folder where it is installed
// (see compare-reference.mjs):
//
//   cp <project>/bench/compare-compile.mjs . && ATELIER_CONFORMANCE=<conformance dir> \
//     node compare-compile.mjs <project>/dist/engine-bench.mjs
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(join(process.cwd(), 'noop.js'));
const { Compiler } = require('@squarespace/template-engine');
const ours = await import(process.argv[2]);
const compiler = new Compiler();
const SECONDS = Number(process.env.SECONDS_PER_CASE ?? 1);
const ROUNDS = Number(process.env.ROUNDS ?? 5);

function measure(fn) {
  const warm = performance.now() + 300;
  while (performance.now() < warm) fn();
  let ops = 0;
  const start = performance.now();
  while (performance.now() - start < SECONDS * 1000) {
    fn();
    ops++;
  }
  return ops / ((performance.now() - start) / 1000);
}

const fixtures = ours.conformanceWorkload();
const page = ours.productPageWorkload();
const rows = [
  [`compile ${fixtures.length} fixtures`, () => fixtures.forEach((f) => ours.compile(f.template)), () => fixtures.forEach((f) => compiler.parse(f.template))],
  [`compile product page (${page.template.split('\n').length} lines)`, () => ours.compile(page.template), () => compiler.parse(page.template)],
];
for (const [name, atelier, reference] of rows) {
  let a = 0;
  let b = 0;
  for (let i = 0; i < ROUNDS; i++) {
    a = Math.max(a, measure(atelier));
    b = Math.max(b, measure(reference));
  }
  console.log(`${name.padEnd(36)} atelier ${a.toFixed(1).padStart(8)}/s  reference ${b.toFixed(1).padStart(8)}/s  ${(a / b).toFixed(2)}x`);
}
