/**
 * `atelier lint`'s analysis of a theme (docs/cli.md): compile errors (unknown
 * formatters and predicates among them), partials applied but missing or never applied,
 * block partials of no block type, and variables a page template reads that its page type
 * never provides (docs/page-context.md, or a page's own context JSON with --data), each
 * at file:line:column with a suggestion by edit distance.
 */
import { compile, ErrorCode, type InstructionTree } from '../index.js';
import { APP_APPLIED_PARTIALS, BLOCK_TYPES } from './block-types.js';
import { ANY, mergeShapes, type ContextFields, type Shape } from './context-fields.js';
import { closest } from './edit-distance.js';
import { lineColumnAt } from './json-text.js';
import { partialNames } from './template-files.js';
import { Op } from '../syntax/opcodes.js';

export interface LintFinding {
  file: string;
  line: number;
  column: number;
  code: string;
  message: string;
  severity: 'error' | 'warning';
}

export interface ThemeFile {
  /** Path inside the theme, with forward slashes (`partials/card.html`). */
  path: string;
  source: string;
}

// Opcodes of the instruction tree (conformance "ast" form).
const { VARIABLE, SECTION, REPEATED, PREDICATE, BINDVAR, OR_PREDICATE, IF, MACRO, ROOT } = Op;

type Path = (string | number)[];

const NAME_ERRORS = new Set<string>([ErrorCode.FORMATTER_UNKNOWN, ErrorCode.PREDICATE_UNKNOWN]);

/** The `{...}` tags of a source in order, for placing findings (the tree has no positions). */
class TagCursor {
  private readonly tags: { start: number; text: string }[] = [];
  private at = 0;
  constructor(private readonly source: string) {
    for (const m of source.matchAll(/\{[^{}\n]*\}/g)) this.tags.push({ start: m.index, text: m[0] });
  }

  /** The offset of `word` as a whole token in the next tag holding it (the cursor moves there). */
  find(word: string): number | undefined {
    const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const token = new RegExp(`(^|[^\\w.@$-])(${escaped})(?![\\w-])`);
    for (let i = this.at; i < this.tags.length; i++) {
      const m = token.exec(this.tags[i]!.text);
      if (m) {
        this.at = i;
        return this.tags[i]!.start + m.index + m[1]!.length;
      }
    }
    return undefined;
  }

  position(offset: number | undefined) {
    return offset === undefined ? { line: 1, column: 1 } : lineColumnAt(this.source, offset);
  }
}

interface ApplyUse {
  name: string;
  offset: number | undefined;
}

/** Walks one template: variable reads against the scope shapes, and the partials it applies. */
class TemplateWalk {
  readonly applies: ApplyUse[] = [];
  readonly macros = new Set<string>();
  readonly findings: Omit<LintFinding, 'file'>[] = [];
  private readonly cursor: TagCursor;

  constructor(source: string, private readonly check: boolean) {
    this.cursor = new TagCursor(source);
  }

  run(tree: InstructionTree, root: Shape): void {
    this.codes([tree], [root]);
  }

  private codes(codes: unknown, scopes: Shape[]): void {
    if (!Array.isArray(codes)) return;
    for (const code of codes) if (Array.isArray(code)) this.code(code, scopes);
  }

  private code(code: unknown[], scopes: Shape[]): void {
    switch (code[0]) {
      case VARIABLE:
        for (const p of code[1] as Path[]) this.read(p, scopes);
        this.formatters(code[2]);
        break;
      case BINDVAR:
        for (const p of code[2] as Path[]) this.read(p, scopes);
        this.formatters(code[3]);
        break;
      case SECTION: {
        const shape = this.read(code[1] as Path, scopes);
        this.codes(code[2], [...scopes, shape]);
        this.codes([code[3]], scopes);
        break;
      }
      case REPEATED: {
        const shape = this.read(code[1] as Path, scopes);
        const each = shape.kind === 'list' ? shape.of : ANY;
        this.codes(code[2], [...scopes, each]);
        this.codes([code[3]], scopes);
        this.codes(code[4], [...scopes, each]);
        break;
      }
      case IF:
        for (const p of code[2] as Path[]) this.read(p, scopes);
        this.codes(code[3], scopes);
        this.codes([code[4]], scopes);
        break;
      case PREDICATE:
      case OR_PREDICATE:
        this.codes(code[3], scopes);
        this.codes([code[4]], scopes);
        break;
      case MACRO:
        this.macros.add(String(code[1]));
        // A macro renders whatever it is applied to: nothing to check inside.
        this.codes(code[2], [ANY]);
        break;
      case ROOT:
        this.codes(code[2], scopes);
        break;
    }
  }

  private formatters(calls: unknown): void {
    if (!Array.isArray(calls)) return;
    for (const call of calls) {
      if (Array.isArray(call) && call[0] === 'apply' && Array.isArray(call[1]) && Array.isArray(call[1][0]) && typeof call[1][0][0] === 'string') {
        const name = call[1][0][0] as string;
        this.applies.push({ name, offset: this.cursor.find(name) });
      }
    }
  }

  /** The shape a path reads (ANY when unknown), reporting a field no scope provides. */
  private read(path: Path, scopes: Shape[]): Shape {
    const first = String(path[0] ?? '@');
    const dotted = path.join('.');
    const offset = this.cursor.find(dotted);
    if (!this.check || first.startsWith('@') || first.startsWith('$') || /^\d/.test(first)) return ANY;
    // The first name resolves in the innermost scope that has it (JSON-Template lookup).
    let shape: Shape | undefined;
    for (let i = scopes.length - 1; i >= 0; i--) {
      const scope = scopes[i]!;
      if (scope.kind !== 'object') return ANY;
      const field = scope.fields.get(first);
      if (field) {
        shape = field;
        break;
      }
    }
    if (!shape) {
      const names = new Set(scopes.flatMap((s) => (s.kind === 'object' ? [...s.fields.keys()] : [])));
      this.unknown(offset, dotted, first, closest(first, names), path, 0, scopes.length > 1 ? 'in this section or the page context' : 'in the page context');
      return ANY;
    }
    for (let i = 1; i < path.length; i++) {
      const part = path[i]!;
      if (shape.kind === 'list' && (typeof part === 'number' || /^\d+$/.test(String(part)))) {
        shape = shape.of;
        continue;
      }
      if (shape.kind !== 'object') return ANY;
      const next = shape.fields.get(String(part));
      if (!next) {
        const prefix = path.slice(0, i).join('.');
        this.unknown(offset, dotted, String(part), closest(String(part), shape.fields.keys()), path, i, `in ${prefix}`);
        return ANY;
      }
      shape = next;
    }
    return shape;
  }

  private unknown(offset: number | undefined, dotted: string, name: string, suggestion: string | undefined, path: Path, index: number, where: string): void {
    const fixed = suggestion === undefined ? undefined : [...path.slice(0, index), suggestion, ...path.slice(index + 1)].join('.');
    this.findings.push({
      ...this.cursor.position(offset),
      code: 'VARIABLE_UNKNOWN',
      message: `'${dotted}': no '${name}' ${where}${fixed ? `; did you mean ${fixed}?` : ''}`,
      severity: 'error',
    });
  }
}

/** Lints a theme. `data` overrides a page type's fields with a page's real context (its `pageTypeName`). */
export function lintTheme(files: readonly ThemeFile[], fields: ContextFields, data: ReadonlyMap<string, Shape> = new Map()): LintFinding[] {
  const out: LintFinding[] = [];
  const templates = files.filter((f) => f.path.endsWith('.html'));
  const names = partialNames(templates.map((t) => t.path));
  const known = new Set([...names.values()].flat());
  const shapeOfType = (type: string) => data.get(type) ?? fields.pageTypes.get(type);
  const allTypes = [...new Set([...fields.pageTypes.keys(), ...data.keys()])];
  const applied = new Set<string>(APP_APPLIED_PARTIALS);

  for (const file of templates) {
    const template = compile(file.source);
    for (const e of template.errors) out.push({ file: file.path, line: e.line, column: e.column, code: String(e.code), message: e.message, severity: 'error' });
    // An unknown formatter or predicate leaves the template's structure whole: keep looking.
    if (template.errors.some((e) => !NAME_ERRORS.has(String(e.code)))) continue;
    const types = fields.everyPage.has(file.path) ? allTypes : (fields.templates.get(file.path) ?? []);
    const shapes = types.map(shapeOfType).filter((s): s is Shape => s !== undefined);
    const walk = new TemplateWalk(file.source, shapes.length > 0);
    walk.run(template.tree, shapes.length > 0 ? shapes.reduce(mergeShapes) : ANY);
    for (const f of walk.findings) out.push({ file: file.path, ...f });
    const cursor = new TagCursor(file.source);
    for (const use of walk.applies) {
      applied.add(use.name);
      if (known.has(use.name) || walk.macros.has(use.name)) continue;
      const suggestion = closest(use.name, known);
      out.push({
        file: file.path, ...cursor.position(use.offset), code: 'PARTIAL_MISSING', severity: 'error',
        message: `applies partial '${use.name}', which the theme does not have${suggestion ? `; did you mean ${suggestion}?` : ''}`,
      });
    }
  }

  const blockTypes = new Set(BLOCK_TYPES);
  const blockPartials = templates.filter((t) => t.path.startsWith('blocks/'));
  for (const t of blockPartials) {
    const type = t.path.slice('blocks/'.length, -'.html'.length);
    if (blockTypes.has(type)) continue;
    const suggestion = closest(type, blockTypes);
    out.push({
      file: t.path, line: 1, column: 1, code: 'BLOCK_TYPE_UNKNOWN', severity: 'error',
      message: `no block type '${type}' renders through this partial${suggestion ? `; did you mean blocks/${suggestion}.html?` : ''}`,
    });
  }
  if (blockPartials.length > 0) {
    const have = new Set(blockPartials.map((t) => t.path));
    for (const type of BLOCK_TYPES) {
      if (!have.has(`blocks/${type}.html`)) {
        out.push({ file: `blocks/${type}.html`, line: 1, column: 1, code: 'BLOCK_PARTIAL_MISSING', severity: 'warning', message: `the theme has block partials but none for '${type}' blocks: they render with the default partial` });
      }
    }
  }

  const pageTemplates = new Set([...fields.templates.keys(), ...fields.everyPage, 'section.html']);
  for (const t of templates) {
    if (pageTemplates.has(t.path) || t.path.startsWith('blocks/')) continue;
    if (names.get(t.path)!.some((n) => applied.has(n))) continue;
    out.push({ file: t.path, line: 1, column: 1, code: 'PARTIAL_UNUSED', severity: 'warning', message: 'no template applies this partial' });
  }
  return out.sort((a, b) => (a.file === b.file ? a.line - b.line || a.column - b.column : a.file < b.file ? -1 : 1));
}
