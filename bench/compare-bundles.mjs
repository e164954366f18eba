// Times two builds of dist/engine-bench.mjs (e.g. main's and a branch's) on the same
// workloads by process CPU time, each bundle in its own process, alternating, so a
// shared, loaded machine skews the comparison less than wall-clock runs do:
//
//   node bench/compare-bundles.mjs dist/engine-before.mjs dist/engine-bench.mjs
//
// (build the "before" bundle from another checkout with the same esbuild command as
// `npm run bench`, writing into this checkout's dist/ so the workloads find bench/.)
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const MS = Number(process.env.MS_PER_CASE ?? 1500);
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
function rate(fn) {
  for (let i = 0; i < 50; i++) fn();
  let n = 0;
  const start = cpu();
  while (cpu() - start < MS) {
    fn();
    n++;
  }
  return n / ((cpu() - start) / 1000);
}

if (process.argv[2] === '--one') {
  const m = await import(process.argv[3]);
  const page = m.productPageWorkload();
  const fixtures = m.conformanceWorkload();
  const template = m.compile(page.template);
  const compiled = fixtures.map((f) => m.compile(f.template));
  const opts = (f) => ({ partials: f.partials, injects: f.injects, locale: f.locale, now: f.now });
  console.log(JSON.stringify([
    rate(() => fixtures.forEach((f) => m.compile(f.template))),
    rate(() => fixtures.forEach((f, i) => m.render(compiled[i], f.data, opts(f)))),
    rate(() => m.compile(page.template)),
    rate(() => m.render(template, page.data)),
  ]));
} else {
  const bundles = process.argv.slice(2, 4).map((p) => resolve(p));
  const self = fileURLToPath(import.meta.url);
  const runs = bundles.map(() => []);
  for (let round = 0; round < 2; round++) {
    bundles.forEach((b, i) => runs[i].push(JSON.parse(execFileSync(process.execPath, [self, '--one', b], { encoding: 'utf8' }))));
  }
  const names = ['compile 456 fixtures', 'render 456 fixtures', 'compile product page', 'render product page'];
  names.forEach((name, k) => {
    const [a, b] = runs.map((r) => r.reduce((s, x) => s + x[k], 0) / r.length);
    console.log(`${name.padEnd(24)} ${a.toFixed(1).padStart(8)}/s  ${b.toFixed(1).padStart(8)}/s  ${(b / a).toFixed(2)}x`);
  });
}
