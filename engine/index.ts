/**
 * Atelier's JSON-Template engine: public API.
 *
 * @example
 *   import { compile, render } from './engine/index.js';
 *   const page = compile('<h1>{title|html}</h1>');
 *   render(page, { title: 'Shop' }).output; // '<h1>Shop</h1>'
 */
export { compile, instructionTree, Template, type CompileOptions } from './template.js';
export { render, type RenderLimits, type RenderOptions, type RenderResult } from './render.js';
export { DEFAULT_EXPR_LIMITS, DEFAULT_RENDER_LIMITS } from './exec/limits.js';
export { ErrorCode, type TemplateError } from './errors.js';
export type { Formatter, FormatterTable, Predicate, PredicateTable, RenderContext } from './plugin-contract.js';
export { BUILTIN_FORMATTERS, BUILTIN_PREDICATES } from './plugins/index.js';
export type { RootCode as InstructionTree } from './syntax/opcodes.js';
export { prettyTree } from './syntax/pretty.js';
/** Fraction digits of a currency from Intl (JPY 0, USD 2); domain/money/fraction-digits.ts is tested to agree. */
export { fractionDigits } from './plugins/commerce/money.js';
/** The escaping every markup formatter uses, for code outside templates that builds HTML. */
export { escapeAttr, escapeHtml } from './escape.js';
