/**
 * The form builder's draft: the SPEC §3 form model (domain/forms/form-model.ts) as the screen
 * edits it, new fields per type with only their GetTemplateSchema properties, and moves.
 */
import type { FormFieldInput, FormModel } from '../../../../domain/forms/form-model.js';
import { FIELD_TYPES, type FieldType } from '../../../../domain/forms/field-types.js';

export type DraftField = FormFieldInput;

export interface BuilderForm extends FormModel {
  id: string;
  version: number;
}

/** What the add-field menu offers, in SPEC §3 order, with the names people know them by. */
export const FIELD_LABELS: Record<FieldType, string> = {
  text: 'Text', textarea: 'Text area', email: 'Email', number: 'Number', website: 'Website', currency: 'Currency', phone: 'Phone',
  name: 'Name', address: 'Address', date: 'Date', time: 'Time', section: 'Section', radio: 'Radio buttons', checkbox: 'Checkboxes',
  select: 'Drop-down', likert: 'Likert survey', hidden: 'Hidden',
};

export const FIELD_TYPE_NAMES = Object.keys(FIELD_TYPES) as FieldType[];

/** A fresh field id of a type not used by `fields` yet (`email`, `email-2`, …). */
export function freshFieldId(type: string, fields: readonly DraftField[]): string {
  const taken = new Set(fields.map((f) => f.id));
  if (!taken.has(type)) return type;
  let n = 2;
  while (taken.has(`${type}-${n}`)) n += 1;
  return `${type}-${n}`;
}

/** A new field of `type` with its type's properties at their starting values. */
export function newField(type: FieldType, fields: readonly DraftField[]): DraftField {
  const id = freshFieldId(type, fields);
  const field: DraftField = { id, type, title: type === 'hidden' ? '' : FIELD_LABELS[type] };
  const props = FIELD_TYPES[type].properties as readonly string[];
  if (props.includes('options')) field.options = type === 'likert' ? ['Question 1'] : ['Option 1', 'Option 2'];
  if (props.includes('currencySymbol')) field.currencySymbol = '$';
  if (type === 'hidden') Object.assign(field, { key: id, value: '' });
  return field;
}

/** `list` with the item at `from` moved to `to`. */
export function moveField<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** A blank contact form for /config/forms/new. */
export function blankModel(): FormModel {
  return {
    name: 'Contact form',
    kind: 'contact',
    build: { fields: [] },
    storage: { email: { enabled: false, to: '', cc: '', bcc: '', subject: '' }, mailingList: { enabled: false, listId: null } },
    advanced: { submitLabel: 'Submit', successText: 'Thank you!', successUrl: '', postSubmitHtml: '' },
    captcha: { enabled: false },
    disclaimer: { text: '' },
  };
}

/** The body a save sends: the model only (no id or version; those travel in the URL and If-Match). */
export function modelBody(form: FormModel): FormModel {
  const { name, kind, build, storage, advanced, captcha, disclaimer } = form;
  return { name, kind, build, storage, advanced, captcha, disclaimer };
}
