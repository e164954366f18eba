/**
 * Loader for the reference fixture corpus in ../shared/conformance (read at test
 * time, never copied). Implements the section format and per-family options of
 * the corpus README.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseProperties, splitSections } from '../../engine/cli/fixture-file.js';

const here = dirname(fileURLToPath(import.meta.url));

/** Where the corpus lives: $ATELIER_CONFORMANCE, else ../shared/conformance beside the checkout. */
export const CORPUS_DIR = process.env.ATELIER_CONFORMANCE ?? resolve(here, '../../../shared/conformance');

export function corpusAvailable(): boolean {
  return existsSync(join(CORPUS_DIR, 'README.md'));
}

/**
 * Split a fixture file into its `:SECTION` parts (the `atelier test` reader); a file
 * with no header at all (the units corpus) is one unnamed section.
 */
export function parseSections(text: string): Record<string, string> {
  const sections = splitSections(text);
  return sections.size === 0 ? { '': text } : Object.fromEntries(sections);
}

/** The 14 render fixtures the corpus README excludes from the targets. */
export const NON_TARGETS = new Set([
  'plugins/f-add-to-cart-btn-subscribable-attribute-false.html',
  'plugins/f-add-to-cart-btn-subscribable-attribute-true.html',
  'plugins/i18n/f-datetime-interval-1.html',
  'plugins/i18n/f-decimal-1.html',
  'plugins/i18n/f-decimal-2.html',
  'plugins/i18n/f-foo.html',
  'plugins/i18n/f-message-datetime-interval-en-US.html',
  'plugins/i18n/f-message-datetime-interval-fr-FR.html',
  'plugins/i18n/f-message-named-args.html',
  'plugins/i18n/f-message-plural-en-US.html',
  'plugins/i18n/f-message-plural-fr-FR.html',
  'plugins/i18n/f-message-plural-pl-PL.html',
  'plugins/i18n/f-message-units-en-US.html',
  'plugins/i18n/f-message-units-fr-FR.html',
]);

export interface RenderFixture {
  /** Path relative to the corpus, e.g. `plugins/f-date-1.html` (units: `plugins/i18n/units/angle-out-fr-FR.html`). */
  name: string;
  template: string;
  data: unknown;
  expected: string;
  partials: Record<string, string>;
  injects: Record<string, string>;
  locale: string | null;
  now?: number;
  target: boolean;
  /** `differential` for ../shared/conformance/differential (all targets), else `corpus`. */
  family: 'corpus' | 'differential';
}

export interface TreeFixture {
  name: string;
  template: string;
  expected: string;
}

function fixtureOptions(sections: Record<string, string>): { locale: string | null; now?: number } {
  const params: Record<string, unknown> = {};
  if (sections.PARAMS?.trim()) Object.assign(params, JSON.parse(sections.PARAMS));
  if (sections.PROPERTIES?.trim()) Object.assign(params, parseProperties(sections.PROPERTIES));
  let locale: string | null = 'en-US';
  if (typeof params.locale === 'string') locale = params.locale === 'none' ? null : params.locale.replace('_', '-');
  const now = params.now === undefined ? undefined : Number(params.now);
  return { locale, now };
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(p));
    else out.push(p);
  }
  return out.sort();
}

function jsonSection(text: string | undefined, fallback: unknown): unknown {
  return text !== undefined && text.trim() !== '' ? JSON.parse(text) : fallback;
}

/** Every render fixture of the corpus (core/, plugins/ with units expanded per output locale, differential/). */
export function loadRenderFixtures(): RenderFixture[] {
  const fixtures: RenderFixture[] = [];
  for (const file of walk(CORPUS_DIR)) {
    const name = relative(CORPUS_DIR, file);
    if (!name.endsWith('.html')) continue;
    if (name.startsWith('core/ast-')) continue;
    if (name.includes('/units/')) continue;
    const s = parseSections(readFileSync(file, 'utf8'));
    if (s.TEMPLATE === undefined || s.OUTPUT === undefined) continue;
    fixtures.push({
      name,
      template: s.TEMPLATE,
      data: jsonSection(s.JSON, {}),
      expected: s.OUTPUT,
      partials: jsonSection(s.PARTIALS, {}) as Record<string, string>,
      injects: jsonSection(s.INJECT, {}) as Record<string, string>,
      ...fixtureOptions(s),
      target: !NON_TARGETS.has(name),
      family: name.startsWith('differential/') ? 'differential' : 'corpus',
    });
  }
  const unitsDir = join(CORPUS_DIR, 'plugins/i18n/units');
  if (existsSync(unitsDir)) {
    const numbers = JSON.parse(readFileSync(join(unitsDir, '_numbers.json'), 'utf8'));
    for (const file of walk(unitsDir)) {
      const m = /^(.*)-out-([a-zA-Z]{2}-[a-zA-Z]{2})\.html$/.exec(basename(file));
      if (!m) continue;
      const input = parseSections(readFileSync(join(unitsDir, `${m[1]}-in.html`), 'utf8'));
      const output = readFileSync(file, 'utf8');
      const outSections = parseSections(output);
      fixtures.push({
        name: relative(CORPUS_DIR, file),
        template: input.TEMPLATE ?? input[''] ?? '',
        data: numbers,
        expected: outSections.OUTPUT ?? outSections[''] ?? output,
        partials: {},
        injects: {},
        locale: m[2],
        target: true,
        family: 'corpus',
      });
    }
  }
  return fixtures;
}

/** The instruction-tree fixtures: core/ast-N.html and core/pretty-N.txt. */
export function loadTreeFixtures(): TreeFixture[] {
  const core = join(CORPUS_DIR, 'core');
  return readdirSync(core)
    .filter((f) => /^(ast|pretty)-\d+\./.test(f))
    .sort()
    .map((f) => {
      const s = parseSections(readFileSync(join(core, f), 'utf8'));
      return { name: `core/${f}`, template: s.TEMPLATE.trim(), expected: s.JSON };
    });
}
