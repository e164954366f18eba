/**
 * Chevrotain tokens of the template language, for one lexer with modes that reads a
 * whole template in one pass. The `text` mode splits text from tags; inside a tag,
 * each mode is one state of the instruction grammar (a token moves to the next state
 * by popping and pushing a mode), so a tag that lexes without error is a valid
 * instruction. Every tag mode can match `}` (TagClose where the instruction may end,
 * BadClose where it may not), so after an error the lexer always finds its way back to
 * text; such a tag is plain text. Every pattern has first characters Chevrotain can
 * index (first-character optimisation on): the open-ended ones are functions with a
 * start-characters hint.
 */
import { createToken, Lexer, type CustomPatternMatcherFunc, type TokenType } from 'chevrotain';

// Pattern sources (chars.ts scans the same shapes; whole-tag.test.ts holds the two together).
export const WORD = '[a-zA-Z][a-zA-Z0-9_-]*';
const SEGMENT = `(?:\\d+|[@$]?${WORD}|@)`;
export const VAR_REF_SOURCE = `${SEGMENT}(?:\\.${SEGMENT})*`;
export const WHITESPACE_SOURCE = '[ \\f\\n\\r\\t\\v]+';
export const FILE_PATH_SOURCE = '[./a-zA-Z0-9_-]+';

const VAR_REF = new RegExp(VAR_REF_SOURCE);
const WHITESPACE = new RegExp(WHITESPACE_SOURCE);
const DEFINITION = new RegExp(`@${WORD}`);
const FILE_PATH = new RegExp(FILE_PATH_SOURCE);

/**
 * Start characters of a pattern that can begin with any code unit except `excluded`.
 * Chevrotain indexes code units above 255 by blocks of 255, so one unit per block
 * stands for the whole block: ~500 hints instead of 65,536.
 */
function allExcept(excluded: string): number[] {
  const hint: number[] = [];
  for (let c = 0; c < 256; c++) if (!excluded.includes(String.fromCharCode(c))) hint.push(c);
  for (let c = 256; c < 65536; c += 255) hint.push(c);
  return hint;
}

const match = (image: string): RegExpExecArray => [image] as unknown as RegExpExecArray;
/** The match of every TagOpen (Chevrotain only reads it), shared rather than allocated per tag. */
const OPEN_MATCH = Object.freeze(match('{')) as RegExpExecArray;

/** Everything from `offset` up to (not including) the first of `stops`; null when empty. */
function runUntil(stops: string): CustomPatternMatcherFunc {
  const single = stops.length === 1;
  return (text, offset) => {
    let end: number;
    if (single) {
      end = text.indexOf(stops, offset);
      if (end === -1) end = text.length;
    } else {
      end = offset;
      while (end < text.length && !stops.includes(text[end])) end++;
    }
    return end > offset ? match(text.substring(offset, end)) : null;
  };
}

interface Move {
  /** Mode entered after this token; undefined = stay. */
  to?: string;
  /** Leave the tag (back to text). */
  close?: boolean;
  categories?: TokenType[];
}

/** A token inside a tag: it replaces the current mode by `to` (a state transition) or closes the tag. */
function tok(name: string, pattern: RegExp | string | CustomPatternMatcherFunc, move: Move, hint?: (string | number)[]): TokenType {
  const custom = typeof pattern === 'function';
  return createToken({
    name,
    pattern: custom ? { exec: pattern } : pattern,
    ...(custom ? { start_chars_hint: hint, line_breaks: true } : {}),
    ...(pattern === WHITESPACE ? { line_breaks: true } : {}),
    ...(move.close ? { pop_mode: true } : move.to ? { pop_mode: true, push_mode: move.to } : {}),
    ...(move.categories ? { categories: move.categories } : {}),
  });
}

// Categories the parser reads some tokens by.
export const Whitespace = createToken({ name: 'Whitespace', pattern: Lexer.NA });
export const BareKeyword = createToken({ name: 'BareKeyword', pattern: Lexer.NA });
export const SectionKeyword = createToken({ name: 'SectionKeyword', pattern: Lexer.NA });
/** A tag that is not an instruction, or a lone `{`: template text. */
export const TextLike = createToken({ name: 'TextLike', pattern: Lexer.NA });
/** Made by the lexer's post-pass for a tag that did not lex: its whole source is text. */
export const InvalidTag = createToken({ name: 'InvalidTag', pattern: Lexer.NA, categories: [TextLike] });

// Text mode.
/** `{## ... ##}`; an unterminated one runs to the end of the template. */
export const MultiLineComment = createToken({
  name: 'MultiLineComment',
  pattern: {
    exec: (text, offset) => {
      if (!text.startsWith('{##', offset)) return null;
      const close = text.indexOf('##}', offset + 3);
      return match(text.substring(offset, close === -1 ? text.length : close + 3));
    },
  },
  start_chars_hint: ['{'],
  line_breaks: true,
});
/**
 * Where the next `}` is, remembered across the `{`s of one lexing run: a run of
 * `{` with no `}` after them would otherwise rescan to the end from each (quadratic).
 * Reset by the lexer before every run; it holds positions only, never output.
 */
const closeScan = { from: 0, at: -2 };

export function resetTagScan(): void {
  closeScan.from = 0;
  closeScan.at = -2;
}

function nextClose(text: string, from: number): number {
  if (closeScan.at !== -2 && from >= closeScan.from && (closeScan.at === -1 || from <= closeScan.at)) return closeScan.at;
  closeScan.from = from;
  closeScan.at = text.indexOf('}', from);
  return closeScan.at;
}

/** A `{` whose `}` comes before any other `{`: the start of a tag (otherwise the `{` is text). */
export const TagOpen = createToken({
  name: 'TagOpen',
  pattern: {
    exec: (text, offset) => {
      const close = nextClose(text, offset + 1);
      if (close === -1 || text.lastIndexOf('{', close) !== offset) return null;
      return OPEN_MATCH;
    },
  },
  start_chars_hint: ['{'],
  push_mode: 'head',
});
export const LoneBrace = createToken({ name: 'LoneBrace', pattern: '{', categories: [TextLike] });
export const Text = createToken({ name: 'Text', pattern: { exec: runUntil('{') }, start_chars_hint: allExcept('{'), line_breaks: true, categories: [TextLike] });

// Ends of a tag.
export const TagClose = createToken({ name: 'TagClose', pattern: '}', pop_mode: true });
/** A `}` where the instruction cannot end yet: the tag is text. */
export const BadClose = createToken({ name: 'BadClose', pattern: '}', pop_mode: true });

const REST_HINT = allExcept('}');
/** Everything to the end of the tag (predicate and include arguments, eval code). */
export const Rest = tok('Rest', runUntil('}'), { to: 'close' }, REST_HINT);

// Head: what the tag starts with.
const untilClose = runUntil('}');
export const HashComment = tok('HashComment', (text, offset, tokens, groups) => (text.charCodeAt(offset) === 35 ? untilClose(text, offset, tokens, groups) : null), { to: 'close' }, ['#']);
export const DotPredicate = tok('DotPredicate', new RegExp(`\\.${WORD}\\?`), { to: 'rest' });

function keyword(name: string, text: string, to: string, categories?: TokenType[]): TokenType {
  return tok(name, text, { to, categories });
}
export const KwRepeated = keyword('KwRepeated', '.repeated section', 'sectionWS', [SectionKeyword]);
export const KwSection = keyword('KwSection', '.section', 'sectionWS', [SectionKeyword]);
export const KwAlternates = keyword('KwAlternates', '.alternates with', 'close', [BareKeyword]);
export const KwMetaLeft = keyword('KwMetaLeft', '.meta-left', 'close', [BareKeyword]);
export const KwMetaRight = keyword('KwMetaRight', '.meta-right', 'close', [BareKeyword]);
export const KwMacro = keyword('KwMacro', '.macro', 'macroSpace');
export const KwNewline = keyword('KwNewline', '.newline', 'close', [BareKeyword]);
export const KwSpace = keyword('KwSpace', '.space', 'close', [BareKeyword]);
export const KwTab = keyword('KwTab', '.tab', 'close', [BareKeyword]);
export const KwEnd = keyword('KwEnd', '.end', 'close', [BareKeyword]);
export const KwEof = keyword('KwEof', '.eof', 'close', [BareKeyword]);
export const KwEval = keyword('KwEval', '.eval', 'evalWS');
export const KwInclude = keyword('KwInclude', '.include', 'includeSpace');
export const KwInject = keyword('KwInject', '.inject', 'injectSpace');
export const KwIf = keyword('KwIf', '.if', 'ifWS');
export const KwOr = keyword('KwOr', '.or', 'orAfter');
export const KwVar = keyword('KwVar', '.var', 'varSpace');
export const KwCtx = keyword('KwCtx', '.ctx', 'ctxSpace');
export const HeadVarRef = tok('HeadVarRef', VAR_REF, { to: 'varAfter' });

// Sections: `.section a.b`.
export const SectionWS = tok('SectionWS', WHITESPACE, { to: 'sectionVar', categories: [Whitespace] });
export const SectionVar = tok('SectionVar', VAR_REF, { to: 'close' });

// `.or` and `.or pred? args`.
export const OrSpace = tok('OrSpace', ' ', { to: 'orPred' });
export const PredName = tok('PredName', new RegExp(`${WORD}\\?`), { to: 'rest' });

// `.if pred? args` and `.if a || b && c`.
export const IfWS = tok('IfWS', WHITESPACE, { to: 'ifFirst', categories: [Whitespace] });
export const IfVarRef = tok('IfVarRef', VAR_REF, { to: 'ifAfterVar' });
export const IfWSAfterVar = tok('IfWSAfterVar', WHITESPACE, { to: 'ifAfterWS', categories: [Whitespace] });
export const Operator = tok('Operator', /&&|\|\|/, { to: 'ifAfterOp' });
export const IfWSAfterOp = tok('IfWSAfterOp', WHITESPACE, { to: 'ifVar', categories: [Whitespace] });

// Variables and formatters: `a, b|fmt args|fmt2`.
export const VarSep = tok('VarSep', / *, */, { to: 'varNext' });
export const NextVarRef = tok('NextVarRef', VAR_REF, { to: 'varAfter' });
export const Pipe = tok('Pipe', '|', { to: 'fmtName' });
export const FmtName = tok('FmtName', new RegExp(WORD), { to: 'fmtAfter' });
export const FmtPipe = tok('FmtPipe', '|', { to: 'fmtName' });
export const FmtArgs = tok('FmtArgs', runUntil('|}'), { to: 'fmtAfterArgs' }, allExcept('|}'));

// `.var @name a, b|fmt`.
export const BvSpace = tok('BvSpace', ' ', { to: 'bvName' });
export const BvName = tok('BvName', DEFINITION, { to: 'bvSpace2' });
export const BvSpace2 = tok('BvSpace2', ' ', { to: 'bvVal' });
export const BvVarRef = tok('BvVarRef', VAR_REF, { to: 'bvAfter' });
export const BvSep = tok('BvSep', / *, */, { to: 'bvVal' });
export const BvPipe = tok('BvPipe', '|', { to: 'fmtName', categories: [Pipe] });

// `.ctx @name key=a.b key2=c`.
export const CtxSpace = tok('CtxSpace', ' ', { to: 'ctxName' });
export const CtxName = tok('CtxName', DEFINITION, { to: 'ctxSep' });
export const CtxSep = tok('CtxSep', ' ', { to: 'ctxKey' });
export const CtxKey = tok('CtxKey', new RegExp(WORD), { to: 'ctxEq' });
export const Equals = tok('Equals', '=', { to: 'ctxVal' });
export const CtxVal = tok('CtxVal', VAR_REF, { to: 'ctxAfter' });
export const CtxWS = tok('CtxWS', WHITESPACE, { to: 'ctxNext', categories: [Whitespace] });

// `.eval code`, `.include path args`, `.inject @name path args`, `.macro name`.
export const EvalWS = tok('EvalWS', WHITESPACE, { to: 'rest', categories: [Whitespace] });
export const IncludeSpace = tok('IncludeSpace', ' ', { to: 'includePath' });
export const IncludePath = tok('IncludePath', FILE_PATH, { to: 'rest' });
export const InjectSpace = tok('InjectSpace', ' ', { to: 'injectName' });
export const InjectName = tok('InjectName', DEFINITION, { to: 'injectSpace2' });
export const InjectSpace2 = tok('InjectSpace2', ' ', { to: 'injectPath' });
export const InjectPath = tok('InjectPath', FILE_PATH, { to: 'rest' });
export const MacroSpace = tok('MacroSpace', ' ', { to: 'macroName' });
export const MacroName = tok('MacroName', FILE_PATH, { to: 'close' });

/** Tokens per lexer mode; order decides between patterns that match at the same place. */
export const MODES: Record<string, TokenType[]> = {
  text: [MultiLineComment, TagOpen, LoneBrace, Text],
  head: [
    HashComment, DotPredicate, KwRepeated, KwSection, KwAlternates, KwMetaLeft, KwMetaRight, KwMacro, KwNewline,
    KwSpace, KwTab, KwEnd, KwEof, KwEval, KwInclude, KwInject, KwIf, KwOr, KwVar, KwCtx, HeadVarRef, BadClose,
  ],
  close: [TagClose],
  rest: [Rest, TagClose],
  sectionWS: [SectionWS, BadClose],
  sectionVar: [SectionVar, BadClose],
  orAfter: [OrSpace, TagClose],
  orPred: [PredName, BadClose],
  ifWS: [IfWS, BadClose],
  ifFirst: [PredName, IfVarRef, BadClose],
  ifAfterVar: [IfWSAfterVar, Operator, TagClose],
  ifAfterWS: [Operator, TagClose],
  ifAfterOp: [IfWSAfterOp, IfVarRef, BadClose],
  ifVar: [IfVarRef, BadClose],
  varAfter: [VarSep, Pipe, TagClose],
  varNext: [NextVarRef, BadClose],
  fmtName: [FmtName, BadClose],
  fmtAfter: [FmtPipe, FmtArgs, TagClose],
  fmtAfterArgs: [FmtPipe, TagClose],
  varSpace: [BvSpace, BadClose],
  bvName: [BvName, BadClose],
  bvSpace2: [BvSpace2, BadClose],
  bvVal: [BvVarRef, BadClose],
  bvAfter: [BvSep, BvPipe, TagClose],
  ctxSpace: [CtxSpace, BadClose],
  ctxName: [CtxName, BadClose],
  ctxSep: [CtxSep, BadClose],
  ctxKey: [CtxKey, BadClose],
  ctxEq: [Equals, BadClose],
  ctxVal: [CtxVal, BadClose],
  ctxAfter: [CtxWS, TagClose],
  ctxNext: [CtxKey, TagClose],
  evalWS: [EvalWS, BadClose],
  includeSpace: [IncludeSpace, BadClose],
  includePath: [IncludePath, BadClose],
  injectSpace: [InjectSpace, BadClose],
  injectName: [InjectName, BadClose],
  injectSpace2: [InjectSpace2, BadClose],
  injectPath: [InjectPath, BadClose],
  macroSpace: [MacroSpace, BadClose],
  macroName: [MacroName, BadClose],
};

/** Every token type the parser knows (categories included). */
export const ALL_TOKENS: TokenType[] = [
  Whitespace, BareKeyword, SectionKeyword, TextLike, InvalidTag,
  ...new Set(Object.values(MODES).flat()),
];
