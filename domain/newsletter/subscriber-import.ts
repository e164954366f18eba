/**
 * SPEC §4 mailing list import: a CSV of addresses with a consent column (required: the
 * owner states each person agreed). Rows are judged one by one; any problem names its line.
 */
import { isGeneralEmail, normalizeEmail } from '../forms/email.js';
import { parseCsv, unguardCell, type CsvProblem } from '../catalog/csv-parse.js';

export const IMPORT_MESSAGES = {
  emailColumn: 'The file needs an email column (a header named email).',
  consentColumn: 'The file needs a consent column (a header named consent) saying yes for each person who agreed to be mailed.',
  badEmail: (value: string) => `${value || 'An empty cell'} is not a valid email address.`,
  noConsent: (value: string) => `Consent is "${value}": only people who said yes can be imported (yes, true, 1 or y).`,
  duplicate: (email: string, line: number) => `${email} is already on line ${line}.`,
  noRows: 'The file has a header but no addresses.',
} as const;

const YES = new Set(['yes', 'y', 'true', '1', 'opted in', 'opt-in']);
const NO = new Set(['no', 'n', 'false', '0', '']);

export interface ImportedSubscriber {
  line: number;
  email: string;
}

export interface SubscriberImport {
  subscribers: ImportedSubscriber[];
  errors: CsvProblem[];
}

/** Reads the file; `errors` empty means every row can be imported. */
export function readSubscriberCsv(text: string): SubscriberImport {
  const parsed = parseCsv(text);
  if (parsed.errors.length > 0) return { subscribers: [], errors: parsed.errors };
  const header = parsed.header.map((h) => h.trim().toLowerCase());
  const emailAt = header.findIndex((h) => h === 'email' || h === 'email address' || h === 'e-mail');
  const consentAt = header.indexOf('consent');
  const errors: CsvProblem[] = [];
  if (emailAt === -1) errors.push({ line: 1, message: IMPORT_MESSAGES.emailColumn });
  if (consentAt === -1) errors.push({ line: 1, message: IMPORT_MESSAGES.consentColumn });
  if (errors.length > 0) return { subscribers: [], errors };
  if (parsed.rows.length === 0) return { subscribers: [], errors: [{ line: 1, message: IMPORT_MESSAGES.noRows }] };
  const seen = new Map<string, number>();
  const subscribers: ImportedSubscriber[] = [];
  for (const row of parsed.rows) {
    const raw = unguardCell((row.cells[emailAt] ?? '').trim());
    const consent = (row.cells[consentAt] ?? '').trim().toLowerCase();
    if (!isGeneralEmail(raw)) {
      errors.push({ line: row.line, column: 'email', message: IMPORT_MESSAGES.badEmail(raw) });
      continue;
    }
    if (!YES.has(consent)) {
      errors.push({ line: row.line, column: 'consent', message: IMPORT_MESSAGES.noConsent(NO.has(consent) ? consent || 'empty' : consent) });
      continue;
    }
    const email = normalizeEmail(raw);
    const first = seen.get(email.toLowerCase());
    if (first !== undefined) {
      errors.push({ line: row.line, column: 'email', message: IMPORT_MESSAGES.duplicate(email, first) });
      continue;
    }
    seen.set(email.toLowerCase(), row.line);
    subscribers.push({ line: row.line, email });
  }
  return { subscribers, errors };
}
