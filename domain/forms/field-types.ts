/**
 * SPEC §3 form field types: how each one's value is shaped once sanitized, which of its
 * parts a required field must fill, and which properties the editor may set on it.
 * One literal table, read by the sanitizer, the theme context and GetTemplateSchema.
 */
export type ValueShape = 'single' | 'parts' | 'phone' | 'checkbox' | 'choice' | 'likert' | 'hidden' | 'none';

export interface FieldTypeSpec {
  shape: ValueShape;
  /** Names of the sub-values of a multi-part field, in payload order. */
  parts?: readonly string[];
  /** Indexes into `parts` that a required field must fill. */
  requiredParts?: readonly number[];
  /** SPEC §3 "editable properties" of the type (besides title). */
  properties: readonly string[];
}

const TEXT_PROPS = ['description', 'placeholder', 'required'] as const;

export const FIELD_TYPES = {
  text: { shape: 'single', properties: TEXT_PROPS },
  // SPEC §3: textarea also gets maxLength (when the character-limit flag is on).
  textarea: { shape: 'single', properties: [...TEXT_PROPS, 'maxLength'] },
  email: { shape: 'single', properties: TEXT_PROPS },
  number: { shape: 'single', properties: TEXT_PROPS },
  website: { shape: 'single', properties: TEXT_PROPS },
  currency: { shape: 'single', properties: ['description', 'currencySymbol', 'required'] },
  phone: {
    shape: 'phone',
    parts: ['country', 'areaCode', 'prefix', 'line'],
    requiredParts: [1, 2, 3],
    properties: ['description', 'showCountryCode', 'required'],
  },
  name: { shape: 'parts', parts: ['first', 'last'], requiredParts: [0, 1], properties: ['description', 'required'] },
  address: {
    shape: 'parts',
    parts: ['line1', 'line2', 'city', 'state', 'zip', 'country'],
    requiredParts: [0, 2, 3, 4, 5],
    properties: ['description', 'required'],
  },
  date: { shape: 'parts', parts: ['month', 'day', 'year'], requiredParts: [0, 1, 2], properties: ['description', 'required'] },
  time: {
    shape: 'parts',
    parts: ['hour', 'minute', 'second', 'ampm'],
    requiredParts: [0, 1, 3],
    properties: ['description', 'required'],
  },
  section: { shape: 'none', properties: ['description', 'underline'] },
  radio: { shape: 'choice', properties: ['description', 'options', 'required'] },
  checkbox: { shape: 'checkbox', properties: ['description', 'options', 'required'] },
  select: { shape: 'choice', properties: ['description', 'options', 'required'] },
  likert: { shape: 'likert', properties: ['description', 'options', 'required'] },
  hidden: { shape: 'hidden', properties: ['key', 'value'] },
} as const satisfies Record<string, FieldTypeSpec>;

export type FieldType = keyof typeof FIELD_TYPES;

export function isFieldType(type: string): type is FieldType {
  return Object.hasOwn(FIELD_TYPES, type);
}

/** SPEC §8 likert answer fallbacks, in scale order (a site's localized strings may rename them). */
export const LIKERT_ANSWERS = ['Strongly Disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly Agree'] as const;

/** SPEC §3 form model tabs, in editor order. */
export const FORM_MODEL_TABS = ['build', 'storage', 'advanced', 'captcha', 'disclaimer'] as const;
