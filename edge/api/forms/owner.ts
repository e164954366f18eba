import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { requirePermission } from '../../middleware/roles/index.js';
import { findForm } from '../../services/forms/definitions.js';
import { csvDownload } from '../../services/csv.js';
import { submissionsCsv } from '../../services/forms/csv.js';
import { deleteSubmission, listSubmissions } from '../../services/forms/owner-submissions.js';
import { connectFormToList } from '../../services/newsletter/lists.js';
import { jsonBody, queryParams } from '../validate.js';

const listQuery = z.object({
  formId: z.string().max(100).optional(),
  q: z.string().max(200).optional(),
  status: z.enum(['received', 'held']).optional(),
  cursor: z.string().max(500).optional(),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

/** Owner side of forms (SPEC §6 roles via the permission table): list, search, export, delete; list wiring. */
export const formsOwnerApi = new Hono<AppEnv>({ strict: false });

formsOwnerApi.get('/form/submissions', requirePermission('formSubmissions'), queryParams(listQuery), async (c) => {
  const q = c.req.valid('query');
  const page = await listSubmissions(c.var.db, c.var.site.id, { formId: q.formId, search: q.q, status: q.status, cursor: q.cursor, pageSize: q.pageSize });
  // Visitors' text as JSON with <, > and & escaped: inert even if something renders it as HTML.
  const body = JSON.stringify({ submissions: page.rows, hasNextPage: page.hasNextPage, nextPageCursor: page.nextPageCursor })
    .replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
  return c.body(body, 200, { 'Content-Type': 'application/json; charset=utf-8' });
});

/**
 * The submissions as a CSV download (streamed, UTF-8 BOM, formula guard: services/csv.ts): one
 * form's with its field columns, or (no formId) every form's, filtered like the listing (q, status).
 */
formsOwnerApi.get(
  '/form/submissions/export',
  requirePermission('formSubmissions'),
  queryParams(listQuery.pick({ formId: true, q: true, status: true })),
  async (c) => {
    const { formId, q, status } = c.req.valid('query');
    const form = formId ? await findForm(c.var.db, c.var.site.id, formId) : undefined;
    if (formId && !form) throw new ApiError(404, 'form_not_found', 'This form has not been configured yet.');
    const name = form ? form.name.replace(/[^A-Za-z0-9 _-]/g, '').trim().replace(/\s+/g, '-') || 'form' : 'form';
    const lines = submissionsCsv(c.var.db, c.var.site.id, { formId: form?.id, search: q, status }, form?.fields);
    return csvDownload(lines, `${name}-submissions.csv`);
  },
);

formsOwnerApi.delete('/form/submissions/:id', requirePermission('formSubmissions'), async (c) => {
  if (!(await deleteSubmission(c.var.db, c.var.site.id, c.req.param('id')))) {
    throw new ApiError(404, 'submission_not_found', 'That submission does not exist.');
  }
  return c.json({ deleted: true });
});

// SPEC §4 mailing list: connect (listId) or disconnect (null) a form; afterwards its submissions follow.
formsOwnerApi.put(
  '/form/forms/:formId/mailing-list',
  requirePermission('newsletters'),
  jsonBody(z.object({ listId: z.string().min(1).max(100).nullable() })),
  async (c) => {
    const { listId } = c.req.valid('json');
    if (!(await connectFormToList(c.var.db, c.var.site.id, c.req.param('formId'), listId))) {
      throw new ApiError(404, 'not_found', 'That form or mailing list does not exist.');
    }
    return c.json({ formId: c.req.param('formId'), mailingListId: listId, connected: listId !== null });
  },
);
