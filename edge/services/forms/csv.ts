import type { FormField } from '../../../domain/forms/form-field.js';
import type { SubmissionRow } from './owner-submissions.js';

// A spreadsheet runs a cell that starts with one of these as a formula (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell (RFC 4180 quoting), defused so a visitor's text never runs as a formula. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A sanitized value as one cell: parts joined by spaces, lists by commas, likert as "question: answer". */
export function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.filter((v) => v !== '').join(', ');
  if (typeof value === 'object') return Object.entries(value).map(([q, a]) => `${q}: ${String(a)}`).join('; ');
  return String(value);
}

/**
 * The export of one form's submissions: a header of field titles (sections skipped),
 * then one row per submission with its date and review status.
 */
export function submissionsCsv(fields: readonly FormField[], rows: readonly SubmissionRow[]): string {
  const columns = fields.filter((f) => f.type !== 'section');
  const header = ['Submitted', 'Status', ...columns.map((f) => f.title)];
  const lines = rows.map((r) => [new Date(r.createdOn).toISOString(), r.status, ...columns.map((f) => cellText(r.values[f.id]))]);
  return [header, ...lines].map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
