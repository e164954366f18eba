/**
 * The page context's fields per page type, as docs/page-context.md lists them in its
 * `context-fields` block ("Fields per page type"): what `atelier lint` checks the
 * variables of each page template against.
 */
import { readFileSync } from 'node:fs';
import { CliError } from './cli-error.js';

/** A value's shape: an object with known fields, a list of one shape, or anything. */
export type Shape = { kind: 'object'; fields: Map<string, Shape> } | { kind: 'list'; of: Shape } | { kind: 'any' };

export const ANY: Shape = { kind: 'any' };

export interface ContextFields {
  /** Root shape per page type (common fields included). */
  pageTypes: Map<string, Shape & { kind: 'object' }>;
  /** Page types per template path (`product.html` → item). */
  templates: Map<string, string[]>;
  /** Templates that render every page type (`layout.html`). */
  everyPage: Set<string>;
}

export const PAGE_CONTEXT_DOC = new URL('../../docs/page-context.md', import.meta.url);

/** The lines of the doc's `context-fields` block. */
export function fieldsBlock(markdown: string): string[] {
  const match = /```context-fields\n([\s\S]*?)```/.exec(markdown);
  if (!match) throw new CliError('docs/page-context.md has no ```context-fields block');
  return match[1]!.split('\n').map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'));
}

interface FieldSpec {
  name: string;
  shape?: string;
  list: boolean;
}

function fieldSpecs(text: string): FieldSpec[] {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      const [name, shape] = word.split(':') as [string, string | undefined];
      return shape ? { name, shape: shape.replace(/\[\]$/, ''), list: shape.endsWith('[]') } : { name, list: false };
    });
}

/** Parses the block: `@type [templates] = fields` lines and `shape = fields` lines. */
export function parseContextFields(markdown: string): ContextFields {
  const pageLines: { name: string; templates: string[]; fields: FieldSpec[] }[] = [];
  const shapeLines = new Map<string, FieldSpec[]>();
  for (const line of fieldsBlock(markdown)) {
    const page = /^@([\w-]+)\s*(?:\[([^\]]*)\])?\s*=(.*)$/.exec(line);
    if (page) {
      pageLines.push({ name: page[1]!, templates: (page[2] ?? '').split(/\s+/).filter(Boolean), fields: fieldSpecs(page[3]!) });
      continue;
    }
    const shape = /^([\w-]+)\s*=(.*)$/.exec(line);
    if (!shape) throw new CliError(`docs/page-context.md context-fields: cannot read "${line}"`);
    shapeLines.set(shape[1]!, fieldSpecs(shape[2]!));
  }
  const shapes = new Map<string, Shape & { kind: 'object' }>();
  for (const name of shapeLines.keys()) shapes.set(name, { kind: 'object', fields: new Map() });
  const shapeOf = (spec: FieldSpec): Shape => {
    if (!spec.shape) return ANY;
    const found = shapes.get(spec.shape);
    if (!found) throw new CliError(`docs/page-context.md context-fields: no shape "${spec.shape}"`);
    return spec.list ? { kind: 'list', of: found } : found;
  };
  for (const [name, specs] of shapeLines) for (const spec of specs) shapes.get(name)!.fields.set(spec.name, shapeOf(spec));

  const common = pageLines.find((p) => p.name === 'common');
  const pageTypes = new Map<string, Shape & { kind: 'object' }>();
  const templates = new Map<string, string[]>();
  for (const p of pageLines) {
    if (p.name === 'common') continue;
    const fields = new Map<string, Shape>();
    for (const spec of [...(common?.fields ?? []), ...p.fields]) fields.set(spec.name, shapeOf(spec));
    pageTypes.set(p.name, { kind: 'object', fields });
    for (const t of p.templates) templates.set(t, [...(templates.get(t) ?? []), p.name]);
  }
  return { pageTypes, templates, everyPage: new Set(common?.templates ?? []) };
}

/** The fields of the repository's docs/page-context.md. */
export function loadContextFields(): ContextFields {
  return parseContextFields(readFileSync(PAGE_CONTEXT_DOC, 'utf8'));
}

/** A shape from a sample value (a page's `?format=json`): lists take the union of their elements. */
export function shapeOfValue(value: unknown): Shape {
  if (Array.isArray(value)) {
    const shapes = value.map(shapeOfValue);
    return { kind: 'list', of: shapes.reduce(mergeShapes, shapes[0] ?? ANY) };
  }
  if (value !== null && typeof value === 'object') {
    return { kind: 'object', fields: new Map(Object.entries(value).map(([k, v]) => [k, shapeOfValue(v)])) };
  }
  return ANY;
}

/** Both shapes' fields (what either page type provides). */
export function mergeShapes(a: Shape, b: Shape): Shape {
  if (a.kind === 'object' && b.kind === 'object') {
    const fields = new Map(a.fields);
    for (const [k, v] of b.fields) fields.set(k, fields.has(k) ? mergeShapes(fields.get(k)!, v) : v);
    return { kind: 'object', fields };
  }
  if (a.kind === 'list' && b.kind === 'list') return { kind: 'list', of: mergeShapes(a.of, b.of) };
  return a.kind === 'any' ? a : b.kind === 'any' ? b : a;
}
