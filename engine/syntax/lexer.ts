/**
 * The template lexer of record: one Chevrotain lexer with modes reads a template in
 * one pass, text and the inside of every tag alike. A module-level singleton, so
 * Chevrotain's self-analysis runs once per isolate. Compile reaches it only for the
 * tags the fast reader (whole-tag.ts) declines, one tag at a time.
 */
import { Lexer, type IToken } from 'chevrotain';
import { BadClose, InvalidTag, MODES, resetTagScan, TagClose, TagOpen } from './tokens.js';

const lexer = new Lexer(
  { modes: MODES, defaultMode: 'text' },
  { positionTracking: 'onlyOffset', ensureOptimizations: true, skipValidations: true },
);

/**
 * Tokens of a template. Every character belongs to a token. A tag that is not an
 * instruction (a lexing error inside it, or a `}` where the instruction cannot end)
 * comes back as one InvalidTag token holding the tag's whole source: it is text.
 * `invalidAt` names further tags (by the offset of their `{`) to treat so.
 */
export function lexTemplate(source: string, invalidAt?: ReadonlySet<number>): IToken[] {
  resetTagScan();
  const { tokens, errors } = lexer.tokenize(source);
  let errorIndex = 0;
  let out: IToken[] | null = null;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.tokenType !== TagOpen) {
      if (out !== null) out.push(token);
      continue;
    }
    // The tag runs to its close; any error offset or BadClose in between makes it text.
    let end = i + 1;
    while (end < tokens.length && tokens[end].tokenType !== TagClose && tokens[end].tokenType !== BadClose) end++;
    const closeOffset = end < tokens.length ? tokens[end].startOffset : source.length - 1;
    while (errorIndex < errors.length && errors[errorIndex].offset < token.startOffset) errorIndex++;
    const invalid =
      end >= tokens.length ||
      tokens[end].tokenType === BadClose ||
      (errorIndex < errors.length && errors[errorIndex].offset < closeOffset) ||
      (invalidAt !== undefined && invalidAt.has(token.startOffset));
    if (!invalid) {
      if (out !== null) for (let k = i; k <= end; k++) out.push(tokens[k]);
      i = end;
      continue;
    }
    out ??= tokens.slice(0, i);
    out.push(textToken(source, token.startOffset, closeOffset + 1));
    i = end;
  }
  return out ?? tokens;
}

function textToken(source: string, start: number, end: number): IToken {
  return {
    image: source.substring(start, end),
    startOffset: start,
    endOffset: end - 1,
    tokenType: InvalidTag,
    tokenTypeIdx: InvalidTag.tokenTypeIdx!,
  } as IToken;
}
