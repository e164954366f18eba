/**
 * Chevrotain tokens of the template language. Two lexers use them: the template
 * lexer splits source into text, tags and comments; the tag lexer reads the inside
 * of one `{...}` tag, switching modes after the instruction keyword.
 */
import { createToken, Lexer, type TokenType } from 'chevrotain';

const WORD = '[a-zA-Z][a-zA-Z0-9_-]*';
const SEGMENT = `(?:\\d+|[@$]?${WORD}|@)`;

// Template level.
/** `{## ... ##}`; an unterminated one runs to the end of the template. */
function matchMultiLineComment(text: string, offset: number): RegExpExecArray | null {
  if (!text.startsWith('{##', offset)) return null;
  const close = text.indexOf('##}', offset + 3);
  const end = close === -1 ? text.length : close + 3;
  const match = [text.substring(offset, end)] as unknown as RegExpExecArray;
  return match;
}

export const MultiLineComment = createToken({
  name: 'MultiLineComment',
  pattern: { exec: matchMultiLineComment },
  start_chars_hint: ['{'],
  line_breaks: true,
});
export const Tag = createToken({ name: 'Tag', pattern: /\{[^{}]*\}/, line_breaks: true });
export const Text = createToken({ name: 'Text', pattern: /[^{]+/, line_breaks: true });
export const Brace = createToken({ name: 'Brace', pattern: /\{/ });

// Tag level: shared pieces.
export const Whitespace = createToken({ name: 'Whitespace', pattern: /[ \f\n\r\t\v]+/, line_breaks: true });
export const Space = createToken({ name: 'Space', pattern: / / });
export const VarSep = createToken({ name: 'VarSep', pattern: / *, */ });
export const VarRef = createToken({ name: 'VarRef', pattern: new RegExp(`${SEGMENT}(?:\\.${SEGMENT})*`) });
export const Pipe = createToken({ name: 'Pipe', pattern: /\|/, push_mode: 'formatters' });
export const FmtPipe = createToken({ name: 'FmtPipe', pattern: /\|/ });
export const FmtName = createToken({ name: 'FmtName', pattern: new RegExp(WORD) });
export const FmtArgs = createToken({ name: 'FmtArgs', pattern: /[^|]+/, line_breaks: true });
export const PredName = createToken({ name: 'PredName', pattern: new RegExp(`${WORD}\\?`), push_mode: 'rest' });
/** Everything to the end of the tag (arguments, eval code); a function so no first-char table is needed. */
function matchRest(text: string, offset: number): RegExpExecArray | null {
  return offset < text.length ? ([text.substring(offset)] as unknown as RegExpExecArray) : null;
}
export const Rest = createToken({ name: 'Rest', pattern: { exec: matchRest }, line_breaks: true });
export const Operator = createToken({ name: 'Operator', pattern: /&&|\|\|/ });
export const Equals = createToken({ name: 'Equals', pattern: /=/ });
export const Word = createToken({ name: 'Word', pattern: new RegExp(WORD), longer_alt: VarRef });
export const Definition = createToken({ name: 'Definition', pattern: new RegExp(`@${WORD}`) });
export const FilePath = createToken({ name: 'FilePath', pattern: /[./a-zA-Z0-9_-]+/ });
export const FilePathArgs = createToken({ name: 'FilePathArgs', pattern: /[./a-zA-Z0-9_-]+/, push_mode: 'rest' });

// Tag level: what the tag starts with.
function matchHashComment(text: string, offset: number): RegExpExecArray | null {
  return text.charCodeAt(offset) === 35 ? ([text.substring(offset)] as unknown as RegExpExecArray) : null;
}
export const HashComment = createToken({
  name: 'HashComment',
  pattern: { exec: matchHashComment },
  start_chars_hint: ['#'],
  line_breaks: true,
});
export const DotPredicate = createToken({ name: 'DotPredicate', pattern: new RegExp(`\\.${WORD}\\?`), push_mode: 'rest' });

function keyword(name: string, text: string, mode: string): TokenType {
  return createToken({ name, pattern: new RegExp(text.replace(/[.-]/g, (c) => `\\${c}`)), push_mode: mode });
}

export const KwRepeated = keyword('KwRepeated', '.repeated section', 'section');
export const KwSection = keyword('KwSection', '.section', 'section');
export const KwAlternates = keyword('KwAlternates', '.alternates with', 'closed');
export const KwMetaLeft = keyword('KwMetaLeft', '.meta-left', 'closed');
export const KwMetaRight = keyword('KwMetaRight', '.meta-right', 'closed');
export const KwMacro = keyword('KwMacro', '.macro', 'macro');
export const KwNewline = keyword('KwNewline', '.newline', 'closed');
export const KwSpace = keyword('KwSpace', '.space', 'closed');
export const KwTab = keyword('KwTab', '.tab', 'closed');
export const KwEnd = keyword('KwEnd', '.end', 'closed');
export const KwEof = keyword('KwEof', '.eof', 'closed');
export const KwEval = keyword('KwEval', '.eval', 'eval');
export const KwInclude = keyword('KwInclude', '.include', 'include');
export const KwInject = keyword('KwInject', '.inject', 'inject');
export const KwIf = keyword('KwIf', '.if', 'if');
export const KwOr = keyword('KwOr', '.or', 'or');
export const KwVar = keyword('KwVar', '.var', 'bindvar');
export const KwCtx = keyword('KwCtx', '.ctx', 'ctx');
export const HeadVarRef = createToken({ name: 'HeadVarRef', pattern: VarRef.PATTERN as RegExp, categories: [VarRef], push_mode: 'variable' });

export const NEVER = createToken({ name: 'Never', pattern: Lexer.NA });

/** Tokens per tag-lexer mode; order decides between patterns that match at the same place. */
export const TAG_MODES: Record<string, TokenType[]> = {
  head: [
    HashComment,
    DotPredicate,
    KwRepeated,
    KwSection,
    KwAlternates,
    KwMetaLeft,
    KwMetaRight,
    KwMacro,
    KwNewline,
    KwSpace,
    KwTab,
    KwEnd,
    KwEof,
    KwEval,
    KwInclude,
    KwInject,
    KwIf,
    KwOr,
    KwVar,
    KwCtx,
    HeadVarRef,
  ],
  closed: [NEVER],
  rest: [Rest],
  section: [Whitespace, VarRef],
  variable: [VarSep, VarRef, Pipe],
  formatters: [FmtPipe, FmtName, FmtArgs],
  or: [Space, PredName],
  if: [Whitespace, PredName, Operator, VarRef],
  bindvar: [VarSep, Space, VarRef, Pipe],
  ctx: [Whitespace, Equals, Word, VarRef],
  eval: [Whitespace, Rest],
  include: [Space, FilePathArgs],
  inject: [Space, Definition, FilePathArgs],
  macro: [Space, FilePath],
};

export const TEMPLATE_TOKENS: TokenType[] = [MultiLineComment, Tag, Text, Brace];
