import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../env.js';
import { requirePermission } from '../../middleware/roles/index.js';
import { BUILDER_MESSAGES, createForm, deleteForm, formUses, listOwnerForms, ownerForm, updateForm, type OwnerForm } from '../../services/forms/builder.js';
import { formModelInput } from '../../../domain/forms/form-model.js';
import { ifMatchNumber, jsonBody } from '../validate.js';

function answer(c: Context<AppEnv>, form: OwnerForm, status: 200 | 201 = 200) {
  c.header('ETag', `"${form.version}"`);
  return c.json({ form }, status);
}

/**
 * /api/owner/forms: the form builder (docs/api/forms.md), permission row `forms`. The body is
 * the SPEC §3 form model (domain/forms/form-model.ts) with its five tabs; field types and
 * their properties are those GetTemplateSchema lists.
 */
export const ownerFormsApi = new Hono<AppEnv>({ strict: false });

ownerFormsApi.get('/', requirePermission('forms'), async (c) => c.json({ forms: await listOwnerForms(c.var.db, c.var.site.id) }));

ownerFormsApi.post('/', requirePermission('forms'), jsonBody(formModelInput), async (c) =>
  answer(c, await createForm(c.var.db, c.var.site.id, c.req.valid('json')), 201),
);

ownerFormsApi.get('/:formId', requirePermission('forms'), async (c) => {
  const form = await ownerForm(c.var.db, c.var.site.id, c.req.param('formId'));
  c.header('ETag', `"${form.version}"`);
  return c.json({ form, usedBy: await formUses(c.var.db, c.var.site.id, form.id) });
});

ownerFormsApi.put('/:formId', requirePermission('forms'), jsonBody(formModelInput), async (c) => {
  const basedOn = ifMatchNumber(c, BUILDER_MESSAGES.versionRequired, 9);
  return answer(c, await updateForm(c.var.db, c.var.site.id, c.req.param('formId'), basedOn, c.req.valid('json')));
});

ownerFormsApi.delete('/:formId', requirePermission('forms'), async (c) => {
  const basedOn = ifMatchNumber(c, BUILDER_MESSAGES.versionRequired, 9);
  await deleteForm(c.var.db, c.var.site.id, c.req.param('formId'), basedOn);
  return c.body(null, 204);
});
