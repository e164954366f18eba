/**
 * Fixture files for `atelier test`, in the section format of the conformance
 * corpus: `:JSON`, `:TEMPLATE`, `:OUTPUT`, `:PARTIALS`, `:INJECT`, `:PARAMS`,
 * `:PROPERTIES`. A file without both `:TEMPLATE` and `:OUTPUT` is not a fixture.
 */
import { parseJsonText } from './json-text.js';

const HEADER = /^:([a-zA-Z\d_-]+)\s*$/;

export interface Fixture {
  template: string;
  /** Line of the file where the template section starts, to report errors in file lines. */
  templateLine: number;
  expected: string;
  data: unknown;
  partials: Record<string, string>;
  injects: Record<string, string>;
  /** BCP-47 tag; null for `"locale": "none"` (no locale data). */
  locale: string | null;
  timeZone?: string;
  now?: number;
}

/** Split a file into sections; lines before the first header belong to the first section. */
export function splitSections(text: string): Map<string, string> {
  return sectionsWithLines(text).sections;
}

function sectionsWithLines(text: string): { sections: Map<string, string>; headerLines: Map<string, number> } {
  const lines = new Map<string, string[]>();
  const headerLines = new Map<string, number>();
  const before: string[] = [];
  let current: string[] | null = null;
  text.split('\n').forEach((line, index) => {
    const m = HEADER.exec(line);
    if (m) {
      current = lines.get(m[1]) ?? [];
      if (!lines.has(m[1])) lines.set(m[1], current);
      if (!headerLines.has(m[1])) headerLines.set(m[1], index + 1);
      current.push(...before.splice(0));
    } else (current ?? before).push(line);
  });
  return { sections: new Map([...lines].map(([k, v]) => [k, v.join('\n')])), headerLines };
}

/** `key=value` or `key: value` lines of a `:PROPERTIES` section. */
export function parseProperties(text: string): Record<string, string> {
  const props: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const m = /^\s*([^=:#\s]+)\s*[=:]\s*(.*?)\s*$/.exec(line);
    if (m) props[m[1]] = m[2];
  }
  return props;
}

type Sections = ReturnType<typeof sectionsWithLines>;

function jsonSection(s: Sections, name: string, file: string, fallback: unknown): unknown {
  const text = s.sections.get(name);
  if (text === undefined || text.trim() === '') return fallback;
  // Positions count in the file, not the section, which starts after its header line.
  return parseJsonText(text, file, (s.headerLines.get(name) ?? 0) + 1);
}

/** Read a fixture, or null when the file has no `:TEMPLATE`/`:OUTPUT` pair. Throws CliError on bad JSON. */
export function parseFixture(text: string, file: string): Fixture | null {
  const s = sectionsWithLines(text);
  const template = s.sections.get('TEMPLATE');
  const expected = s.sections.get('OUTPUT');
  if (template === undefined || expected === undefined) return null;
  const params: Record<string, unknown> = {
    ...(jsonSection(s, 'PARAMS', file, {}) as Record<string, unknown>),
    ...parseProperties(s.sections.get('PROPERTIES') ?? ''),
  };
  let locale: string | null = 'en-US';
  if (typeof params.locale === 'string') locale = params.locale === 'none' ? null : params.locale.replace('_', '-');
  return {
    template,
    templateLine: (s.headerLines.get('TEMPLATE') ?? 0) + 1,
    expected,
    data: jsonSection(s, 'JSON', file, {}),
    partials: jsonSection(s, 'PARTIALS', file, {}) as Record<string, string>,
    injects: jsonSection(s, 'INJECT', file, {}) as Record<string, string>,
    locale,
    timeZone: typeof params.timeZone === 'string' ? params.timeZone : undefined,
    now: params.now === undefined ? undefined : Number(params.now),
  };
}
