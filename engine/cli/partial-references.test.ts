import { describe, expect, it } from 'vitest';
import { instructionTree } from '../index.js';
import { missingPartials } from './partial-references.js';

const check = (source: string, known: string[]) => missingPartials(source, instructionTree(source), new Set(known));

describe('missingPartials', () => {
  it('finds apply calls in every kind of block', () => {
    const src = '{.section a}{x|apply p}{.or}{y|apply q}{.end}\n{.repeated section b}{@|apply r}{.alternates with}{@|apply s}{.end}{.if c}{@|apply t}{.end}{.equal? a 1}{@|apply v}{.or}{@|apply w}{.end}';
    expect(check(src, []).map((e) => e.message)).toEqual(['p', 'q', 'r', 's', 't', 'v', 'w'].map((n) => `Attempt to apply partial '${n}' which could not be found.`));
  });

  it('accepts known partials and the template macros', () => {
    expect(check('{.macro m}<b>{@}</b>{.end}{x|apply m}{y|apply card}', ['card'])).toEqual([]);
  });

  it('points at the partial name and reports each name once', () => {
    expect(check('<p>\n  {x|apply nope}{y|apply nope}', [])).toEqual([
      { code: 'PARTIAL_MISSING', message: "Attempt to apply partial 'nope' which could not be found.", line: 2, column: 12 },
    ]);
  });
});
