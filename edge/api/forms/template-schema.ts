import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { FIELD_TYPES, FORM_MODEL_TABS, LIKERT_ANSWERS } from '../../../domain/forms/field-types.js';
import { queryParams } from '../validate.js';

// SPEC §3 BlockType codes of the blocks that hold a form.
const FORM_BLOCKS: Record<string, { type: number; name: string }> = {
  '9': { type: 9, name: 'form' },
  form: { type: 9, name: 'form' },
  '51': { type: 51, name: 'newsletter' },
  newsletter: { type: 51, name: 'newsletter' },
};

/** The form block's schema: model tabs and every field type with its editable properties. */
function formBlockSchema(block: { type: number; name: string }) {
  return {
    type: block.type,
    name: block.name,
    tabs: FORM_MODEL_TABS,
    fieldTypes: Object.entries(FIELD_TYPES).map(([type, spec]) => ({
      type,
      properties: spec.properties,
      ...('parts' in spec ? { parts: spec.parts } : {}),
    })),
    likertAnswers: LIKERT_ANSWERS,
    summaryField: ['type', 'rawTitle', 'value', 'values'],
  };
}

/** SPEC §7 GET /api/template/GetTemplateSchema?type= (a form block type: code or name). */
export const templateSchemas = new Hono<AppEnv>({ strict: false });

templateSchemas.get('/GetTemplateSchema', queryParams(z.object({ type: z.string().min(1).max(40) })), (c) => {
  const { type } = c.req.valid('query');
  const block = FORM_BLOCKS[type.toLowerCase()];
  if (!block) throw new ApiError(404, 'schema_not_found', `There is no template schema for block type ${type}.`);
  return c.json(formBlockSchema(block));
});
