import Papa from 'papaparse';

/** The largest CSV file an import reads (bytes of UTF-8). */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
/** The most data rows (after the header) an import reads. */
export const MAX_IMPORT_ROWS = 10_000;

export const CSV_MESSAGES = {
  tooLarge: 'The file is too large. A CSV import is at most 10 MB.',
  tooManyRows: `A CSV import holds at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows; split the file.`,
  empty: 'The file is empty. Choose a CSV file with a header row.',
  unterminatedQuote: 'A quoted cell starts here and is never closed (a missing closing quote ").',
  strayQuote: 'A quote " inside a quoted cell must be doubled ("").',
  wrongCellCount: (found: number, expected: number) => `This row has ${found} cells; the header has ${expected}.`,
  duplicateHeader: (name: string) => `The column ${name} appears twice in the header.`,
} as const;

/** A record of the file and the physical line it starts on (1-based; quoted newlines count). */
export interface CsvRow {
  line: number;
  cells: string[];
}

export interface CsvProblem {
  line: number;
  column?: string | undefined;
  message: string;
}

export interface ParsedCsv {
  delimiter: ',' | ';';
  header: string[];
  rows: CsvRow[];
  /** Problems of the file's shape (quoting, cell counts); empty when it parsed cleanly. */
  errors: CsvProblem[];
}

/** The start offset of every line of `text`, for offset → line lookups. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** The 1-based line holding `offset` (binary search over the line starts). */
function lineAt(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** Comma or semicolon: whichever the header line has more of outside quotes (a comma on a tie). */
function detectDelimiter(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ',') commas++;
    else if (!quoted && ch === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

/**
 * A spreadsheet export's formula guard (edge/services/csv.ts writes `'=x` for `=x`): the
 * apostrophe goes again on import so that an exported catalogue reads back as it was.
 */
export function unguardCell(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/**
 * Reads a CSV file as records with their physical line numbers: the UTF-8 BOM dropped, the
 * delimiter (comma or semicolon) taken from the header line, quoted cells may span lines
 * (the next record's line counts them). Broken quoting and rows whose cell count differs
 * from the header's are problems at their line; blank lines are skipped. Throws nothing:
 * a file past MAX_IMPORT_ROWS reports `tooManyRows` at the first extra row and stops.
 */
export function parseCsv(input: string): ParsedCsv {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const delimiter = detectDelimiter(text);
  const starts = lineStarts(text);
  const records: CsvRow[] = [];
  const errors: CsvProblem[] = [];
  let offset = 0;
  let stopped = false;
  Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: false,
    step(result, parser) {
      // The record starts at the first non-newline character after the previous one's end.
      let start = offset;
      while (text[start] === '\r' || text[start] === '\n') start++;
      offset = result.meta.cursor;
      const line = lineAt(starts, start);
      for (const err of result.errors) {
        if (err.type !== 'Quotes') continue;
        const at = typeof err.index === 'number' ? lineAt(starts, err.index) : line;
        errors.push({ line: at, message: err.code === 'MissingQuotes' ? CSV_MESSAGES.unterminatedQuote : CSV_MESSAGES.strayQuote });
      }
      const cells = result.data;
      if (cells.length === 1 && cells[0] === '') return;
      if (records.length > MAX_IMPORT_ROWS) {
        errors.push({ line, message: CSV_MESSAGES.tooManyRows });
        stopped = true;
        parser.abort();
        return;
      }
      records.push({ line, cells: cells.map(unguardCell) });
    },
  });
  const [head, ...rows] = records;
  if (!head) return { delimiter, header: [], rows: [], errors: errors.length ? errors : [{ line: 1, message: CSV_MESSAGES.empty }] };
  const header = head.cells.map((h) => h.trim());
  const seen = new Set<string>();
  for (const name of header) {
    if (name !== '' && seen.has(name.toLowerCase())) errors.push({ line: head.line, column: name, message: CSV_MESSAGES.duplicateHeader(name) });
    seen.add(name.toLowerCase());
  }
  if (!stopped) {
    for (const row of rows) {
      // A trailing empty cell (a line ending in the delimiter) is forgiven.
      const n = row.cells.length === header.length + 1 && row.cells.at(-1) === '' ? header.length : row.cells.length;
      if (n !== header.length) errors.push({ line: row.line, message: CSV_MESSAGES.wrongCellCount(row.cells.length, header.length) });
    }
  }
  errors.sort((a, b) => a.line - b.line);
  return { delimiter, header, rows, errors };
}
