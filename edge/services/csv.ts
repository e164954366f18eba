/**
 * The owner's CSV exports (orders, form submissions, customers) write through here: RFC 4180
 * quoting, the formula-injection guard, and a UTF-8 byte order mark first so that Excel reads
 * non-ASCII text (names, addresses) as UTF-8 rather than the system's legacy code page.
 */

/** The UTF-8 byte order mark, the first thing every export sends. */
export const CSV_BOM = '\uFEFF';

// A spreadsheet runs a cell that starts with one of these as a formula (OWASP "CSV injection").
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote, CR or LF, quotes doubled.
 * Text that a spreadsheet would run as a formula (starting with =, +, -, @, tab or CR) gets a
 * leading apostrophe first, so an email such as `=HYPERLINK(...)@x.test` stays text. Numbers
 * are written as they are; booleans as yes/no; null and undefined as an empty cell.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** One CSV record with its CRLF. */
export const csvLine = (cells: readonly (string | number | boolean | null | undefined)[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * A download of `lines` (each a whole number of CSV records, the first usually the header),
 * streamed as they come with the BOM first: memory stays one page of rows however long the export.
 */
export function csvDownload(lines: AsyncGenerator<string>, filename: string): Response {
  const encoder = new TextEncoder();
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(CSV_BOM));
        return;
      }
      const next = await lines.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '')}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
