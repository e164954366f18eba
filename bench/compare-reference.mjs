// Times Atelier's engine (the bundle `npm run bench` writes to dist/engine-bench.mjs,
// built like the worker: esbuild, no keepNames) against the reference engine
// (@squarespace/template-engine 2.10.10 with @phensley/cldr 1.13.1) on the same
// workloads, in one process. The reference never enters package.json: install it in a
// scratch folder outside the project and run this file from there:
//
//   mkdir /tmp/ref-engine && cd /tmp/ref-engine && npm init -y
//   npm install @squarespace/template-engine@2.10.10 @phensley/cldr@1.13.1
//   cp <project>/bench/compare-reference.mjs . && node compare-reference.mjs <project>/dist/engine-bench.mjs
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(join(process.cwd(), 'noop.js'));
const { Compiler } = require('@squarespace/template-engine');
const { CLDRFramework } = require('@phensley/cldr');
const ours = await import(process.argv[2]);
const packs = join(process.cwd(), 'node_modules/@phensley/cldr/packs');
const framework = new CLDRFramework({ loader: (language) => readFileSync(join(packs, `${language}.json`), 'utf8') });
const cldrs = new Map();
const cldrFor = (locale) => {
  if (!cldrs.has(locale)) {
    try {
      cldrs.set(locale, framework.get(locale));
    } catch {
      cldrs.set(locale, undefined);
    }
  }
  return cldrs.get(locale);
};
const compiler = new Compiler();
const SECONDS = Number(process.env.SECONDS_PER_CASE ?? 3);
const ONLY = process.env.ONLY; // e.g. ONLY=render: only the rows whose name starts with it

// Process CPU time, not wall time: on a shared machine a process waiting for a core
// is not charged. The two engines run in alternating 250 ms slices for SECONDS each,
// so a change in the machine's load hits both sides of a row alike.
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

function measurePair(a, b) {
  for (const fn of [a, b]) {
    const warm = performance.now() + 500;
    while (performance.now() < warm) fn();
  }
  const ops = [0, 0];
  const cpu = [0, 0];
  const end = performance.now() + 2 * SECONDS * 1000;
  while (performance.now() < end) {
    [a, b].forEach((fn, k) => {
      const wall = performance.now();
      const c = cpuMs();
      while (performance.now() - wall < 250) {
        fn();
        ops[k]++;
      }
      cpu[k] += cpuMs() - c;
    });
  }
  return [ops[0] / (cpu[0] / 1000), ops[1] / (cpu[1] / 1000)];
}

const row = (name, a, b) => {
  if (ONLY && !name.startsWith(ONLY)) return;
  [a, b] = measurePair(a, b);
  console.log(`${name.padEnd(40)} atelier ${a.toFixed(1).padStart(8)}/s  reference ${b.toFixed(1).padStart(8)}/s  ${(a / b).toFixed(2)}x`);
};

// (a) the conformance workload: one op compiles (renders) all 456 corpus fixtures.
const fixtures = ours.conformanceWorkload();
const refInputs = fixtures.map((f) => ({
  f,
  cldr: f.locale ? cldrFor(f.locale) : undefined,
  injects: Object.fromEntries(Object.entries(f.injects).map(([k, v]) => [k, JSON.parse(v)])),
}));
row(`compile ${fixtures.length} fixtures`, () => fixtures.forEach((f) => ours.compile(f.template)), () => fixtures.forEach((f) => compiler.parse(f.template)));
const compiled = fixtures.map((f) => ours.compile(f.template));
const refCompiled = fixtures.map((f) => compiler.parse(f.template).code);
const refRender = (r, code) => {
  try {
    compiler.execute({ code, json: r.f.data, partials: r.f.partials, injects: r.injects, cldr: r.cldr, now: r.f.now }).ctx.render();
  } catch {
    // a fixture the reference cannot run still costs its time
  }
};
row(
  `render ${fixtures.length} fixtures`,
  () => fixtures.forEach((f, i) => ours.render(compiled[i], f.data, { partials: f.partials, injects: f.injects, locale: f.locale, now: f.now })),
  () => refInputs.forEach((r, i) => refRender(r, refCompiled[i])),
);

// The same fixtures as a cold isolate meets them: a freshly compiled template rendered
// once, so nothing an instruction remembered from earlier renders helps (the render row
// above re-renders the same values, which the formatters' result caches serve).
row(
  `first render ${fixtures.length} fixtures`,
  () => fixtures.forEach((f) => ours.render(ours.compile(f.template), f.data, { partials: f.partials, injects: f.injects, locale: f.locale, now: f.now })),
  () => refInputs.forEach((r) => refRender(r, compiler.parse(r.f.template).code)),
);

// (b) the realistic product page.
const page = ours.productPageWorkload();
const lines = page.template.split('\n').length;
const kb = (JSON.stringify(page.data).length / 1024).toFixed(0);
const enUS = cldrFor('en-US');
row(`compile product page (${lines} lines)`, () => ours.compile(page.template), () => compiler.parse(page.template));
const template = ours.compile(page.template);
const code = compiler.parse(page.template).code;
const same = ours.render(template, page.data).output === compiler.execute({ code, json: page.data, cldr: enUS }).ctx.render();
console.log(`product page output byte-identical to the reference: ${same}`);
row(`render product page (${kb} KB JSON)`, () => ours.render(template, page.data), () => compiler.execute({ code, json: page.data, cldr: enUS }).ctx.render());
