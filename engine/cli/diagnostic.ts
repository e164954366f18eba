/**
 * Template errors as authors read them: `file:line:column  code  message`,
 * then the source line with a caret under the offending text (LiquidJS style).
 */
import type { TemplateError } from '../index.js';

export type { TemplateError };

/** How far the marker reaches: a whole `{...}` instruction when the column points at one, else the name there. */
function markerWidth(text: string, start: number): number {
  if (text[start] === '{') {
    const close = text.indexOf('}', start);
    return close === -1 ? text.length - start : close - start + 1;
  }
  return /^[^\s{}|,:;]*/.exec(text.slice(start))![0].length || 1;
}

/**
 * @example formatDiagnostic('a.html', 'x{y|nope}', { code: 'E', message: 'm', line: 1, column: 2 })
 * // "a.html:1:2  E  m\n    1 | x{y|nope}\n      |  ^~~~~~~~\n"
 */
export function formatDiagnostic(file: string, source: string, error: TemplateError): string {
  const line = Math.max(1, error.line || 1);
  const column = Math.max(1, error.column || 1);
  const head = `${file}:${line}:${column}  ${error.code}  ${error.message}\n`;
  const text = source.split('\n')[line - 1];
  if (text === undefined) return head;
  const shown = text.replace(/\r$/, '');
  const start = Math.min(column - 1, shown.length);
  const gutter = String(line).padStart(5);
  // Keep tabs so the caret lines up with the source however the terminal renders them.
  const pad = shown.slice(0, start).replace(/[^\t]/g, ' ');
  const width = Math.max(1, Math.min(markerWidth(shown, start), 200));
  return `${head}${gutter} | ${shown}\n${' '.repeat(gutter.length)} | ${pad}^${'~'.repeat(width - 1)}\n`;
}

/** Drop repeats (same code, message and position), keeping the first of each. */
export function uniqueErrors<E extends TemplateError>(errors: readonly E[]): E[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const key = `${e.line}:${e.column}:${e.code}:${e.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
