import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OutboxRow } from './outbox.js';
import { postmarkSender } from './postmark.js';
import { mailSenderFor } from './providers.js';
import { MailRefusedError, outboxOnlySender } from './sender.js';
import { FakePostmark, POSTMARK_TEST_TOKEN } from './test-postmark-server.js';

const postmark = new FakePostmark();
beforeAll(() => postmark.start());
afterAll(() => postmark.stop());
beforeEach(() => {
  postmark.mode = 'ok';
});

const row: OutboxRow = {
  id: 'mail-1', websiteId: 'site-1', kind: 'order-confirmation', toAddress: 'ada@example.com', ccAddress: null, bccAddress: null, subject: 'Order #1001', textBody: 'Thanks', htmlBody: '<p>Thanks</p>',
  status: 'sending', attempts: 1, createdOn: 1, sentOn: null, sendAfter: null, listUnsubscribe: null, claimedOn: null, orderId: null,
};
const sender = () => postmarkSender({ token: POSTMARK_TEST_TOKEN, from: 'Atelier <shop@example.com>', apiBase: postmark.url });

describe('Postmark sender', () => {
  it('posts the outbox row to /email with the server token', async () => {
    await sender().send(row);
    expect(postmark.received.at(-1)).toEqual({
      token: POSTMARK_TEST_TOKEN,
      contentType: 'application/json',
      body: {
        From: 'Atelier <shop@example.com>', To: 'ada@example.com', Subject: 'Order #1001', TextBody: 'Thanks', HtmlBody: '<p>Thanks</p>',
        Tag: 'order-confirmation', MessageStream: 'outbound', Metadata: { outboxId: 'mail-1', websiteId: 'site-1' },
      },
    });
  });

  it('sends a list mail\'s one-click unsubscribe URL as List-Unsubscribe headers (RFC 8058)', async () => {
    const url = 'https://shop.example/api/newsletter/unsubscribe?s=sub-1&sig=abc';
    await sender().send({ ...row, kind: 'campaign', listUnsubscribe: url });
    expect(postmark.received.at(-1)!.body.Headers).toEqual([
      { Name: 'List-Unsubscribe', Value: `<${url}>` },
      { Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' },
    ]);
  });

  it('sends one message to To, Cc and Bcc (a form notification with cc and bcc)', async () => {
    await sender().send({ ...row, kind: 'form-notification', toAddress: 'studio@example.com', ccAddress: 'helper@example.com', bccAddress: 'archive@example.com, books@example.com' });
    expect(postmark.received.at(-1)!.body).toMatchObject({ To: 'studio@example.com', Cc: 'helper@example.com', Bcc: 'archive@example.com, books@example.com' });
  });

  it('sends campaign mail to /email/batch, one message each in order, with per-message outcomes', async () => {
    const calls = postmark.batchCalls;
    const mails = [1, 2, 3].map((n) => ({ ...row, id: `mail-b${n}`, kind: 'campaign', toAddress: `reader${n}@example.com` }));
    expect(await sender().sendBatch!(mails, { senderName: 'Fern & Kiln', replyTo: 'hello@fern.example' })).toEqual([null, null, null]);
    expect(postmark.batchCalls).toBe(calls + 1);
    expect(postmark.received.slice(-3).map((m) => [m.body.To, m.body.From, m.body.ReplyTo, (m.body.Metadata as { outboxId: string }).outboxId])).toEqual(
      [1, 2, 3].map((n) => [`reader${n}@example.com`, '"Fern & Kiln" <shop@example.com>', 'hello@fern.example', `mail-b${n}`]),
    );
    expect(sender().batchLimit).toBe(500);
    postmark.mode = 'inactive';
    const refused = await sender().sendBatch!(mails);
    expect(refused.every((e) => e instanceof MailRefusedError && e.bounced)).toBe(true);
    postmark.mode = 'down';
    await expect(sender().sendBatch!(mails)).rejects.not.toBeInstanceOf(MailRefusedError);
  });

  it('a server error is a retryable failure; an inactive recipient or a bad token is refused for good', async () => {
    postmark.mode = 'down';
    const down = await sender().send(row).catch((e: unknown) => e);
    expect(down).toBeInstanceOf(Error);
    expect(down).not.toBeInstanceOf(MailRefusedError);
    postmark.mode = 'inactive';
    const inactive = await sender().send(row).catch((e: unknown) => e);
    // An inactive recipient is a bounce of the address itself: the lists stop sending to it.
    expect(inactive).toBeInstanceOf(MailRefusedError);
    expect((inactive as MailRefusedError).bounced).toBe(true);
    const badToken = postmarkSender({ token: 'wrong', from: 'shop@example.com', apiBase: postmark.url });
    const refused = await badToken.send(row).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(MailRefusedError);
    expect(String(refused)).toMatch(/401/);
    expect((refused as MailRefusedError).bounced).toBe(false);
  });

  it('is chosen by MAIL_PROVIDER with a token and a sender; otherwise mail stays in the outbox', () => {
    expect(mailSenderFor({ MAIL_PROVIDER: 'postmark', MAIL_API_TOKEN: 't', MAIL_FROM: 'shop@example.com' }).name).toBe('postmark');
    expect(mailSenderFor({ MAIL_PROVIDER: 'postmark', MAIL_FROM: 'shop@example.com' })).toBe(outboxOnlySender);
    expect(mailSenderFor({})).toBe(outboxOnlySender);
  });
});
