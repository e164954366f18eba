import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { requirePermission } from '../../middleware/roles/index.js';
import { csvDownload } from '../../services/csv.js';
import { connectableForms, createList, importSubscribers, listSubscribers, ownerList, ownerLists, renameList, subscribersCsv } from '../../services/newsletter/owner-lists.js';
import { readSubscriberCsv } from '../../../domain/newsletter/subscriber-import.js';
import { jsonBody, queryParams } from '../validate.js';

/** The largest subscriber CSV the import reads. */
const MAX_IMPORT_CHARS = 2 * 1024 * 1024;

const listName = z.strictObject({ name: z.string().trim().min(1, 'Add a list name.').max(100, 'A list name is at most 100 characters.') });
const subscriberQuery = z.strictObject({
  status: z.enum(['pending', 'confirmed', 'unsubscribed', 'bounced']).optional(),
  q: z.string().max(200).optional(),
  after: z.string().max(300).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

/**
 * /api/owner/mailing-lists (docs/api/forms.md): lists, subscribers, import and export, permission
 * row `newsletters`. Connecting a form or the newsletter block's form is PUT /api/form/forms/:formId/mailing-list.
 */
export const ownerMailingListsApi = new Hono<AppEnv>({ strict: false });

ownerMailingListsApi.get('/', requirePermission('newsletters'), async (c) =>
  c.json({ lists: await ownerLists(c.var.db, c.var.site.id), forms: await connectableForms(c.var.db, c.var.site.id) }),
);

ownerMailingListsApi.post('/', requirePermission('newsletters'), jsonBody(listName), async (c) =>
  c.json({ list: await createList(c.var.db, c.var.site.id, c.req.valid('json').name) }, 201),
);

ownerMailingListsApi.get('/:listId', requirePermission('newsletters'), async (c) => c.json({ list: await ownerList(c.var.db, c.var.site.id, c.req.param('listId')) }));

ownerMailingListsApi.patch('/:listId', requirePermission('newsletters'), jsonBody(listName), async (c) =>
  c.json({ list: await renameList(c.var.db, c.var.site.id, c.req.param('listId'), c.req.valid('json').name) }),
);

ownerMailingListsApi.get('/:listId/subscribers', requirePermission('newsletters'), queryParams(subscriberQuery), async (c) => {
  const q = c.req.valid('query');
  const page = await listSubscribers(c.var.db, c.var.site.id, c.req.param('listId'), { status: q.status, search: q.q, after: q.after, descending: q.order === 'desc', pageSize: q.pageSize });
  return c.json({ subscribers: page.rows, hasNextPage: page.nextAfter !== null, nextPageCursor: page.nextAfter });
});

// A CSV with email and consent columns; any problem refuses the whole file with every line named.
ownerMailingListsApi.post(
  '/:listId/import',
  requirePermission('newsletters'),
  jsonBody(z.strictObject({ csv: z.string().min(1, 'Choose a CSV file.').max(MAX_IMPORT_CHARS, 'The file is too large. A subscriber import is at most 2 MB.') })),
  async (c) => {
    const listId = c.req.param('listId');
    await ownerList(c.var.db, c.var.site.id, listId);
    const { subscribers, errors } = readSubscriberCsv(c.req.valid('json').csv);
    if (errors.length > 0) {
      throw new ApiError(400, 'invalid_import', `Nothing was imported: ${errors.length === 1 ? 'one line has a problem' : `${errors.length} lines have problems`}.`, { extra: { problems: errors.slice(0, 200) } });
    }
    return c.json(await importSubscribers(c.var.db, c.var.site.id, listId, subscribers));
  },
);

ownerMailingListsApi.get('/:listId/export', requirePermission('newsletters'), async (c) => {
  const list = await ownerList(c.var.db, c.var.site.id, c.req.param('listId'));
  const name = list.name.replace(/[^A-Za-z0-9 _-]/g, '').trim().replace(/\s+/g, '-') || 'list';
  return csvDownload(subscribersCsv(c.var.db, c.var.site.id, list.id), `${name}-subscribers.csv`);
});
