/**
 * The instruction grammar of record, run once over the whole token stream of a
 * template: text, comments and tags in order, each to one instruction tuple with its
 * source offset. The lexer's modes enforce the shape of every tag (a tag that does
 * not fit is an InvalidTag text token), so the grammar only builds tuples.
 * Written as Chevrotain's performance guide asks: alternatives cached on the
 * instance, no closures per rule call, embedded actions over shared fields.
 */
import { EmbeddedActionsParser, EOF, type IToken, type TokenType } from 'chevrotain';
import type { Args, Code, FormatterCall, Path } from './opcodes.js';
import { Op } from './opcodes.js';
import * as T from './tokens.js';
import { splitPath } from './path.js';
import { splitArgs } from './chars.js';
import { lexTemplate } from './lexer.js';
import type { PluginRef } from './instruction-sink.js';

export interface ParsedTemplate {
  /** Instructions in source order (block structure comes later, in the assembler). */
  codes: Code[];
  /** Source offset of each instruction in `codes`. */
  offsets: number[];
  refs: PluginRef[];
  /** Offset of the `{` of a tag the grammar rejected (none when the lexer did its job). */
  rejectedAt: number;
}

/** A token's text; Chevrotain's recording phase hands out tokens without one. */
const img = (tok: IToken): string => tok.image ?? '';

const BARE: ReadonlyMap<TokenType, Code> = new Map<TokenType, Code>([
  [T.KwEnd, Op.END],
  [T.KwEof, Op.EOF],
  [T.KwAlternates, Op.ALTERNATES_WITH],
  [T.KwMetaLeft, Op.META_LEFT],
  [T.KwMetaRight, Op.META_RIGHT],
  [T.KwNewline, Op.NEWLINE],
  [T.KwSpace, Op.SPACE],
  [T.KwTab, Op.TAB],
]);

class TemplateParser extends EmbeddedActionsParser {
  codes: Code[] = [];
  offsets: number[] = [];
  refs: PluginRef[] = [];
  // Scratch fields the rules share instead of closures.
  private args: Args | 0 = 0;
  private vars: Path[] = [];
  private calls: FormatterCall[] | 0 = 0;
  private ifOps: number[] = [];
  private bindings: [string, Path][] = [];
  private alts?: { ALT: () => unknown }[];
  private tagAlts?: { ALT: () => Code }[];

  constructor() {
    super(T.ALL_TOKENS, { maxLookahead: 2, recoveryEnabled: false });
    this.performSelfAnalysis();
  }

  /**
   * Where the run stopped short of the end (a grammar error), or undefined when it
   * read every token. Cheaper than `errors`, which copies the error list on every read.
   */
  stoppedAt(): IToken | undefined {
    const next = this.LA(1);
    return next.tokenType === EOF ? undefined : next;
  }

  public template = this.RULE('template', () => {
    this.MANY(() => {
      this.OR(
        (this.alts ??= [
          { ALT: () => this.text(this.CONSUME(T.TextLike)) },
          { ALT: () => this.SUBRULE(this.tag) },
          { ALT: () => this.comment(this.CONSUME(T.MultiLineComment)) },
        ]),
      );
    });
  });

  private text(tok: IToken): void {
    this.ACTION(() => this.emit([Op.TEXT, tok.image], tok.startOffset));
  }

  private comment(tok: IToken): void {
    this.ACTION(() => {
      const image = tok.image;
      const closed = image.endsWith('##}') && image.length >= 6;
      this.emit([Op.COMMENT, image.slice(3, closed ? -3 : undefined), 1], tok.startOffset);
    });
  }

  private emit(code: Code, offset: number): void {
    this.codes.push(code);
    this.offsets.push(offset);
  }

  private ref(kind: PluginRef['kind'], name: string, offset: number): void {
    this.ACTION(() => this.refs.push({ kind, name, offset }));
  }

  private tag = this.RULE('tag', () => {
    const open = this.CONSUME(T.TagOpen);
    const code = this.OR1(
      (this.tagAlts ??= [
        { ALT: () => [Op.COMMENT, img(this.CONSUME(T.HashComment)).slice(1), 0] as Code },
        { ALT: () => this.SUBRULE(this.predicate) },
        { ALT: () => this.SUBRULE(this.section) },
        { ALT: () => BARE.get(this.CONSUME(T.BareKeyword).tokenType) as Code },
        { ALT: () => this.SUBRULE(this.orPredicate) },
        { ALT: () => this.SUBRULE(this.ifInstruction) },
        { ALT: () => this.SUBRULE(this.bindvar) },
        { ALT: () => this.SUBRULE(this.ctxvar) },
        { ALT: () => this.SUBRULE(this.evalInstruction) },
        { ALT: () => this.SUBRULE(this.include) },
        { ALT: () => this.SUBRULE(this.inject) },
        { ALT: () => this.SUBRULE(this.macro) },
        { ALT: () => this.SUBRULE(this.variable) },
      ]),
    );
    this.CONSUME(T.TagClose);
    this.ACTION(() => this.emit(code, open.startOffset));
  });

  /** Optional arguments to the end of the tag, into `this.args`. */
  private restArgs = this.RULE('restArgs', () => {
    this.args = 0;
    this.OPTION(() => {
      const raw = img(this.CONSUME(T.Rest));
      this.ACTION(() => (this.args = splitArgs(raw)));
    });
  });

  private predicate = this.RULE('predicate', (): Code => {
    const tok = this.CONSUME(T.DotPredicate);
    const name = img(tok).slice(1);
    this.ref('predicate', name, tok.startOffset + 1);
    this.SUBRULE(this.restArgs);
    return [Op.PREDICATE, name, this.args, [], Op.END];
  });

  private section = this.RULE('section', (): Code => {
    const kw = this.CONSUME(T.SectionKeyword);
    this.CONSUME(T.SectionWS);
    const path = splitPath(img(this.CONSUME(T.SectionVar)));
    return kw.tokenType === T.KwRepeated ? [Op.REPEATED, path, [], Op.END, []] : [Op.SECTION, path, [], Op.END];
  });

  private orPredicate = this.RULE('orPredicate', (): Code => {
    this.CONSUME(T.KwOr);
    let name: string | 0 = 0;
    this.args = 0;
    this.OPTION(() => {
      this.CONSUME(T.OrSpace);
      const tok = this.CONSUME(T.PredName);
      name = img(tok);
      this.ref('predicate', name, tok.startOffset);
      this.SUBRULE(this.restArgs);
    });
    return [Op.OR_PREDICATE, name, this.args, [], Op.END];
  });

  private ifInstruction = this.RULE('ifInstruction', (): Code => {
    this.CONSUME(T.KwIf);
    this.CONSUME(T.IfWS);
    return this.OR([
      {
        ALT: () => {
          const tok = this.CONSUME(T.PredName);
          this.ref('predicate', img(tok), tok.startOffset);
          this.SUBRULE(this.restArgs);
          return [Op.PREDICATE, img(tok), this.args, [], Op.END] as Code;
        },
      },
      {
        ALT: () => {
          const vars: Path[] = [splitPath(img(this.CONSUME1(T.IfVarRef)))];
          const ops: number[] = [];
          this.MANY(() => {
            this.OPTION1(() => this.CONSUME1(T.IfWSAfterVar));
            ops.push(img(this.CONSUME(T.Operator)) === '&&' ? 1 : 0);
            this.OPTION2(() => this.CONSUME(T.IfWSAfterOp));
            vars.push(splitPath(img(this.CONSUME2(T.IfVarRef))));
          });
          this.OPTION3(() => this.CONSUME2(T.IfWSAfterVar));
          return [Op.IF, ops, vars, [], Op.END] as Code;
        },
      },
    ]);
  });

  /** `|name args|name` after the variables, into `this.calls`. */
  private formatters = this.RULE('formatters', () => {
    this.calls = 0;
    this.OPTION(() => {
      this.CONSUME(T.Pipe);
      const list: FormatterCall[] = [];
      this.AT_LEAST_ONE_SEP({
        SEP: T.FmtPipe,
        DEF: () => {
          const tok = this.CONSUME(T.FmtName);
          const name = img(tok);
          this.ref('formatter', name, tok.startOffset);
          let call: FormatterCall = [name];
          this.OPTION1(() => {
            call = [name, splitArgs(img(this.CONSUME(T.FmtArgs)))];
          });
          list.push(call);
        },
      });
      this.calls = list;
    });
  });

  private variable = this.RULE('variable', (): Code => {
    const vars: Path[] = [splitPath(img(this.CONSUME(T.HeadVarRef)))];
    this.MANY(() => {
      this.CONSUME(T.VarSep);
      vars.push(splitPath(img(this.CONSUME(T.NextVarRef))));
    });
    this.SUBRULE(this.formatters);
    return [Op.VARIABLE, vars, this.calls];
  });

  private bindvar = this.RULE('bindvar', (): Code => {
    this.CONSUME(T.KwVar);
    this.CONSUME(T.BvSpace);
    const name = img(this.CONSUME(T.BvName));
    this.CONSUME(T.BvSpace2);
    const vars: Path[] = [];
    this.AT_LEAST_ONE_SEP({ SEP: T.BvSep, DEF: () => vars.push(splitPath(img(this.CONSUME(T.BvVarRef)))) });
    this.SUBRULE(this.formatters);
    return [Op.BINDVAR, name, vars, this.calls];
  });

  private ctxvar = this.RULE('ctxvar', (): Code => {
    this.CONSUME(T.KwCtx);
    this.CONSUME(T.CtxSpace);
    const name = img(this.CONSUME(T.CtxName));
    this.CONSUME(T.CtxSep);
    const bindings: [string, Path][] = [];
    this.AT_LEAST_ONE(() => {
      const key = img(this.CONSUME(T.CtxKey));
      this.CONSUME(T.Equals);
      bindings.push([key, splitPath(img(this.CONSUME(T.CtxVal)))]);
      this.OPTION(() => this.CONSUME(T.CtxWS));
    });
    return [Op.CTXVAR, name, bindings];
  });

  private evalInstruction = this.RULE('evalInstruction', (): Code => {
    this.CONSUME(T.KwEval);
    this.CONSUME(T.EvalWS);
    let code = '';
    this.OPTION(() => {
      code = img(this.CONSUME(T.Rest));
    });
    return [Op.EVAL, code];
  });

  private include = this.RULE('include', (): Code => {
    this.CONSUME(T.KwInclude);
    this.CONSUME(T.IncludeSpace);
    const name = img(this.CONSUME(T.IncludePath));
    this.SUBRULE(this.restArgs);
    return [Op.INCLUDE, name, this.args === 0 ? [[], ' '] : this.args];
  });

  private inject = this.RULE('inject', (): Code => {
    this.CONSUME(T.KwInject);
    this.CONSUME(T.InjectSpace);
    const name = img(this.CONSUME(T.InjectName));
    this.CONSUME(T.InjectSpace2);
    const path = img(this.CONSUME(T.InjectPath));
    this.SUBRULE(this.restArgs);
    return [Op.INJECT, name, path, this.args];
  });

  private macro = this.RULE('macro', (): Code => {
    this.CONSUME(T.KwMacro);
    this.CONSUME(T.MacroSpace);
    return [Op.MACRO, img(this.CONSUME(T.MacroName)), []];
  });
}

const parser = new TemplateParser();

/** Parse a whole template's tokens in one run. */
export function parseTokens(tokens: IToken[]): ParsedTemplate {
  parser.input = tokens;
  parser.codes = [];
  parser.offsets = [];
  parser.refs = [];
  parser.template();
  const stopped = parser.stoppedAt();
  const result = { codes: parser.codes, offsets: parser.offsets, refs: parser.refs, rejectedAt: -1 };
  if (stopped !== undefined) result.rejectedAt = enclosingTag(tokens, stopped);
  parser.codes = [];
  parser.offsets = [];
  parser.refs = [];
  return result;
}

/**
 * Instructions of a template by the grammar of record alone. A tag the grammar
 * rejects (the lexer's modes should leave none) is made text and the template re-read.
 */
export function parseWithGrammar(source: string): ParsedTemplate {
  let parsed = parseTokens(lexTemplate(source));
  let rejected: Set<number> | undefined;
  while (parsed.rejectedAt !== -1 && !rejected?.has(parsed.rejectedAt)) {
    (rejected ??= new Set()).add(parsed.rejectedAt);
    parsed = parseTokens(lexTemplate(source, rejected));
  }
  return parsed;
}

/** The offset of the `{` of the tag around `token` (0 when there is none). */
function enclosingTag(tokens: IToken[], token: IToken): number {
  let i = tokens.indexOf(token);
  if (i === -1) i = tokens.length - 1;
  for (; i >= 0; i--) if (tokens[i].tokenType === T.TagOpen) return tokens[i].startOffset;
  return 0;
}
