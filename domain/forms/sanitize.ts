import type { FormField, SanitizedValue } from './form-field.js';
import { isFormEmail } from './email.js';
import { FIELD_TYPES, LIKERT_ANSWERS, isFieldType, type FieldTypeSpec } from './field-types.js';
import { FORM_MESSAGES, type FormMessages } from '../messages/form-messages.js';
import { checkFormat } from './value-formats.js';

/** The submission could not be read at all (wrong JSON shapes): SPEC §8 'Could not parse…'. */
export class FormParseError extends Error {
  override readonly name = 'FormParseError';
  constructor(readonly fieldId: string) {
    super(FORM_MESSAGES.cannotParse);
  }
}

export interface SanitizeResult {
  values: Record<string, SanitizedValue>;
  /** Field id -> the SPEC §5 message for it; empty when every field is valid. */
  errors: Record<string, string>;
}

// Any one value longer than this is refused like an over-long textarea (the body guard caps the whole).
const MAX_VALUE_LENGTH = 10_000;

function text(raw: unknown, fieldId: string): string {
  if (raw === undefined || raw === null) return '';
  if (typeof raw === 'string') return raw.trim();
  if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
  throw new FormParseError(fieldId);
}

function list(raw: unknown, fieldId: string): string[] {
  if (raw === undefined || raw === null) return [];
  if (typeof raw === 'string') return [raw.trim()];
  if (!Array.isArray(raw)) throw new FormParseError(fieldId);
  return raw.map((part) => text(part, fieldId));
}

function parts(raw: unknown, spec: FieldTypeSpec, fieldId: string): string[] {
  const given = list(raw, fieldId);
  const size = spec.parts!.length;
  // SPEC §3: a phone of 3 parts (no country code shown) is padded with a leading empty entry.
  const aligned = spec.shape === 'phone' && given.length === size - 1 ? ['', ...given] : given;
  if (aligned.length > size) throw new FormParseError(fieldId);
  return Array.from({ length: size }, (_, i) => aligned[i] ?? '');
}

function likert(raw: unknown, field: FormField): Record<string, string> {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new FormParseError(field.id);
  const questions = new Set(field.options ?? []);
  const out: Record<string, string> = {};
  for (const [question, answer] of Object.entries(raw)) {
    const value = text(Array.isArray(answer) ? answer[0] : answer, field.id);
    // SPEC §3: only questions that have answers.
    if (questions.has(question) && value) out[question] = value;
  }
  return out;
}

function sanitizeOne(field: FormField, raw: unknown, spec: FieldTypeSpec): SanitizedValue {
  switch (spec.shape) {
    case 'parts':
    case 'phone':
      return parts(raw, spec, field.id);
    case 'checkbox':
      return list(raw, field.id).filter(Boolean);
    case 'choice':
      // SPEC §3: radio gives the first checked value, select the selected one.
      return Array.isArray(raw) ? text(raw[0], field.id) : text(raw, field.id);
    case 'likert':
      return likert(raw, field);
    case 'hidden': {
      // SPEC §3: the page's query value under the field's name (sent by the page), else its default.
      const sent = text(raw, field.id);
      return sent || String(field['value'] ?? '');
    }
    default:
      return text(raw, field.id);
  }
}

function isEmpty(value: SanitizedValue): boolean {
  if (typeof value === 'string') return value === '';
  if (Array.isArray(value)) return value.every((v) => v === '');
  return Object.keys(value).length === 0;
}

function problem(field: FormField, value: SanitizedValue, spec: FieldTypeSpec, M: FormMessages): string | undefined {
  const required = field.required === true;
  if (spec.shape === 'likert') {
    const answers = value as Record<string, string>;
    if (Object.values(answers).some((a) => !(LIKERT_ANSWERS as readonly string[]).includes(a))) return M.optionInvalid;
    const missing = (field.options ?? []).some((q) => !(q in answers));
    return required && missing ? M.likertMissing : undefined;
  }
  if (isEmpty(value)) return required ? M.required : undefined;
  if (spec.requiredParts && required && spec.requiredParts.some((i) => !(value as string[])[i])) return M.required;
  const strings = typeof value === 'string' ? [value] : (value as string[]);
  const limit = typeof field['maxLength'] === 'number' && field['maxLength'] > 0 ? field['maxLength'] : undefined;
  // SPEC §5: a textarea over its max length (code points, as people count characters).
  if (field.type === 'textarea' && limit !== undefined && [...(value as string)].length > limit) return M.tooLong;
  if (strings.some((s) => s.length > MAX_VALUE_LENGTH)) return M.tooLong;
  if (spec.shape === 'choice' || spec.shape === 'checkbox') {
    const options = new Set(field.options ?? []);
    return strings.every((s) => options.has(s)) ? undefined : M.optionInvalid;
  }
  if (field.type === 'email') return isFormEmail(value as string) ? undefined : M.emailInvalid;
  return checkFormat(field.type, value, M);
}

/**
 * Re-validates a submission on the server (SPEC §5) and returns SPEC §3 sanitized values
 * for every field of the form, never trusting the client's shapes: unknown ids are
 * dropped, section items skipped, hidden fields fall back to their defaults.
 * Throws `FormParseError` when a value has an impossible shape. `messages`: the page
 * language's texts (issue 29), English by default.
 * @example sanitizeSubmission(fields, { email: ' a@b.co ' }) // { values: { email: 'a@b.co' }, errors: {} }
 */
export function sanitizeSubmission(fields: readonly FormField[], raw: Record<string, unknown>, messages: FormMessages = FORM_MESSAGES): SanitizeResult {
  const values: Record<string, SanitizedValue> = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    if (!isFieldType(field.type) || field.type === 'section') continue;
    const spec: FieldTypeSpec = FIELD_TYPES[field.type];
    const value = sanitizeOne(field, Object.hasOwn(raw, field.id) ? raw[field.id] : undefined, spec);
    values[field.id] = value;
    const message = problem(field, value, spec, messages);
    if (message) errors[field.id] = message;
  }
  return { values, errors };
}
