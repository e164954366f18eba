/**
 * SPEC §3 form field: `type` is one of the field types of field-types.ts. Stored as JSON
 * in the forms table (schema/forms.ts), sanitized in the worker and the form island.
 */
export interface FormField {
  id: string;
  type: string;
  title: string;
  required?: boolean;
  description?: string;
  placeholder?: string;
  options?: string[];
  [key: string]: unknown;
}

/** A sanitized value (SPEC §3): text, a list of sub-values or checked values, or a likert map. */
export type SanitizedValue = string | string[] | Record<string, string>;
