/**
 * The instruction grammar: one `{...}` tag's tokens to one instruction tuple.
 * A tag that does not match the grammar is not an error: it is plain text.
 */
import { EmbeddedActionsParser, type IToken } from 'chevrotain';
import type { Args, Code, FormatterCall, Path } from './opcodes.js';
import { Op } from './opcodes.js';
import * as T from './tokens.js';
import { splitPath } from '../exec/values.js';

/** A plugin name used by an instruction, with its offset inside the tag, checked against the tables at compile time. */
export interface PluginRef {
  kind: 'formatter' | 'predicate';
  name: string;
  offset: number;
}

export interface ParsedTag {
  code: Code;
  refs: PluginRef[];
}

const DEFINITION = /^@[a-zA-Z][a-zA-Z0-9_-]*$/;

/** A token's text; Chevrotain's grammar recording phase hands out tokens without one. */
const img = (tok: IToken): string => tok.image ?? '';

/** Split raw arguments on their first character, the delimiter the author chose. */
export function splitArgs(raw: string): Args {
  const delimiter = raw[0];
  return [raw.slice(1).split(delimiter), delimiter];
}

class TagParser extends EmbeddedActionsParser {
  refs: PluginRef[] = [];

  constructor() {
    super(Object.values(T).filter((t) => typeof t === 'object' && t !== null && 'name' in t) as never, {
      maxLookahead: 2,
      recoveryEnabled: false,
    });
    this.performSelfAnalysis();
  }

  public tag = this.RULE('tag', (): Code => {
    return this.OR([
      { ALT: () => [Op.COMMENT, img(this.CONSUME(T.HashComment)).slice(1), 0] as Code },
      { ALT: () => this.SUBRULE(this.predicate) },
      { ALT: () => this.SUBRULE(this.section) },
      { ALT: () => this.SUBRULE(this.bare) },
      { ALT: () => this.SUBRULE(this.orPredicate) },
      { ALT: () => this.SUBRULE(this.ifInstruction) },
      { ALT: () => this.SUBRULE(this.bindvar) },
      { ALT: () => this.SUBRULE(this.ctxvar) },
      { ALT: () => this.SUBRULE(this.evalInstruction) },
      { ALT: () => this.SUBRULE(this.include) },
      { ALT: () => this.SUBRULE(this.inject) },
      { ALT: () => this.SUBRULE(this.macro) },
      { ALT: () => this.SUBRULE(this.variable) },
    ]);
  });

  private predicateArgs = this.RULE('predicateArgs', (): Args | 0 => {
    let args: Args | 0 = 0;
    this.OPTION(() => {
      args = splitArgs(img(this.CONSUME(T.Rest)));
    });
    return args;
  });

  private predicate = this.RULE('predicate', (): Code => {
    const tok = this.CONSUME(T.DotPredicate);
    const name = img(tok).slice(1);
    this.ACTION(() => this.refs.push({ kind: 'predicate', name, offset: tok.startOffset + 1 }));
    return [Op.PREDICATE, name, this.SUBRULE(this.predicateArgs), [], Op.END];
  });

  private section = this.RULE('section', (): Code => {
    const repeated = this.OR([
      { ALT: () => (this.CONSUME(T.KwSection), false) },
      { ALT: () => (this.CONSUME(T.KwRepeated), true) },
    ]);
    this.CONSUME(T.Whitespace);
    const path = splitPath(img(this.CONSUME(T.VarRef)));
    return repeated ? [Op.REPEATED, path, [], Op.END, []] : [Op.SECTION, path, [], Op.END];
  });

  private bare = this.RULE('bare', (): Code => {
    return this.OR([
      { ALT: () => (this.CONSUME(T.KwEnd), Op.END) },
      { ALT: () => (this.CONSUME(T.KwEof), Op.EOF) },
      { ALT: () => (this.CONSUME(T.KwAlternates), Op.ALTERNATES_WITH) },
      { ALT: () => (this.CONSUME(T.KwMetaLeft), Op.META_LEFT) },
      { ALT: () => (this.CONSUME(T.KwMetaRight), Op.META_RIGHT) },
      { ALT: () => (this.CONSUME(T.KwNewline), Op.NEWLINE) },
      { ALT: () => (this.CONSUME(T.KwSpace), Op.SPACE) },
      { ALT: () => (this.CONSUME(T.KwTab), Op.TAB) },
    ]) as Code;
  });

  private orPredicate = this.RULE('orPredicate', (): Code => {
    this.CONSUME(T.KwOr);
    let name: string | 0 = 0;
    let args: Args | 0 = 0;
    this.OPTION(() => {
      this.CONSUME(T.Space);
      const tok = this.CONSUME(T.PredName);
      name = img(tok);
      this.ACTION(() => this.refs.push({ kind: 'predicate', name: img(tok), offset: tok.startOffset }));
      args = this.SUBRULE(this.predicateArgs);
    });
    return [Op.OR_PREDICATE, name, args, [], Op.END];
  });

  private ifInstruction = this.RULE('ifInstruction', (): Code => {
    this.CONSUME(T.KwIf);
    this.CONSUME(T.Whitespace);
    return this.OR([
      {
        ALT: () => {
          const tok = this.CONSUME(T.PredName);
          this.ACTION(() => this.refs.push({ kind: 'predicate', name: img(tok), offset: tok.startOffset }));
          return [Op.PREDICATE, img(tok), this.SUBRULE(this.predicateArgs), [], Op.END] as Code;
        },
      },
      {
        ALT: () => {
          const vars: Path[] = [splitPath(img(this.CONSUME1(T.VarRef)))];
          const ops: number[] = [];
          this.MANY(() => {
            this.OPTION1(() => this.CONSUME1(T.Whitespace));
            ops.push(img(this.CONSUME(T.Operator)) === '&&' ? 1 : 0);
            this.OPTION2(() => this.CONSUME2(T.Whitespace));
            vars.push(splitPath(img(this.CONSUME2(T.VarRef))));
          });
          this.OPTION3(() => this.CONSUME3(T.Whitespace));
          return [Op.IF, ops, vars, [], Op.END] as Code;
        },
      },
    ]);
  });

  private variables = this.RULE('variables', (): Path[] => {
    const vars: Path[] = [];
    this.AT_LEAST_ONE_SEP({
      SEP: T.VarSep,
      DEF: () => vars.push(splitPath(img(this.CONSUME(T.VarRef)))),
    });
    return vars;
  });

  private formatters = this.RULE('formatters', (): FormatterCall[] | 0 => {
    let calls: FormatterCall[] | 0 = 0;
    this.OPTION(() => {
      this.CONSUME(T.Pipe);
      const list: FormatterCall[] = [];
      this.AT_LEAST_ONE_SEP({
        SEP: T.FmtPipe,
        DEF: () => {
          const tok = this.CONSUME(T.FmtName);
          this.ACTION(() => this.refs.push({ kind: 'formatter', name: img(tok), offset: tok.startOffset }));
          let call: FormatterCall = [img(tok)];
          this.OPTION1(() => {
            call = [img(tok), splitArgs(img(this.CONSUME(T.FmtArgs)))];
          });
          list.push(call);
        },
      });
      calls = list;
    });
    return calls;
  });

  private variable = this.RULE('variable', (): Code => {
    const head = this.CONSUME(T.HeadVarRef);
    const vars: Path[] = [splitPath(img(head))];
    this.MANY(() => {
      this.CONSUME(T.VarSep);
      vars.push(splitPath(img(this.CONSUME(T.VarRef))));
    });
    return [Op.VARIABLE, vars, this.SUBRULE(this.formatters)];
  });

  private definition(tok: IToken): string {
    if (!DEFINITION.test(img(tok))) throw new TagMismatch();
    return img(tok);
  }

  private bindvar = this.RULE('bindvar', (): Code => {
    this.CONSUME(T.KwVar);
    this.CONSUME(T.Space);
    const name = this.ACTION(() => this.definition(this.LA(1)));
    this.CONSUME(T.VarRef);
    this.CONSUME1(T.Space);
    const vars = this.SUBRULE(this.variables);
    return [Op.BINDVAR, name as string, vars, this.SUBRULE(this.formatters)];
  });

  private ctxvar = this.RULE('ctxvar', (): Code => {
    this.CONSUME(T.KwCtx);
    const space = this.CONSUME(T.Whitespace);
    const name = this.ACTION(() => {
      if (img(space) !== ' ') throw new TagMismatch();
      return this.definition(this.LA(1));
    });
    this.CONSUME(T.VarRef);
    const sep = this.CONSUME1(T.Whitespace);
    this.ACTION(() => {
      if (img(sep) !== ' ') throw new TagMismatch();
    });
    const bindings: [string, Path][] = [];
    this.AT_LEAST_ONE(() => {
      const key = img(this.CONSUME(T.Word));
      this.CONSUME(T.Equals);
      const ref = this.OR([{ ALT: () => this.CONSUME1(T.Word) }, { ALT: () => this.CONSUME1(T.VarRef) }]);
      bindings.push([key, splitPath(img(ref))]);
      this.OPTION(() => this.CONSUME2(T.Whitespace));
    });
    return [Op.CTXVAR, name as string, bindings];
  });

  private evalInstruction = this.RULE('evalInstruction', (): Code => {
    this.CONSUME(T.KwEval);
    this.CONSUME(T.Whitespace);
    let code = '';
    this.OPTION(() => {
      code = img(this.CONSUME(T.Rest));
    });
    return [Op.EVAL, code];
  });

  private include = this.RULE('include', (): Code => {
    this.CONSUME(T.KwInclude);
    this.CONSUME(T.Space);
    const name = img(this.CONSUME(T.FilePathArgs));
    let args: Args = [[], ' '];
    this.OPTION(() => {
      args = splitArgs(img(this.CONSUME(T.Rest)));
    });
    return [Op.INCLUDE, name, args];
  });

  private inject = this.RULE('inject', (): Code => {
    this.CONSUME(T.KwInject);
    this.CONSUME(T.Space);
    const name = img(this.CONSUME(T.Definition));
    this.CONSUME1(T.Space);
    const path = img(this.CONSUME(T.FilePathArgs));
    return [Op.INJECT, name, path, this.SUBRULE(this.predicateArgs)];
  });

  private macro = this.RULE('macro', (): Code => {
    this.CONSUME(T.KwMacro);
    this.CONSUME(T.Space);
    return [Op.MACRO, img(this.CONSUME(T.FilePath)), []];
  });
}

/** Thrown inside grammar actions for checks the token patterns cannot express. */
class TagMismatch extends Error {}

const parser = new TagParser();

/** Parse one tag's tokens; null when they do not form an instruction. */
export function parseTag(tokens: IToken[]): ParsedTag | null {
  parser.input = tokens;
  parser.refs = [];
  let code: Code;
  try {
    code = parser.tag();
  } catch (e) {
    if (e instanceof TagMismatch) return null;
    throw e;
  }
  if (parser.errors.length > 0) return null;
  return { code, refs: parser.refs };
}
