/**
 * A form posted without JavaScript (SPEC progressive enhancement): the server-rendered
 * form's own fields, form-encoded, read back into the raw shape the form island sends
 * (so one sanitizer judges both), and the single-use key the server mints for it.
 */
import type { FormField, SanitizedValue } from '../../../domain/forms/form-field.js';
import { HONEYPOT_FIELD } from '../../../domain/forms/bot-defence.js';
import { FIELD_TYPES, isFieldType, type FieldTypeSpec } from '../../../domain/forms/field-types.js';
import { sha256Hex } from './hash.js';
import { KEY_TTL_MS } from './keys.js';

/** A form body as Hono's `parseBody({ all: true })` gives it (files are ignored). */
export type PostedBody = Record<string, string | File | (string | File)[]>;

function all(body: PostedBody, name: string): string[] {
  const value = body[name];
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.filter((v): v is string => typeof v === 'string');
}

const first = (body: PostedBody, name: string): string | undefined => all(body, name)[0];

/**
 * The raw values of `fields` from a posted body, named as the theme's form-field partial
 * names its inputs: `id`, `id.part` for multi-part fields, `id:question` for likert rows,
 * repeated `id` for checkboxes; plus the honeypot under its reserved id.
 * @example rawFromPost([{ id: 'name', type: 'name', title: 'Name' }], { 'name.first': 'Ada' }) // { name: ['Ada', ''] }
 */
export function rawFromPost(fields: readonly FormField[], body: PostedBody): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const field of fields) {
    if (!isFieldType(field.type)) continue;
    const spec: FieldTypeSpec = FIELD_TYPES[field.type];
    if (spec.parts) raw[field.id] = spec.parts.map((part) => first(body, `${field.id}.${part}`) ?? '');
    else if (spec.shape === 'likert') {
      const answers: Record<string, string> = {};
      for (const question of field.options ?? []) {
        const answer = first(body, `${field.id}:${question}`);
        if (answer !== undefined) answers[question] = answer;
      }
      raw[field.id] = answers;
    } else if (spec.shape === 'checkbox') raw[field.id] = all(body, field.id);
    else {
      const value = first(body, field.id);
      if (value !== undefined) raw[field.id] = value;
    }
  }
  const honeypot = first(body, HONEYPOT_FIELD);
  if (honeypot !== undefined) raw[HONEYPOT_FIELD] = honeypot;
  return raw;
}

/**
 * When the visitor's clock started: the `crumbAt` cookie (set with their crumb on their
 * first page here, outside the page cache), kept within the key lifetime. A missing or
 * future value counts as "just now", so the time-to-fill check holds the post. It is when
 * the visit began rather than when this form was shown (cached pages cannot say that), so
 * it is lenient for visitors who browsed first; the honeypot and rate budgets carry the
 * rest (docs/api/forms.md, no-JavaScript posts).
 */
export function renderedAt(stamp: string | undefined, now: number): number {
  const at = Number(stamp);
  if (!stamp || !Number.isSafeInteger(at) || at > now) return now;
  return Math.max(at, now - KEY_TTL_MS + 60_000);
}

/**
 * The key of a no-JS submission: derived from the visitor, the form, the render stamp
 * and the values, so the same post sent twice (a reload, a double click) is the same key
 * and stores once (the key is single-use), while a new message is a new key.
 */
export async function plainFormKey(visitorHash: string, formId: string, stamp: number, values: Record<string, SanitizedValue>): Promise<string> {
  return `plain-${await sha256Hex(JSON.stringify([visitorHash, formId, stamp, values]))}`;
}

/** Where a successful post goes back to: a path of this site only (no open redirect). */
export function samePath(path: string | undefined): string {
  return path && /^\/(?![/\\])[^\s]*$/.test(path) && path.length <= 2083 ? path : '/';
}
