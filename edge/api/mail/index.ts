import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.js';
import { requirePermission } from '../../middleware/roles/index.js';
import { listOutboxPage } from '../../services/mail/outbox.js';
import { mailEnvelopes } from '../../services/commerce-preferences/index.js';
import { queryParams } from '../validate.js';

/** /api/mail: the site's outgoing mail, for the owner's outbox screen. */
export const mail = new Hono<AppEnv>({ strict: false });

const OUTBOX_QUERY = z.object({
  to: z.string().max(256).optional(),
  q: z.string().max(200).optional(),
  kind: z.string().max(64).optional(),
  status: z.enum(['queued', 'sending', 'sent', 'failed']).optional(),
  cursor: z.string().max(512).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

mail.get('/outbox', requirePermission('outbox'), queryParams(OUTBOX_QUERY), async (c) => {
  const { to, q, kind, status, cursor, limit } = c.req.valid('query');
  const page = await listOutboxPage(c.var.db, c.var.site.id, {
    to: to?.trim().toLowerCase() || undefined,
    search: q?.trim() || undefined,
    kind: kind || undefined,
    status,
    cursor: cursor || undefined,
    limit,
  });
  // The display name and reply-to the drain sends these mails with (commerce preferences `email`).
  const envelope = await mailEnvelopes(c.var.db)(c.var.site.id);
  return c.json({
    senderName: envelope.senderName || c.var.site.title,
    replyTo: envelope.replyTo || null,
    mails: page.rows.map((m) => ({
      id: m.id,
      kind: m.kind,
      to: m.toAddress,
      cc: m.ccAddress,
      bcc: m.bccAddress,
      subject: m.subject,
      text: m.textBody,
      status: m.status,
      createdOn: m.createdOn,
      sentOn: m.sentOn,
    })),
    nextPageCursor: page.nextPageCursor,
  });
});
