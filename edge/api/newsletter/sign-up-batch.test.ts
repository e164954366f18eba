import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, testAddress, type RunningWorker } from '../../test-support.js';
import { queuedMails } from '../forms/test-mail-log.js';
import { ageKeys, TestVisitor } from '../forms/test-visitor.js';

/**
 * Issue 35: a form's mailing-list sign-up is written in the submission's own batch, so a
 * stored submission always has its subscriber and confirmation mail, and a failure of the
 * sign-up stores nothing (the visitor's retry with the same key then does it all once).
 * The failure is a SQLite trigger refusing subscriber rows: the stand-in for a worker that
 * dies between the submission and the sign-up (before the fix, two separate writes).
 */
let worker: RunningWorker;
let newsletter: { id: string; fields: { id: string }[] };
beforeAll(async () => {
  worker = await startWorker();
  newsletter = (await new TestVisitor(worker).req('GET', '/?format=json')).json.newsletterForm;
});
afterAll(() => worker?.dispose());

const count = async (sql: string, ...binds: unknown[]) => (await worker.db.prepare(sql).bind(...binds).first<{ n: number }>())!.n;

describe('newsletter sign-up in the submission batch', () => {
  it('a sign-up that cannot be written stores no submission; the retry with the same key stores both, mailed once', async () => {
    const email = 'batch-reader@example.com';
    const ip = testAddress();
    const v = new TestVisitor(worker);
    await v.req('GET', '/', undefined, { 'CF-Connecting-IP': ip });
    const key = (await v.req('POST', '/api/form/FormSubmissionKey', '')).json.key;
    await ageKeys(worker);
    const submit = () =>
      v.req('POST', '/api/form/SaveFormSubmission', { key, formId: newsletter.id, form: JSON.stringify({ [newsletter.fields[0]!.id]: email }), pageTitle: 'Home', pagePath: '/' }, { 'CF-Connecting-IP': ip });
    const stored = () => count('SELECT count(*) AS n FROM form_submissions WHERE form_id = ? AND search_text LIKE ?', newsletter.id, `%${email}%`);
    const subscribed = () => count('SELECT count(*) AS n FROM mailing_list_subscribers WHERE email = ?', email);

    await worker.db.prepare(`CREATE TRIGGER refuse_subscribers BEFORE INSERT ON mailing_list_subscribers BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`).run();
    let first: Awaited<ReturnType<typeof submit>>;
    try {
      first = await submit();
    } finally {
      await worker.db.prepare('DROP TRIGGER refuse_subscribers').run();
    }
    // All or nothing: no submission without its sign-up (before: 200, stored, nobody signed up).
    expect({ stored: await stored(), subscribed: await subscribed() }).toEqual({ stored: 0, subscribed: 0 });
    expect(first.status).toBe(500);

    // The visitor tries again with the same key: everything, once.
    expect((await submit()).status).toBe(200);
    expect((await submit()).json).toEqual({ success: true });
    expect({ stored: await stored(), subscribed: await subscribed() }).toEqual({ stored: 1, subscribed: 1 });
    const mails = (await queuedMails(worker)).filter((m) => m.to === email && m.kind === 'newsletter-confirmation');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('/newsletter/unsubscribe?s=');
    const { id } = (await worker.db.prepare('SELECT id FROM mailing_list_subscribers WHERE email = ?').bind(email).first<{ id: string }>())!;
    // The mail's unsubscribe link names the subscriber the batch wrote.
    expect(mails[0]!.text).toContain(`/newsletter/unsubscribe?s=${id}&`);
  });
});
