/**
 * The template language's conformance suite: every fixture of the reference
 * corpus (../shared/conformance), rendered with the options its README gives,
 * and the differential fixtures (differential/: whole-page behaviours, all targets).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { compile, instructionTree, prettyTree, render } from '../../engine/index.js';
import { corpusAvailable, loadRenderFixtures, loadTreeFixtures, type RenderFixture } from './fixtures.js';
import { KNOWN_FAILURES } from './known-failures.js';

const available = corpusAvailable();
const fixtures = available ? loadRenderFixtures() : [];

function renderFixture(f: RenderFixture) {
  const template = compile(f.template);
  const result = render(template, f.data, {
    partials: f.partials,
    injects: f.injects,
    locale: f.locale,
    now: f.now,
  });
  return { compileErrors: template.errors, output: result.output };
}

function passes(f: RenderFixture): boolean {
  try {
    const r = renderFixture(f);
    return r.compileErrors.length === 0 && r.output.trim() === f.expected.trim();
  } catch {
    return false;
  }
}

describe.runIf(available)('conformance: render fixtures', () => {
  const tally = { target: 0, targetPassed: 0, all: 0, allPassed: 0, differential: 0, differentialPassed: 0 };

  for (const f of fixtures) {
    const known = KNOWN_FAILURES[f.name];
    if (!f.target) {
      it(`${f.name} (not a target: ${'excluded by the corpus README'})`, () => {
        tally.all++;
        if (passes(f)) tally.allPassed++;
      });
      continue;
    }
    const differential = f.family === 'differential';
    const run = () => {
      const r = renderFixture(f);
      const ok = r.compileErrors.length === 0 && r.output.trim() === f.expected.trim();
      if (differential) {
        tally.differential++;
        if (ok) tally.differentialPassed++;
      } else {
        tally.all++;
        tally.target++;
        if (ok) {
          tally.allPassed++;
          tally.targetPassed++;
        }
      }
      expect(r.compileErrors).toEqual([]);
      expect(r.output.trim()).toBe(f.expected.trim());
    };
    if (known) it.fails(`${f.name} (known failure: ${known})`, run);
    else it(f.name, run);
  }

  afterAll(() => {
    // The corpus-wide pass count, so progress is visible in every run.
    console.log(
      `conformance: ${tally.differentialPassed}/${tally.differential} differential fixtures pass; ` +
        `${tally.targetPassed}/${tally.target} target render fixtures pass; ` +
        `${tally.allPassed}/${tally.all} of all corpus render fixtures`,
    );
  });
});

describe.runIf(available)('conformance: instruction trees', () => {
  for (const f of available ? loadTreeFixtures() : []) {
    it(f.name, () => {
      const tree = instructionTree(f.template);
      expect(tree).toEqual(JSON.parse(f.expected));
      if (f.name.includes('pretty-')) {
        const indent = f.name.includes('pretty-2') ? 6 : 2;
        expect(prettyTree(tree, indent).trim()).toBe(f.expected.trim());
      }
    });
  }
});

it('finds the conformance corpus beside the checkout', () => {
  expect(available).toBe(true);
  expect(fixtures.filter((f) => f.target && f.family === 'corpus').length).toBe(442);
  expect(fixtures.filter((f) => f.family === 'differential').length).toBe(65);
});
