/**
 * The two lexers, module-level singletons so Chevrotain's self-analysis runs once
 * per isolate.
 */
import { Lexer, type IToken } from 'chevrotain';
import { TAG_MODES, TEMPLATE_TOKENS } from './tokens.js';

const templateLexer = new Lexer(TEMPLATE_TOKENS, {
  positionTracking: 'onlyOffset',
  ensureOptimizations: false,
});

const tagLexer = new Lexer(
  { modes: TAG_MODES, defaultMode: 'head' },
  { positionTracking: 'onlyOffset', ensureOptimizations: false },
);

/** Split a template into text, tag and comment tokens. Never fails: every character belongs to a token. */
export function lexTemplate(source: string): IToken[] {
  return templateLexer.tokenize(source).tokens;
}

/** Tokens of one tag's inside, or null when it is not an instruction (it is then text). */
export function lexTag(inside: string): IToken[] | null {
  const result = tagLexer.tokenize(inside);
  return result.errors.length === 0 ? result.tokens : null;
}
