import { describe, expect, it } from 'vitest';
import { CSV_MESSAGES, MAX_IMPORT_ROWS, parseCsv, unguardCell } from './csv-parse.js';

describe('parseCsv', () => {
  it('drops the BOM and numbers records by their physical line, quoted newlines counted', () => {
    const csv = '\uFEFFHandle,Title\r\nmug,"A mug\r\nover two lines"\r\n\r\nvase,Vase\r\n';
    const parsed = parseCsv(csv);
    expect(parsed.header).toEqual(['Handle', 'Title']);
    expect(parsed.rows).toEqual([
      { line: 2, cells: ['mug', 'A mug\r\nover two lines'] },
      { line: 5, cells: ['vase', 'Vase'] },
    ]);
    expect(parsed.errors).toEqual([]);
  });

  it('reads semicolon-delimited files (commas inside cells stay)', () => {
    const parsed = parseCsv('Handle;Title;Price\nmug;Mug, blue;12,50\n');
    expect(parsed.delimiter).toBe(';');
    expect(parsed.rows[0]!.cells).toEqual(['mug', 'Mug, blue', '12,50']);
  });

  it('reports an unterminated quote at the line it opens on', () => {
    const parsed = parseCsv('Handle,Title\nmug,Mug\nvase,"Vase\nbowl,Bowl\ncup,Cup\n');
    expect(parsed.errors.some((e) => e.line === 3 && e.message === CSV_MESSAGES.unterminatedQuote)).toBe(true);
  });

  it('reports a stray quote and rows with the wrong number of cells by line', () => {
    const parsed = parseCsv('Handle,Title\nmug,Mug\n\nvase,"Va"se"\nbowl\n');
    expect(parsed.errors).toContainEqual({ line: 4, message: CSV_MESSAGES.strayQuote });
    expect(parsed.errors).toContainEqual({ line: 5, message: CSV_MESSAGES.wrongCellCount(1, 2) });
  });

  it('reads 10,000 rows and refuses the 10,001st with its line', () => {
    const rows = Array.from({ length: MAX_IMPORT_ROWS }, (_, i) => `p${i},Product ${i}`);
    const ok = parseCsv(`Handle,Title\n${rows.join('\n')}\n`);
    expect(ok.rows).toHaveLength(MAX_IMPORT_ROWS);
    expect(ok.rows.at(-1)!.line).toBe(MAX_IMPORT_ROWS + 1);
    expect(ok.errors).toEqual([]);
    const over = parseCsv(`Handle,Title\n${rows.join('\n')}\nlast,Last\n`);
    expect(over.errors).toEqual([{ line: MAX_IMPORT_ROWS + 2, message: CSV_MESSAGES.tooManyRows }]);
  });

  it('takes back the formula guard of our exports', () => {
    expect(unguardCell("'=SUM(A1)")).toBe('=SUM(A1)');
    expect(unguardCell("'-50% off")).toBe('-50% off');
    expect(unguardCell("'quoted'")).toBe("'quoted'");
  });

  it('an empty file is a problem at line 1', () => {
    expect(parseCsv('').errors).toEqual([{ line: 1, message: CSV_MESSAGES.empty }]);
  });
});
