import { ApiError } from '../../errors.js';
import { assertJsonDepth } from '../../lib/json-depth.js';
import { CART_MESSAGES } from '../../../domain/messages/cart-messages.js';
import { FORM_MESSAGES, type FormMessages } from '../../../domain/messages/form-messages.js';
import type { FormField, SanitizedValue } from '../../../domain/forms/form-field.js';
import { FormParseError, sanitizeSubmission } from '../../../domain/forms/sanitize.js';
import { isFieldType } from '../../../domain/forms/field-types.js';
import { sha256Hex } from './tokens.js';

/** JSON with object keys sorted, so equal answers give equal text (and equal line keys). */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/**
 * SPEC §7 sends additionalFields as JSON text; an object (or null) is taken too. Returns
 * canonical JSON text, or null when there are none.
 */
export function normaliseAdditionalFields(input: string | Record<string, unknown> | null | undefined): string | null {
  if (input === null || input === undefined || input === '') return null;
  let value: unknown = input;
  if (typeof input === 'string') {
    // JSON inside the JSON body: bounded like the body itself (issue 33, finding 4).
    assertJsonDepth(input, 'additionalFields');
    try {
      value = JSON.parse(input);
    } catch {
      throw new ApiError(400, 'invalid_request', CART_MESSAGES.additionalFieldsJson, { fields: { additionalFields: CART_MESSAGES.additionalFieldsJson } });
    }
  }
  if (value === null) return null;
  return JSON.stringify(canonical(value));
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

const isBlank = (value: SanitizedValue) =>
  typeof value === 'string' ? value === '' : Array.isArray(value) ? value.every((v) => v === '') : Object.keys(value).length === 0;

/** The messages of an answers check: the forms' (SPEC §5/§8) and the cart's own for an unknown field, in one language. */
export interface AdditionalFieldsMessages {
  form: FormMessages;
  unknownField: string;
}

const ENGLISH: AdditionalFieldsMessages = { form: FORM_MESSAGES, unknownField: CART_MESSAGES.additionalFieldUnknown };

/**
 * Checks a cart entry's answers (canonical JSON text from normaliseAdditionalFields, or null)
 * against the product's additional-fields form, the way a form submission is checked (SPEC §5,
 * issue 33 finding 4b): an object of field id -> answer, every required field answered, each
 * answer of its field's type, within its length and among its options; a key that is no field
 * of the form is refused, and a product without a form takes no answers. 400 with the SPEC §8
 * form messages and an errors map (field id -> message) as the form API gives it. Returns the
 * sanitized answers (trimmed, blank optional answers left out) as canonical JSON text, or null.
 */
export function checkAdditionalFields(form: readonly FormField[] | null, fields: string | null, texts: AdditionalFieldsMessages = ENGLISH): string | null {
  const { form: m, unknownField } = texts;
  const value: unknown = fields === null ? null : JSON.parse(fields);
  if (value !== null && !isPlainObject(value)) {
    throw new ApiError(400, 'unparsable_form', m.cannotParse, { fields: { additionalFields: m.cannotParse } });
  }
  const raw = value ?? {};
  const known = new Set((form ?? []).filter((f) => isFieldType(f.type) && f.type !== 'section').map((f) => f.id));
  const errors: Record<string, string> = {};
  for (const key of Object.keys(raw)) if (!known.has(key)) errors[key] = unknownField;
  if (!form) return refuseOr(errors, null, m);
  let sanitized: ReturnType<typeof sanitizeSubmission>;
  try {
    sanitized = sanitizeSubmission(form, raw, m);
  } catch (err) {
    if (!(err instanceof FormParseError)) throw err;
    throw new ApiError(400, 'unparsable_form', m.cannotParse, { fields: { [err.fieldId]: m.cannotParse } });
  }
  Object.assign(errors, sanitized.errors);
  const answers = Object.entries(sanitized.values).filter(([, v]) => !isBlank(v));
  return refuseOr(errors, answers.length === 0 ? null : JSON.stringify(canonical(Object.fromEntries(answers))), m);
}

function refuseOr(errors: Record<string, string>, answers: string | null, m: FormMessages): string | null {
  if (Object.keys(errors).length > 0) throw new ApiError(400, 'invalid_fields', m.invalidFields, { fields: errors, extra: { errors } });
  return answers;
}

/** The identity of a cart line: the same item, variant and answers add up on one entry. */
export function lineKey(itemId: string, sku: string | null, fields: string | null): Promise<string> {
  return sha256Hex(JSON.stringify([itemId, sku, fields]));
}

export function parseStoredFields(text: string | null): unknown {
  return text === null ? null : JSON.parse(text);
}
