/**
 * JSON input for the CLI (data files, fixture sections, `atelier json`). V8's
 * SyntaxError does not always carry a position, so a small strict scanner finds
 * where the text stops being JSON and reports that as line and column.
 */
import { CliError } from './cli-error.js';

export interface JsonProblem {
  /** 0-based offset into the text. */
  offset: number;
  message: string;
}

export interface LineColumn {
  line: number;
  column: number;
}

/** 1-based line and column of a 0-based offset. */
export function lineColumnAt(text: string, offset: number): LineColumn {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * Parse JSON, or throw a CliError naming `label:line:column` (`firstLine` is the
 * line of `label` where the text starts, for JSON embedded in a larger file).
 * @example parseJsonText('{"a": 1}', 'data.json') // { a: 1 }
 */
export function parseJsonText(text: string, label: string, firstLine = 1): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return JSON.parse(body);
  } catch (e) {
    const problem = findJsonProblem(body) ?? { offset: 0, message: (e as Error).message };
    const at = lineColumnAt(body, problem.offset);
    throw new CliError(`${label}:${at.line + firstLine - 1}:${at.column}  invalid JSON: ${problem.message}`);
  }
}

const WS = new Set([' ', '\t', '\n', '\r']);
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);

class Fail {
  constructor(readonly problem: JsonProblem) {}
}

/** Where `text` stops being valid JSON, or null when it is valid. */
export function findJsonProblem(text: string): JsonProblem | null {
  let i = 0;
  const fail = (message: string, at = i): never => {
    throw new Fail({ offset: at, message });
  };
  const describe = (): string => (i >= text.length ? 'unexpected end of input' : `unexpected character ${JSON.stringify(text[i])}`);
  const ws = () => {
    while (i < text.length && WS.has(text[i])) i++;
  };
  const literal = (word: string) => {
    for (let k = 0; k < word.length; k++, i++) if (text[i] !== word[k]) fail(`${describe()} in literal "${word}"`);
  };
  const string = () => {
    i++;
    for (;;) {
      if (i >= text.length) fail('unterminated string');
      const c = text[i];
      if (c === '"') return void i++;
      if (c.charCodeAt(0) < 0x20) fail('control character in string (use an escape such as \\n)');
      if (c === '\\') {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail('bad \\u escape in string');
          i += 6;
          continue;
        }
        if (e === undefined || !ESCAPES.has(e)) fail('bad escape in string');
        i += 2;
        continue;
      }
      i++;
    }
  };
  const number = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!m) fail('bad number');
    i += m![0].length;
    if (/^[\d.eE+-]/.test(text[i] ?? '')) fail('bad number');
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{') return object();
    if (c === '[') return array();
    if (c === '"') return string();
    if (c === '-' || (c >= '0' && c <= '9')) return number();
    if (c === 't') return literal('true');
    if (c === 'f') return literal('false');
    if (c === 'n') return literal('null');
    fail(i >= text.length ? 'unexpected end of input, expected a value' : `${describe()}, expected a value`);
  };
  const object = () => {
    i++;
    ws();
    if (text[i] === '}') return void i++;
    for (;;) {
      ws();
      if (text[i] !== '"') fail(`${describe()}, expected a double-quoted property name`);
      string();
      ws();
      if (text[i] !== ':') fail(`${describe()}, expected ':' after a property name`);
      i++;
      value();
      ws();
      if (text[i] === ',') i++;
      else if (text[i] === '}') return void i++;
      else fail(`${describe()}, expected ',' or '}' after a property value`);
    }
  };
  const array = () => {
    i++;
    ws();
    if (text[i] === ']') return void i++;
    for (;;) {
      value();
      ws();
      if (text[i] === ',') i++;
      else if (text[i] === ']') return void i++;
      else fail(`${describe()}, expected ',' or ']' after an array element`);
    }
  };
  try {
    value();
    ws();
    if (i < text.length) fail('unexpected text after the JSON value');
    return null;
  } catch (e) {
    if (e instanceof Fail) return e.problem;
    throw e;
  }
}
