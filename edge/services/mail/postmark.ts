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

/**
 * A MailSender for Postmark's transactional API (`POST /email`), used by the outbox drain.
 * @example mailSenderFor({ MAIL_PROVIDER: 'postmark', MAIL_API_TOKEN: '…', MAIL_FROM: 'shop@example.com' })
 */
export function postmarkSender(options: PostmarkOptions): MailSender {
  const endpoint = `${(options.apiBase ?? 'https://api.postmarkapp.com').replace(/\/$/, '')}/email`;
  return {
    name: 'postmark',
    async send(mail: OutboxRow, envelope?: MailEnvelope): Promise<void> {
      const res = await fetch(endpoint, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-Postmark-Server-Token': options.token },
        body: JSON.stringify({
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
        }),
        signal: AbortSignal.timeout(10_000),
      });
      const answer = (await res.json().catch(() => ({}))) as PostmarkAnswer;
      if (res.ok && (answer.ErrorCode ?? 0) === 0) return;
      const reason = `Postmark ${res.status} (ErrorCode ${answer.ErrorCode ?? '?'}): ${answer.Message ?? res.statusText}`;
      const permanent = res.status === 401 || (res.status === 422 && PERMANENT_CODES.has(answer.ErrorCode ?? -1));
      // 406 Inactive recipient: the address hard-bounced or complained before; Postmark will not send to it.
      throw permanent ? new MailRefusedError(reason, answer.ErrorCode === INACTIVE_RECIPIENT) : new Error(reason);
    },
  };
}
