/**
 * Pretty printer for instruction trees: one instruction per line, nested blocks
 * indented, everything else in compact JSON (the conformance "pretty" fixtures).
 */
import { Op, type Code } from './opcodes.js';

const compact = (v: unknown): string =>
  Array.isArray(v) ? `[${v.map(compact).join(', ')}]` : JSON.stringify(v);

/** Which fields of an instruction are child blocks. */
function blockFields(code: unknown[]): Set<number> {
  switch (code[0]) {
    case Op.SECTION:
      return new Set([2]);
    case Op.REPEATED:
      return new Set([2, 4]);
    case Op.PREDICATE:
    case Op.OR_PREDICATE:
    case Op.IF:
      return new Set([3]);
    case Op.MACRO:
      return new Set([2]);
    default:
      return new Set();
  }
}

function printBlock(block: Code[], depth: number, indent: number): string {
  if (block.length === 0) return '[]';
  const pad = ' '.repeat(depth + indent);
  const lines = block.map((c) => pad + printCode(c, depth + indent, indent));
  return `[\n${lines.join(',\n')}\n${' '.repeat(depth)}]`;
}

function printCode(code: Code, depth: number, indent: number): string {
  if (typeof code === 'number') return String(code);
  const fields = blockFields(code as unknown[]);
  const parts = (code as unknown[]).map((field, i) => {
    if (fields.has(i)) return printBlock(field as Code[], depth + indent, indent);
    if (Array.isArray(field) && typeof field[0] === 'number' && i > 0 && (code[0] !== Op.IF || i !== 1)) {
      return printCode(field as Code, depth, indent);
    }
    return compact(field);
  });
  return `[${parts.join(", ")}]`;
}

/** Print a root tree; `indent` is the indentation of the top-level instructions. */
export function prettyTree(tree: Code, indent = 2): string {
  if (typeof tree === 'number' || tree[0] !== Op.ROOT) return printCode(tree, 0, indent);
  const [, version, block, eof] = tree as [number, number, Code[], number];
  const lines = block.map((c) => ' '.repeat(indent) + printCode(c, indent, indent));
  const body = lines.length ? `[\n${lines.join(',\n')}\n]` : '[]';
  return `[${Op.ROOT}, ${version}, ${body}, ${eof}]`;
}
