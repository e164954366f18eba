import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILTIN_FORMATTERS, BUILTIN_PREDICATES, render } from '../index.js';
import { DOMAINS, FORMATTER_DOCS, generateReference, PREDICATE_DOCS } from './reference.js';

const DOC = join(import.meta.dirname, '../../docs/template-reference.md');
const entries = [...Object.entries(FORMATTER_DOCS), ...Object.entries(PREDICATE_DOCS)];

describe('the template-language reference', () => {
  it.each(entries)('%s renders its example as documented', (_name, entry) => {
    const result = render(entry.example.template, entry.example.data, { now: Date.UTC(2026, 0, 1) });
    expect(result.errors).toEqual([]);
    expect(result.output).toBe(entry.example.output);
  });

  it('documents only names the engine has, and the tables cover every built-in', () => {
    for (const name of Object.keys(FORMATTER_DOCS)) expect(BUILTIN_FORMATTERS).toHaveProperty([name]);
    for (const name of Object.keys(PREDICATE_DOCS)) expect(BUILTIN_PREDICATES).toHaveProperty([name]);
    expect(DOMAINS.flatMap((d) => Object.keys(d.formatters)).sort()).toEqual(Object.keys(BUILTIN_FORMATTERS).sort());
    expect(DOMAINS.flatMap((d) => Object.keys(d.predicates)).sort()).toEqual(Object.keys(BUILTIN_PREDICATES).sort());
  });

  it('every formatter and predicate of the engine has an entry with an example (215 of 215)', () => {
    const missing = [
      ...Object.keys(BUILTIN_FORMATTERS).filter((n) => !Object.hasOwn(FORMATTER_DOCS, n)),
      ...Object.keys(BUILTIN_PREDICATES).filter((n) => !Object.hasOwn(PREDICATE_DOCS, n)),
    ];
    expect(missing).toEqual([]);
    expect(generateReference()).not.toContain('without an entry yet');
  });

  it('docs/template-reference.md is what the generator writes (npx atelier reference > docs/template-reference.md)', () => {
    const generated = generateReference();
    for (const name of [...Object.keys(BUILTIN_FORMATTERS), ...Object.keys(BUILTIN_PREDICATES)]) expect(generated).toContain(`\`${name}\``);
    expect(readFileSync(DOC, 'utf8')).toBe(generated);
  });
});
