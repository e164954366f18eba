import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteUser, demoOwner, signIn, startWorker, type RunningWorker, type SignedIn } from '../../test-support.js';

/** GET /api/mail/outbox over HTTP: cursor pages, search by recipient or subject, kind and status filters. */
let worker: RunningWorker;
let owner: SignedIn;
let siteId: string;

interface Mail {
  id: string;
  kind: string;
  to: string;
  subject: string;
  status: string;
  createdOn: number;
}
interface Answer {
  mails: Mail[];
  nextPageCursor: string | null;
}

beforeAll(async () => {
  worker = await startWorker();
  const demo = await demoOwner();
  owner = await signIn(worker, demo.email, demo.password);
  siteId = (await worker.db.prepare('SELECT id FROM websites ORDER BY created_on LIMIT 1').first<{ id: string }>())!.id;
  await worker.db.prepare('DELETE FROM mail_outbox WHERE website_id = ?').bind(siteId).run();
  // 25 mails; five share one timestamp so the cursor must break ties by id.
  const insert = worker.db.prepare(
    'INSERT INTO mail_outbox (id, website_id, kind, to_address, subject, text_body, status, created_on) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  await worker.db.batch(
    Array.from({ length: 25 }, (_, i) =>
      insert.bind(
        `mail-${String(i).padStart(2, '0')}`,
        siteId,
        i % 3 === 0 ? 'invitation' : 'order-confirmation',
        `buyer${i % 5}@outbox.test`,
        i === 7 ? 'Your 100%_special order' : `Order #${1000 + i}`,
        'text',
        i % 4 === 0 ? 'sent' : 'queued',
        i < 5 ? 5000 : 5000 + i * 1000,
      ),
    ),
  );
}, 60_000);
afterAll(() => worker?.dispose());

async function get(path: string, who: SignedIn | null = owner): Promise<{ status: number; json: any }> {
  const res = await worker.fetch(path, { headers: who ? { Cookie: who.cookie } : {} });
  return { status: res.status, json: await res.json() };
}

describe('GET /api/mail/outbox', () => {
  it('pages the whole outbox newest first by cursor, without repeats or gaps (ties broken by id)', async () => {
    const seen: Mail[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer: { status: number; json: Answer } = await get(`/api/mail/outbox?limit=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(answer.status).toBe(200);
      seen.push(...answer.json.mails);
      cursor = answer.json.nextPageCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen.map((m) => m.id)).toHaveLength(25);
    expect(new Set(seen.map((m) => m.id)).size).toBe(25);
    const order = [...seen].sort((a, b) => b.createdOn - a.createdOn || (a.id < b.id ? 1 : -1));
    expect(seen.map((m) => m.id)).toEqual(order.map((m) => m.id));
  });

  it('searches recipient and subject (LIKE wildcards taken literally) and filters by kind and status', async () => {
    const byTo = (await get('/api/mail/outbox?q=BUYER3@')).json as Answer;
    expect(byTo.mails.length).toBe(5);
    expect(new Set(byTo.mails.map((m) => m.to))).toEqual(new Set(['buyer3@outbox.test']));
    const bySubject = (await get('/api/mail/outbox?q=100%25_special')).json as Answer;
    expect(bySubject.mails.map((m) => m.id)).toEqual(['mail-07']);
    expect(((await get('/api/mail/outbox?q=_')).json as Answer).mails.map((m) => m.id)).toEqual(['mail-07']);
    const kind = (await get('/api/mail/outbox?kind=invitation&limit=200')).json as Answer;
    expect(kind.mails.length).toBe(9);
    expect(kind.mails.every((m) => m.kind === 'invitation')).toBe(true);
    const sentInvites = (await get('/api/mail/outbox?kind=invitation&status=sent')).json as Answer;
    expect(sentInvites.mails.map((m) => m.id).sort()).toEqual(['mail-00', 'mail-12', 'mail-24']);
    expect(((await get('/api/mail/outbox?to=buyer1@outbox.test')).json as Answer).mails.length).toBe(5);
  });

  it('shows a form notification\'s cc and bcc with its recipient, null on other mail', async () => {
    await worker.db
      .prepare("INSERT INTO mail_outbox (id, website_id, kind, to_address, cc_address, bcc_address, subject, text_body, status, created_on) VALUES ('mail-cc', ?, 'form-notification', 'studio@outbox.test', 'helper@outbox.test', 'archive@outbox.test', 'New contact', 'text', 'queued', 1)")
      .bind(siteId)
      .run();
    const mails = ((await get('/api/mail/outbox?limit=200')).json as Answer).mails as (Mail & { cc: string | null; bcc: string | null })[];
    expect(mails.find((m) => m.id === 'mail-cc')).toMatchObject({ to: 'studio@outbox.test', cc: 'helper@outbox.test', bcc: 'archive@outbox.test' });
    expect(mails.find((m) => m.id === 'mail-00')).toMatchObject({ cc: null, bcc: null });
    await worker.db.prepare("DELETE FROM mail_outbox WHERE id = 'mail-cc'").run();
  });

  it('refuses bad input and callers without the outbox permission', async () => {
    expect((await get('/api/mail/outbox?status=lost')).status).toBe(400);
    expect((await get('/api/mail/outbox?limit=0')).status).toBe(400);
    expect((await get('/api/mail/outbox', null)).status).toBe(401);
    await createSiteUser(worker, { email: 'shopper@outbox.test', password: 'outbox-Password-1' });
    const shopper = await signIn(worker, 'shopper@outbox.test', 'outbox-Password-1');
    expect((await get('/api/mail/outbox', shopper)).status).toBe(403);
  });

  it('reads along the website/created index', async () => {
    const plan = await worker.db
      .prepare("EXPLAIN QUERY PLAN SELECT * FROM mail_outbox WHERE website_id = ? AND (created_on < ? OR (created_on = ? AND id < ?)) ORDER BY created_on DESC, id DESC LIMIT 11")
      .bind(siteId, 9000, 9000, 'x')
      .all<{ detail: string }>();
    const details = plan.results.map((r) => r.detail).join('\n');
    expect(details).toContain('mail_outbox_website_created_idx');
  });
});
