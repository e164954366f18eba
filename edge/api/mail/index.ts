import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.js';
import { requirePermission } from '../../middleware/roles/index.js';
import { listOutbox } from '../../services/mail/outbox.js';
import { queryParams } from '../validate.js';

/** /api/mail: the site's outgoing mail, for the owner's outbox screen. */
export const mail = new Hono<AppEnv>({ strict: false });

mail.get(
  '/outbox',
  requirePermission('outbox'),
  queryParams(z.object({ to: z.string().max(256).optional(), limit: z.coerce.number().int().min(1).max(200).optional() })),
  async (c) => {
    const { to, limit } = c.req.valid('query');
    const rows = await listOutbox(c.var.db, c.var.site.id, { to: to?.trim().toLowerCase(), limit });
    return c.json({
      mails: rows.map((m) => ({
        id: m.id,
        kind: m.kind,
        to: m.toAddress,
        subject: m.subject,
        text: m.textBody,
        status: m.status,
        createdOn: m.createdOn,
        sentOn: m.sentOn,
      })),
    });
  },
);
