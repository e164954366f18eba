import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { requirePermission } from '../../middleware/roles/index.js';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS } from '../../../domain/webhooks/webhook-events.js';
import { webhookDeps } from '../../services/webhooks/index.js';
import { sendTestDelivery } from '../../services/webhooks/deliver.js';
import { checkWebhookUrl } from '../../services/webhooks/url-check.js';
import {
  createSubscription, deleteSubscription, deliveryLog, getSubscription, listSubscriptions, MAX_SUBSCRIPTIONS, setSubscriptionEnabled, updateSubscription,
} from '../../services/webhooks/subscriptions.js';
import { jsonBody, queryParams } from '../validate.js';

const subscriptionBody = z.strictObject({
  url: z.string({ error: 'Enter the URL to send events to.' }).trim().min(1, { error: 'Enter the URL to send events to.' }).max(2000, { error: 'A webhook URL is at most 2000 characters.' }),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: (issue) => `${String(issue.input)} is not one of the expected options` }), { error: 'Choose at least one event.' })
    .min(1, { error: 'Choose at least one event.' })
    .max(WEBHOOK_EVENTS.length)
    .transform((events) => [...new Set(events)]),
});

/** The URL rules, after DNS resolution where the host is a name: a 400 naming the url field. */
async function checkedUrl(c: Context<AppEnv>, url: string): Promise<string> {
  const verdict = await checkWebhookUrl(url, webhookDeps(c.env).rules);
  if (!verdict.ok) throw new ApiError(400, 'invalid_request', verdict.message, { fields: { url: verdict.message } });
  return verdict.url.href;
}

const id = (c: Context<AppEnv>) => c.req.param('id')!;

async function found(c: Context<AppEnv>) {
  const subscription = await getSubscription(c.var.db, c.var.site.id, id(c));
  if (!subscription) throw new ApiError(404, 'not_found', 'No such webhook on this site.');
  return subscription;
}

/**
 * /api/owner/webhooks: the owner's outgoing webhooks (docs/api/webhooks.md), permission row
 * `webhooks` (admins only: a webhook sends customers' data to another service).
 */
export const ownerWebhooksApi = new Hono<AppEnv>({ strict: false });

ownerWebhooksApi.get('/', requirePermission('webhooks'), async (c) => {
  const list = await listSubscriptions(c.var.db, c.var.site.id);
  return c.json({ ...list, events: WEBHOOK_EVENTS.map((type) => ({ type, label: WEBHOOK_EVENT_LABELS[type] })) });
});

ownerWebhooksApi.post('/', requirePermission('webhooks'), jsonBody(subscriptionBody), async (c) => {
  const b = c.req.valid('json');
  const url = await checkedUrl(c, b.url);
  const created = await createSubscription(c.var.db, c.var.site.id, { url, events: b.events }, Date.now());
  if (!created) throw new ApiError(409, 'too_many_webhooks', `A site can have at most ${MAX_SUBSCRIPTIONS} webhooks.`);
  return c.json(created, 201);
});

ownerWebhooksApi.get('/:id', requirePermission('webhooks'), async (c) => c.json({ subscription: await found(c) }));

ownerWebhooksApi.put('/:id', requirePermission('webhooks'), jsonBody(subscriptionBody), async (c) => {
  const b = c.req.valid('json');
  await found(c);
  const url = await checkedUrl(c, b.url);
  await updateSubscription(c.var.db, c.var.site.id, id(c), { url, events: b.events });
  return c.json({ subscription: await found(c) });
});

ownerWebhooksApi.delete('/:id', requirePermission('webhooks'), async (c) => {
  if (!(await deleteSubscription(c.var.db, c.var.site.id, id(c)))) throw new ApiError(404, 'not_found', 'No such webhook on this site.');
  return c.json({ deleted: true });
});

ownerWebhooksApi.post('/:id/enable', requirePermission('webhooks'), async (c) => {
  await found(c);
  await setSubscriptionEnabled(c.var.db, c.var.site.id, id(c), true, Date.now());
  return c.json({ subscription: await found(c) });
});

ownerWebhooksApi.post('/:id/disable', requirePermission('webhooks'), async (c) => {
  await found(c);
  await setSubscriptionEnabled(c.var.db, c.var.site.id, id(c), false, Date.now());
  return c.json({ subscription: await found(c) });
});

/** Sends a `webhook.test` event now and answers how it went; the delivery shows in the log. */
ownerWebhooksApi.post('/:id/test', requirePermission('webhooks'), async (c) => {
  await found(c);
  const outcome = await sendTestDelivery(c.var.db, webhookDeps(c.env), c.var.site.id, id(c), Date.now());
  return c.json({ outcome, subscription: await found(c) });
});

ownerWebhooksApi.get(
  '/:id/deliveries',
  requirePermission('webhooks'),
  queryParams(z.object({ cursor: z.string().regex(/^\d{1,16}\.[0-9a-f]{32}$/).optional(), limit: z.coerce.number().int().min(1).max(100).optional() })),
  async (c) => {
    await found(c);
    const { cursor, limit } = c.req.valid('query');
    const [createdOn, rowId] = cursor ? cursor.split('.') : [];
    const page = await deliveryLog(c.var.db, c.var.site.id, id(c), { limit: limit ?? 25, before: cursor ? { createdOn: Number(createdOn), id: rowId! } : undefined });
    return c.json({ deliveries: page.rows, nextCursor: page.nextCursor });
  },
);
