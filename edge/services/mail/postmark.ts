import type { OutboxRow } from './outbox.js';
import { MailRefusedError, type MailEnvelope, type MailSender } from './sender.js';

/**
 * The From header with the site's sender name: the address stays the deployment's verified
 * sender (MAIL_FROM), only the display name changes. The name holds no quotes, line breaks
 * or angle brackets (commerce preferences refuse them), so quoting it is enough.
 * @example fromHeader('Atelier <shop@example.com>', 'Fern & Kiln') === '"Fern & Kiln" <shop@example.com>'
 */
export function fromHeader(from: string, senderName: string | undefined): string {
  if (!senderName) return from;
  const address = /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
  return `"${senderName}" <${address}>`;
}

export interface PostmarkOptions {
  /** The server's API token (X-Postmark-Server-Token), a worker secret. */
  token: string;
  /** Sender signature, e.g. `Atelier <shop@example.com>` (a verified domain or address). */
  from: string;
  /** API base URL; a local server speaking Postmark's protocol in tests. */
  apiBase?: string | undefined;
}

/** Postmark's answer to POST /email: ErrorCode 0 is accepted, anything else is refused. */
interface PostmarkAnswer {
  ErrorCode?: number;
  Message?: string;
  MessageID?: string;
}

/**
 * Postmark error codes that no retry can fix: a malformed or inactive recipient, a
 * sender signature the server does not have. Anything else (5xx, 429, network) is retried.
 */
const PERMANENT_CODES = new Set([300, 400, 401, 406, 422]);
const INACTIVE_RECIPIENT = 406;

/** Postmark's message JSON of one outbox row (POST /email, and each element of POST /email/batch). */
function message(options: PostmarkOptions, mail: OutboxRow, envelope: MailEnvelope | undefined): Record<string, unknown> {
  return {
    From: fromHeader(options.from, envelope?.senderName),
    ...(envelope?.replyTo ? { ReplyTo: envelope.replyTo } : {}),
    To: mail.toAddress,
    ...(mail.ccAddress ? { Cc: mail.ccAddress } : {}),
    ...(mail.bccAddress ? { Bcc: mail.bccAddress } : {}),
    Subject: mail.subject,
    TextBody: mail.textBody,
    ...(mail.htmlBody ? { HtmlBody: mail.htmlBody } : {}),
    Tag: mail.kind,
    MessageStream: 'outbound',
    Metadata: { outboxId: mail.id, websiteId: mail.websiteId },
    // A list mail: one-click unsubscribe in the mail client (RFC 8058).
    ...(mail.listUnsubscribe
      ? { Headers: [{ Name: 'List-Unsubscribe', Value: `<${mail.listUnsubscribe}>` }, { Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' }] }
      : {}),
  };
}

/** The error of a refused answer: permanent ones (never retried) are MailRefusedError, 406 a bounce. */
function refusal(status: number, answer: PostmarkAnswer, statusText = ''): Error {
  const reason = `Postmark ${status} (ErrorCode ${answer.ErrorCode ?? '?'}): ${answer.Message ?? statusText}`;
  const permanent = status === 401 || (status === 422 && PERMANENT_CODES.has(answer.ErrorCode ?? -1));
  // 406 Inactive recipient: the address hard-bounced or complained before; Postmark will not send to it.
  return permanent ? new MailRefusedError(reason, answer.ErrorCode === INACTIVE_RECIPIENT) : new Error(reason);
}

/** Postmark's batch API takes up to 500 messages a call. */
export const POSTMARK_BATCH_LIMIT = 500;

/**
 * A MailSender for Postmark's transactional API (`POST /email`, and `POST /email/batch` for
 * campaign mail), used by the outbox drains.
 * @example mailSenderFor({ MAIL_PROVIDER: 'postmark', MAIL_API_TOKEN: '…', MAIL_FROM: 'shop@example.com' })
 */
export function postmarkSender(options: PostmarkOptions): MailSender {
  const base = (options.apiBase ?? 'https://api.postmarkapp.com').replace(/\/$/, '');
  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-Postmark-Server-Token': options.token },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  return {
    name: 'postmark',
    batchLimit: POSTMARK_BATCH_LIMIT,
    async send(mail: OutboxRow, envelope?: MailEnvelope): Promise<void> {
      const res = await post('/email', message(options, mail, envelope));
      const answer = (await res.json().catch(() => ({}))) as PostmarkAnswer;
      if (res.ok && (answer.ErrorCode ?? 0) === 0) return;
      throw refusal(res.status, answer, res.statusText);
    },
    async sendBatch(mails: readonly OutboxRow[], envelope?: MailEnvelope): Promise<(Error | null)[]> {
      const res = await post('/email/batch', mails.map((mail) => message(options, mail, envelope)));
      const answer = (await res.json().catch(() => undefined)) as PostmarkAnswer[] | PostmarkAnswer | undefined;
      // A refused call (bad token, server error) refuses every message of it.
      if (!res.ok || !Array.isArray(answer)) throw refusal(res.status, Array.isArray(answer) ? {} : (answer ?? {}), res.statusText);
      // One answer per message, in order; a message without one is retried.
      return mails.map((_, i) => {
        const one = answer[i];
        if (!one) return new Error('Postmark batch: no answer for this message');
        return (one.ErrorCode ?? 0) === 0 ? null : refusal(422, one);
      });
    },
  };
}
