import type { z } from 'zod';
import { richTextDoc } from '../../../../blocks/text/rich-text-schema.js';

/**
 * One field of a block's props form, read from its zod schema: the generic panel draws a
 * text input, textarea, number input, checkbox, select, image chooser, rich text editor
 * or repeatable rows of simple fields, so every block type is editable without a custom panel.
 */
export type FieldSpec =
  | { kind: 'text' | 'textarea' | 'image'; key: string; label: string; maxLength?: number | undefined }
  | { kind: 'number'; key: string; label: string; min?: number | undefined; max?: number | undefined; integer: boolean; nullable: boolean }
  | { kind: 'boolean'; key: string; label: string }
  | { kind: 'enum'; key: string; label: string; options: string[] }
  | { kind: 'richtext'; key: string; label: string }
  | { kind: 'rows'; key: string; label: string; fields: FieldSpec[]; max?: number | undefined; blank: Record<string, unknown> }
  | { kind: 'strings'; key: string; label: string; max?: number | undefined };

/** Props whose text is a path to an image of the site get the file manager's picker. */
const IMAGE_KEYS = new Set(['src', 'poster', 'image']);
/** Long texts get a textarea: by name, or when the schema allows more than a line. */
const LONG_KEYS = new Set(['html', 'code', 'markdown', 'description', 'caption', 'body', 'note']);
const LONG_LENGTH = 300;

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  entries?: Record<string, string>;
  defaultValue?: unknown;
}
const defOf = (schema: z.ZodType): Def => (schema as unknown as { def: Def }).def;

/** The schema under defaults, optionals, nullables and pipes; `nullable` when null is allowed. */
function unwrap(schema: z.ZodType): { schema: z.ZodType; nullable: boolean; fallback: unknown } {
  let nullable = false;
  let fallback: unknown;
  for (let i = 0; i < 10; i++) {
    const def = defOf(schema);
    if (def.type === 'nullable') nullable = true;
    if (def.type === 'default' && fallback === undefined) fallback = typeof def.defaultValue === 'function' ? (def.defaultValue as () => unknown)() : def.defaultValue;
    if ((def.type === 'default' || def.type === 'optional' || def.type === 'nullable' || def.type === 'prefault') && def.innerType) schema = def.innerType;
    else if (def.type === 'pipe' && def.in) schema = def.in;
    else break;
  }
  return { schema, nullable, fallback };
}

/** 'thumbnailStripHeight' -> 'Thumbnail strip height'. */
export function labelOf(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[-_]/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function fieldOf(key: string, original: z.ZodType): FieldSpec | undefined {
  if (original === richTextDoc) return { kind: 'richtext', key, label: labelOf(key) };
  const { schema, nullable } = unwrap(original);
  if (schema === richTextDoc) return { kind: 'richtext', key, label: labelOf(key) };
  const def = defOf(schema);
  const label = labelOf(key);
  const bag = schema as unknown as { maxLength?: number | null; minValue?: number | null; maxValue?: number | null; isInt?: boolean; options?: string[]; shape?: Record<string, z.ZodType>; maxLength_?: number };
  switch (def.type) {
    case 'string': {
      const maxLength = bag.maxLength ?? undefined;
      if (IMAGE_KEYS.has(key)) return { kind: 'image', key, label, maxLength };
      const long = LONG_KEYS.has(key) || (!/href|url/i.test(key) && (maxLength ?? Infinity) > LONG_LENGTH);
      return { kind: long ? 'textarea' : 'text', key, label, maxLength };
    }
    case 'number':
      return { kind: 'number', key, label, min: bag.minValue ?? undefined, max: bag.maxValue ?? undefined, integer: bag.isInt === true, nullable };
    case 'boolean':
      return { kind: 'boolean', key, label };
    case 'enum':
      return { kind: 'enum', key, label, options: [...(bag.options ?? Object.values(def.entries ?? {}))] };
    case 'array': {
      const element = def.element ? unwrap(def.element).schema : undefined;
      const max = (schema as unknown as { def: { checks?: { _zod: { def: { check: string; maximum?: number } } }[] } }).def.checks?.find((c) => c._zod.def.check === 'max_length')?._zod.def.maximum;
      if (!element) return undefined;
      const elementDef = defOf(element);
      if (elementDef.type === 'string') return { kind: 'strings', key, label, max };
      if (elementDef.type !== 'object') return undefined;
      const fields = fieldsOf(element);
      return { kind: 'rows', key, label, fields, max, blank: blankOf(element) };
    }
    default:
      return undefined;
  }
}

/** The form fields of an object schema (a block's props), in the schema's order. */
export function fieldsOf(schema: z.ZodType): FieldSpec[] {
  const shape = (unwrap(schema).schema as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
  return Object.entries(shape).flatMap(([key, value]) => {
    const field = fieldOf(key, value);
    return field ? [field] : [];
  });
}

/** A new row for repeatable rows: each field's default, else an empty value of its kind. */
export function blankOf(schema: z.ZodType): Record<string, unknown> {
  const shape = (unwrap(schema).schema as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
  const row: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(shape)) {
    const { fallback } = unwrap(value);
    if (fallback !== undefined) {
      row[key] = structuredClone(fallback);
      continue;
    }
    const field = fieldOf(key, value);
    if (!field) continue;
    row[key] =
      field.kind === 'boolean' ? false
      : field.kind === 'number' ? (field.nullable ? null : (field.min ?? 0))
      : field.kind === 'enum' ? field.options[0]
      : field.kind === 'rows' || field.kind === 'strings' ? []
      : field.kind === 'richtext' ? { type: 'doc', content: [] }
      : '';
  }
  return row;
}
