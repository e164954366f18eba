import { postmarkSender } from './postmark.js';
import { outboxOnlySender, type MailSender } from './sender.js';

/** The worker vars that pick the production mail sender (docs/mail.md). */
export interface MailEnv {
  MAIL_PROVIDER?: string;
  MAIL_API_TOKEN?: string;
  MAIL_FROM?: string;
  MAIL_API_BASE?: string;
}

/**
 * The sender the scheduled outbox drain uses: Postmark when MAIL_PROVIDER is `postmark`
 * with a token and a sender, else the local default that keeps mail in the outbox.
 */
export function mailSenderFor(env: MailEnv): MailSender {
  if (env.MAIL_PROVIDER === 'postmark' && env.MAIL_API_TOKEN && env.MAIL_FROM) {
    return postmarkSender({ token: env.MAIL_API_TOKEN, from: env.MAIL_FROM, apiBase: env.MAIL_API_BASE || undefined });
  }
  if (env.MAIL_PROVIDER && env.MAIL_PROVIDER !== 'outbox') {
    console.warn(`mail: MAIL_PROVIDER=${env.MAIL_PROVIDER} needs MAIL_API_TOKEN and MAIL_FROM (and only 'postmark' is known); mail stays in the outbox`);
  }
  return outboxOnlySender;
}
