import { z } from 'zod';

/**
 * SPEC §5 Dataset caps (the SPEC leaves the values open): a chart holds at most
 * `MAX_ROWS` rows and `MAX_COLUMNS` value columns besides the label column. A paste or
 * import keeps the first ones and says so; a save over the caps is refused.
 */
export const MAX_ROWS = 100;
export const MAX_COLUMNS = 8;

/** SPEC §5 editor messages of a dataset (the missing-data one is the SPEC's exact text). */
export const DATASET_MESSAGES = {
  empty: 'A chart needs at least one row and one column of data.',
  missing: 'One or more rows was missing data',
  rowsCut: `The data had more than ${MAX_ROWS} rows: only the first ${MAX_ROWS} are kept.`,
  columnsCut: `The data had more than ${MAX_COLUMNS} value columns: only the first ${MAX_COLUMNS} are kept.`,
  rowWidth: 'Each row needs one value (or an empty one) per column.',
  tooManyRows: `A chart holds at most ${MAX_ROWS} rows.`,
  tooManyColumns: `A chart holds at most ${MAX_COLUMNS} value columns.`,
} as const;

const cellText = z.string().max(100);

/**
 * A chart's data: `header` is the header row (the label column's name, then one name per
 * value column), each row a label and one number per value column (null: no value).
 */
export const datasetSchema = z
  .strictObject({
    header: z.array(cellText).min(2, DATASET_MESSAGES.empty).max(MAX_COLUMNS + 1, DATASET_MESSAGES.tooManyColumns),
    rows: z
      .array(z.strictObject({ label: cellText, values: z.array(z.number().finite().nullable()).max(MAX_COLUMNS) }))
      .min(1, DATASET_MESSAGES.empty)
      .max(MAX_ROWS, DATASET_MESSAGES.tooManyRows),
  })
  .refine((d) => d.rows.every((r) => r.values.length === d.header.length - 1), { message: DATASET_MESSAGES.rowWidth, path: ['rows'] });

export type Dataset = z.output<typeof datasetSchema>;

/** What a new chart shows until the owner pastes their own data. */
export const SAMPLE_DATASET: Dataset = {
  header: ['Month', 'Mugs', 'Bowls'],
  rows: [
    { label: 'March', values: [24, 12] },
    { label: 'April', values: [31, 18] },
    { label: 'May', values: [28, 22] },
  ],
};

/** The separators of `locale`'s numbers: '1,234.5' in en-US, '1.234,5' in de-DE, '1 234,5' in fr-FR. */
function separators(locale: string): { group: string; decimal: string } {
  let parts: Intl.NumberFormatPart[];
  try {
    parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  } catch {
    parts = new Intl.NumberFormat('en-US').formatToParts(12345.6);
  }
  return { group: parts.find((p) => p.type === 'group')?.value ?? ',', decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.' };
}

/**
 * A number typed the way `locale` writes numbers (SPEC §5: number parsing follows locale
 * rules), or null when the cell holds none. Group separators (and spaces, and a trailing %)
 * are dropped; the locale's decimal separator is the only one taken.
 */
export function parseLocaleNumber(text: string, locale: string): number | null {
  const { group, decimal } = separators(locale);
  let s = text.trim().replace(/%$/, '').trim();
  if (s === '') return null;
  // Any kind of space separates groups in locales that group with a (narrow, no-break) space.
  s = s.replace(/[\s\u00a0\u202f]/g, '');
  if (group.trim() !== '') s = s.split(group).join('');
  if (decimal !== '.') {
    if (s.includes('.')) return null;
    s = s.split(decimal).join('.');
  }
  s = s.replace(/^\u2212/, '-');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** A parsed paste or import: the dataset (undefined when there is none) and the notices to show. */
export interface DatasetParse {
  dataset: Dataset | undefined;
  notices: string[];
}

/**
 * The dataset of a table of cells (the first line is the header row, the first column the
 * labels), cut to the caps with a notice each, and 'One or more rows was missing data' when
 * a row is short or a value cell holds no number.
 */
export function datasetFromCells(cells: readonly (readonly string[])[], locale: string): DatasetParse {
  const lines = cells.filter((line) => line.some((cell) => cell.trim() !== ''));
  const notices: string[] = [];
  const [head, ...body] = lines;
  if (!head || head.length < 2 || body.length === 0) return { dataset: undefined, notices: [DATASET_MESSAGES.empty] };
  let width = head.length - 1;
  if (width > MAX_COLUMNS) {
    width = MAX_COLUMNS;
    notices.push(DATASET_MESSAGES.columnsCut);
  }
  let rows = body;
  if (rows.length > MAX_ROWS) {
    rows = rows.slice(0, MAX_ROWS);
    notices.push(DATASET_MESSAGES.rowsCut);
  }
  let missing = false;
  const cut = (text: string) => text.trim().slice(0, 100);
  const dataset: Dataset = {
    header: head.slice(0, width + 1).map(cut),
    rows: rows.map((line) => {
      const values = Array.from({ length: width }, (_, i) => parseLocaleNumber(line[i + 1] ?? '', locale));
      if (values.some((v) => v === null)) missing = true;
      return { label: cut(line[0] ?? ''), values };
    }),
  };
  if (missing) notices.push(DATASET_MESSAGES.missing);
  return { dataset, notices };
}

/** The notices a stored dataset still deserves (shown in the panel for data saved earlier). */
export function datasetNotices(dataset: Dataset): string[] {
  return dataset.rows.some((r) => r.values.some((v) => v === null)) ? [DATASET_MESSAGES.missing] : [];
}
