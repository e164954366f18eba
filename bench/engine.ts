/**
 * Engine throughput from the bundle: (a) the conformance workload, where one "op"
 * compiles (or renders) every corpus fixture once, and (b) the realistic product
 * page (bench/product-page.html, 150+ lines, on a 50+ KB context).
 */
import type { Template } from '../engine/index.js';
import { measure, report } from './measure.js';
import { compile, conformanceWorkload, productPageWorkload, render } from './workloads.js';

export async function run(): Promise<void> {
  const fixtures = conformanceWorkload();
  const compiled: Template[] = fixtures.map((f) => compile(f.template));

  report(`engine compile, ${fixtures.length} fixtures as one op`, measure(() => {
    for (const f of fixtures) compile(f.template);
  }));
  report(`engine render, ${fixtures.length} fixtures as one op`, measure(() => {
    for (let i = 0; i < fixtures.length; i++) {
      const f = fixtures[i];
      render(compiled[i], f.data, { partials: f.partials, injects: f.injects, locale: f.locale, now: f.now });
    }
  }));

  const page = productPageWorkload();
  const lines = page.template.split('\n').length;
  const kb = (JSON.stringify(page.data).length / 1024).toFixed(0);
  const template = compile(page.template);
  report(`engine compile, product page (${lines} lines)`, measure(() => compile(page.template)));
  report(`engine render, product page (${kb} KB JSON)`, measure(() => render(template, page.data)));
}
