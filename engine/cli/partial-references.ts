/**
 * `atelier check` on a theme also finds `{x|apply name}` calls whose partial the
 * theme does not have: the engine can only see that at render time
 * (PARTIAL_MISSING), so without this a typo shows up as a blank spot on a page.
 * Walks the public instruction tree (conformance "ast" form).
 */
import type { InstructionTree } from '../index.js';
import { ErrorCode, type TemplateError } from '../index.js';
import { lineColumnAt } from './json-text.js';
import { Op } from '../syntax/opcodes.js';

// Opcodes of the instruction tree (conformance "ast" form).
const { VARIABLE, SECTION, REPEATED, PREDICATE, BINDVAR, OR_PREDICATE, IF, MACRO, ROOT } = Op;

interface Use {
  name: string;
  delimiter: string;
}

type Node = unknown;

function formatterUses(calls: Node, out: Use[]): void {
  if (!Array.isArray(calls)) return;
  for (const call of calls) {
    if (Array.isArray(call) && call[0] === 'apply' && Array.isArray(call[1]) && Array.isArray(call[1][0]) && typeof call[1][0][0] === 'string') {
      out.push({ name: call[1][0][0], delimiter: String(call[1][1] ?? ' ') });
    }
  }
}

function walk(codes: Node, uses: Use[], macros: Set<string>): void {
  if (!Array.isArray(codes)) return;
  for (const code of codes) {
    if (!Array.isArray(code)) continue;
    switch (code[0]) {
      case VARIABLE:
        formatterUses(code[2], uses);
        break;
      case BINDVAR:
        formatterUses(code[3], uses);
        break;
      case SECTION:
        walk(code[2], uses, macros);
        walk([code[3]], uses, macros);
        break;
      case PREDICATE:
      case OR_PREDICATE:
      case IF:
        walk(code[3], uses, macros);
        walk([code[4]], uses, macros);
        break;
      case REPEATED:
        walk(code[2], uses, macros);
        walk([code[3]], uses, macros);
        walk(code[4], uses, macros);
        break;
      case MACRO:
        macros.add(String(code[1]));
        walk(code[2], uses, macros);
        break;
      case ROOT:
        walk(code[2], uses, macros);
        break;
    }
  }
}

/**
 * PARTIAL_MISSING errors for every `apply` of a name that is neither in `known`
 * nor a macro of the template, pointing at the name in the source.
 */
export function missingPartials(source: string, tree: InstructionTree, known: ReadonlySet<string>): TemplateError[] {
  const uses: Use[] = [];
  const macros = new Set<string>();
  walk([tree], uses, macros);
  const errors: TemplateError[] = [];
  const reported = new Set<string>();
  for (const use of uses) {
    if (known.has(use.name) || macros.has(use.name) || reported.has(use.name)) continue;
    reported.add(use.name);
    const at = source.indexOf(`apply${use.delimiter}${use.name}`);
    const position = at === -1 ? { line: 1, column: 1 } : lineColumnAt(source, at + 'apply'.length + use.delimiter.length);
    errors.push({ code: ErrorCode.PARTIAL_MISSING, message: `Attempt to apply partial '${use.name}' which could not be found.`, ...position });
  }
  return errors;
}
