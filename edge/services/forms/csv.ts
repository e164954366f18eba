import type { FormField } from '../../../domain/forms/form-field.js';
import { csvLine } from '../csv.js';
import type { Db } from '../db.js';
import { listSubmissions, type SubmissionQuery } from './owner-submissions.js';

/** A sanitized value as one cell: parts joined by spaces, lists by commas, likert as "question: answer". */
export function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.filter((v) => v !== '').join(', ');
  if (typeof value === 'object') return Object.entries(value).map(([q, a]) => `${q}: ${String(a)}`).join('; ');
  return String(value);
}

/**
 * The export of submissions as CSV lines (services/csv.ts writes the cells), newest first,
 * read page by page along the listing's cursor. With one form: a header of its field titles
 * (sections skipped), then its submissions. Across all forms: Submitted, Form, Status and one
 * Values cell of "field: value" pairs (forms have different fields).
 */
export async function* submissionsCsv(
  db: Db,
  websiteId: string,
  q: Omit<SubmissionQuery, 'cursor' | 'pageSize'>,
  fields?: readonly FormField[],
): AsyncGenerator<string> {
  const columns = fields?.filter((f) => f.type !== 'section');
  yield csvLine(columns ? ['Submitted', 'Status', ...columns.map((f) => f.title)] : ['Submitted', 'Form', 'Status', 'Values']);
  let cursor: string | undefined;
  do {
    const page = await listSubmissions(db, websiteId, { ...q, cursor, pageSize: 200 });
    yield page.rows
      .map((r) =>
        csvLine(
          columns
            ? [new Date(r.createdOn).toISOString(), r.status, ...columns.map((f) => cellText(r.values[f.id]))]
            : [new Date(r.createdOn).toISOString(), r.formName, r.status, Object.entries(r.values).map(([id, v]) => `${id}: ${cellText(v)}`).join('; ')],
        ),
      )
      .join('');
    cursor = page.nextPageCursor ?? undefined;
  } while (cursor);
}
