/**
 * Engine throughput over the conformance render fixtures as one workload:
 * one "op" compiles (or renders) every fixture once.
 */
import { compile, render, type Template } from '../engine/index.js';
import { loadRenderFixtures, type RenderFixture } from '../tests/conformance/fixtures.js';
import { measure, report } from './measure.js';

export async function run(): Promise<void> {
  const fixtures: RenderFixture[] = loadRenderFixtures();
  const compiled: [RenderFixture, Template][] = fixtures.map((f) => [f, compile(f.template)]);

  const compileOps = measure(() => {
    for (const f of fixtures) compile(f.template);
  });
  report(`engine compile, ${fixtures.length} fixtures as one op`, compileOps);

  const renderOps = measure(() => {
    for (const [f, t] of compiled) {
      render(t, f.data, { partials: f.partials, injects: f.injects, locale: f.locale, now: f.now });
    }
  });
  report(`engine render, ${fixtures.length} fixtures as one op`, renderOps);
}
