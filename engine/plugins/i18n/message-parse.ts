/**
 * Parser of ICU-like messages: text with `{name}` and `{0 formatter options}`
 * arguments, `{0;1 datetime-interval}` with several arguments, and choices
 * `{0 plural one{# item} other{# items}}` (also `selectordinal`, `select`,
 * `=N` exact keys) whose bodies are messages where `#` is the number.
 */

export type MessagePart =
  | string
  | { kind: 'hash' }
  | { kind: 'arg'; names: string[]; formatter: string; options: readonly string[] }
  | { kind: 'choice'; names: string[]; type: ChoiceType; choices: Choice[] };

export type ChoiceType = 'plural' | 'selectordinal' | 'select';

export interface Choice {
  key: string;
  body: MessagePart[];
}

const CHOICE_TYPES = new Set<string>(['plural', 'selectordinal', 'select']);

class Parser {
  i = 0;
  constructor(readonly s: string) {}

  /** Text and arguments up to an unmatched `}` (or the end). */
  message(inChoice: boolean): MessagePart[] {
    const out: MessagePart[] = [];
    let text = '';
    const flush = () => {
      if (text) out.push(text);
      text = '';
    };
    while (this.i < this.s.length) {
      const ch = this.s[this.i];
      if (ch === '}') break;
      if (ch === '{') {
        flush();
        out.push(this.argument());
      } else if (ch === '#' && inChoice) {
        flush();
        out.push({ kind: 'hash' });
        this.i++;
      } else {
        text += ch;
        this.i++;
      }
    }
    flush();
    return out;
  }

  /** The text up to the `}` that closes the current block, braces balanced. */
  private balanced(): string {
    const start = this.i;
    let depth = 0;
    while (this.i < this.s.length) {
      const ch = this.s[this.i];
      if (ch === '{') depth++;
      else if (ch === '}') {
        if (depth === 0) break;
        depth--;
      }
      this.i++;
    }
    return this.s.slice(start, this.i);
  }

  private skipSpace(): void {
    while (this.i < this.s.length && /\s/.test(this.s[this.i])) this.i++;
  }

  private argument(): MessagePart {
    this.i++; // '{'
    this.skipSpace();
    const nameStart = this.i;
    while (this.i < this.s.length && !/[\s{}]/.test(this.s[this.i])) this.i++;
    const names = this.s.slice(nameStart, this.i).split(';').filter(Boolean);
    this.skipSpace();
    const fmtStart = this.i;
    while (this.i < this.s.length && !/[\s{},]/.test(this.s[this.i])) this.i++;
    const formatter = this.s.slice(fmtStart, this.i);
    if (this.s[this.i] === ',') this.i++;
    let part: MessagePart;
    if (CHOICE_TYPES.has(formatter)) {
      part = { kind: 'choice', names, type: formatter as ChoiceType, choices: this.choices() };
    } else {
      const rest = this.balanced().trim();
      // Frozen: parsed messages are cached, so formatters may cache by the options array.
      part = { kind: 'arg', names, formatter, options: Object.freeze(rest ? rest.split(/\s+/) : []) };
    }
    if (this.s[this.i] === '}') this.i++;
    return part;
  }

  private choices(): Choice[] {
    const out: Choice[] = [];
    for (;;) {
      this.skipSpace();
      if (this.i >= this.s.length || this.s[this.i] === '}') return out;
      const keyStart = this.i;
      while (this.i < this.s.length && !/[\s{}]/.test(this.s[this.i])) this.i++;
      const key = this.s.slice(keyStart, this.i);
      this.skipSpace();
      if (this.s[this.i] !== '{') {
        // Not a choice (e.g. `offset:1`): skip the word.
        if (key === '') this.i++;
        continue;
      }
      this.i++;
      const body = this.message(true);
      if (this.s[this.i] === '}') this.i++;
      out.push({ key, body });
    }
  }
}

const cache = new Map<string, MessagePart[]>();

/**
 * Parse (and memoise) a message.
 * @example parseMessage('Hi {0}!') // ['Hi ', { kind: 'arg', names: ['0'], formatter: '', options: [] }, '!']
 */
export function parseMessage(source: string): MessagePart[] {
  let parts = cache.get(source);
  if (!parts) {
    const p = new Parser(source);
    parts = [];
    while (p.i < source.length) {
      parts.push(...p.message(false));
      // A stray `}` at top level is text.
      if (p.i < source.length) {
        parts.push('}');
        p.i++;
      }
    }
    if (cache.size > 500) cache.clear();
    cache.set(source, parts);
  }
  return parts;
}
