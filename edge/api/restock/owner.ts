import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.js';
import { requirePermission } from '../../middleware/roles/index.js';
import { readyToSendCount, sendRestockNotices } from '../../services/restock/send.js';
import { restockGroups, restockSignupList } from '../../services/restock/signups.js';
import { setRestockSuccessText } from '../../services/restock/success-text.js';
import { bumpContentVersion } from '../../services/content-version.js';
import { ApiError } from '../../errors.js';
import { jsonBody, queryParams } from '../validate.js';

const PAGE_SIZE = 50;
const sendRequest = z.object({ productId: z.string().min(1).max(100), variantId: z.string().min(1).max(100) });

/** SPEC §7 Restock, owner side (permission `restock`): paged groups and lists, send and send-all. */
export const restockOwnerApi = new Hono<AppEnv>({ strict: false });

restockOwnerApi.get('/groups', requirePermission('restock'), queryParams(z.object({ cursor: z.string().max(500).optional() })), async (c) => {
  const page = await restockGroups(c.var.db, c.var.site.id, c.req.valid('query').cursor, PAGE_SIZE);
  const readyToSend = await readyToSendCount(c.var.db, c.var.site.id);
  return c.json({ signUpGroups: page.rows, hasNextPage: page.hasNextPage, nextPageCursor: page.nextPageCursor, readyToSend });
});

restockOwnerApi.get(
  '/',
  requirePermission('restock'),
  queryParams(sendRequest.extend({ cursor: z.string().max(500).optional() })),
  async (c) => {
    const q = c.req.valid('query');
    const page = await restockSignupList(c.var.db, c.var.site.id, q.productId, q.variantId, q.cursor, PAGE_SIZE);
    return c.json({ signUps: page.rows, hasNextPage: page.hasNextPage, nextPageCursor: page.nextPageCursor });
  },
);

restockOwnerApi.post('/send', requirePermission('restock'), jsonBody(sendRequest), async (c) => {
  const sent = await sendRestockNotices(c.var.db, c.var.site, new URL(c.req.url).origin, c.req.valid('json'), Date.now());
  return c.json({ sent });
});

restockOwnerApi.post(
  '/send/all',
  requirePermission('restock'),
  jsonBody(z.object({ sendRequests: z.array(sendRequest).min(1).max(100) })),
  async (c) => {
    const origin = new URL(c.req.url).origin;
    let sent = 0;
    for (const request of c.req.valid('json').sendRequests) sent += await sendRestockNotices(c.var.db, c.var.site, origin, request, Date.now());
    return c.json({ sent });
  },
);

// SPEC §4: the owner's restock success text, for one product or (no productId) the whole site.
const successTextBody = z.strictObject({
  productId: z.string().min(1).max(100).optional(),
  text: z.string({ error: 'text must be a string or null.' }).trim().max(200, { error: 'The success text is at most 200 characters.' }).nullable(),
});

restockOwnerApi.put('/success-text', requirePermission('restock'), jsonBody(successTextBody), async (c) => {
  const { productId, text } = c.req.valid('json');
  const value = text ? text : null;
  if (!(await setRestockSuccessText(c.var.db, c.var.site.id, productId, value))) throw new ApiError(404, 'not_found', 'No such product.');
  // Product pages are cached by content version: the new text shows at once.
  await bumpContentVersion(c.var.db, c.var.site.id);
  return c.json({ productId: productId ?? null, successText: value });
});
