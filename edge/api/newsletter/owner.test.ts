import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningWorker, SignedIn } from '../../test-support.js';
import { startWithOwners, type OwnerCall } from '../forms/test-owners.js';
import { ageKeys, TestVisitor } from '../forms/test-visitor.js';
import { linkIn, queuedMails } from '../forms/test-mail-log.js';

/** Mailing lists over HTTP: create, rename, connect/disconnect, subscribers, import, export, roles. */
let worker: RunningWorker;
let admin: SignedIn;
let campaigns: SignedIn;
let editor: SignedIn;
let call: OwnerCall;

beforeAll(async () => {
  ({ worker, admin, editor, campaigns, call } = await startWithOwners('lists'));
}, 60_000);
afterAll(() => worker?.dispose());

async function signUp(formId: string, email: string): Promise<number> {
  const v = await TestVisitor.arrive(worker);
  const key = (await v.req('POST', '/api/form/FormSubmissionKey', '')).json.key;
  await ageKeys(worker);
  return (await v.req('POST', '/api/form/SaveFormSubmission', { key, formId, form: JSON.stringify({ email }) })).status;
}

describe('/api/owner/mailing-lists', () => {
  it('creates and renames lists; a second list of the same name is refused', async () => {
    const made = await call(campaigns, 'POST', '/api/owner/mailing-lists', { name: 'Workshop news' });
    expect(made.status).toBe(201);
    expect(made.json.list).toMatchObject({ name: 'Workshop news', counts: { pending: 0, confirmed: 0, unsubscribed: 0, bounced: 0 }, connectedForms: [] });
    expect((await call(campaigns, 'POST', '/api/owner/mailing-lists', { name: 'workshop NEWS' })).status).toBe(409);
    expect((await call(campaigns, 'POST', '/api/owner/mailing-lists', { name: ' ' })).json.fields.name).toBe('Add a list name.');
    const renamed = await call(campaigns, 'PATCH', `/api/owner/mailing-lists/${made.json.list.id}`, { name: 'Workshop letters' });
    expect(renamed.json.list.name).toBe('Workshop letters');
    expect((await call(campaigns, 'PATCH', '/api/owner/mailing-lists/nope', { name: 'x' })).status).toBe(404);
    const all = await call(admin, 'GET', '/api/owner/mailing-lists');
    expect(all.json.lists.map((l: { name: string }) => l.name)).toEqual(['Kiln Notes', 'Workshop letters']);
    // The demo newsletter form (what the newsletter block shows) feeds Kiln Notes.
    expect(all.json.lists[0].connectedForms).toMatchObject([{ kind: 'newsletter', name: 'Kiln Notes newsletter' }]);
    // The connect menu's forms come with the lists: a campaigns editor needs no form-builder permission.
    const lists = await call(campaigns, 'GET', '/api/owner/mailing-lists');
    expect(lists.json.forms.map((f: { name: string }) => f.name).sort()).toEqual(['Contact the studio', 'Kiln Notes newsletter']);
    expect((await call(campaigns, 'GET', '/api/owner/forms')).status).toBe(403);
  });

  it('connects a form, its sign-ups arrive pending then confirmed; after a disconnect they stop', async () => {
    const list = (await call(admin, 'POST', '/api/owner/mailing-lists', { name: 'Connected' })).json.list;
    const newsletter = (await call(admin, 'GET', '/api/owner/mailing-lists')).json.lists[0].connectedForms[0];
    const connect = await call(admin, 'PUT', `/api/form/forms/${newsletter.id}/mailing-list`, { listId: list.id });
    expect(connect.json).toMatchObject({ connected: true });
    expect(await signUp(newsletter.id, 'first@example.com')).toBe(200);
    let subs = (await call(admin, 'GET', `/api/owner/mailing-lists/${list.id}/subscribers`)).json.subscribers;
    expect(subs).toMatchObject([{ email: 'first@example.com', status: 'pending' }]);
    // Double opt-in: following the mailed link confirms.
    const mail = (await queuedMails(worker)).find((m) => m.to === 'first@example.com')!;
    const v = new TestVisitor(worker);
    await v.req('GET', linkIn(mail, '/newsletter/confirm'));
    await v.req('POST', '/newsletter/confirm', `token=${encodeURIComponent(new URLSearchParams(linkIn(mail, '/newsletter/confirm').split('?')[1]).get('token')!)}`, { 'content-type': 'application/x-www-form-urlencoded' });
    subs = (await call(admin, 'GET', `/api/owner/mailing-lists/${list.id}/subscribers?status=confirmed`)).json.subscribers;
    expect(subs.map((s: { email: string }) => s.email)).toEqual(['first@example.com']);

    expect((await call(admin, 'PUT', `/api/form/forms/${newsletter.id}/mailing-list`, { listId: null })).json).toMatchObject({ connected: false });
    expect(await signUp(newsletter.id, 'second@example.com')).toBe(200);
    const after = (await call(admin, 'GET', `/api/owner/mailing-lists/${list.id}`)).json.list;
    expect(after.counts).toEqual({ pending: 0, confirmed: 1, unsubscribed: 0, bounced: 0 });
    expect(after.connectedForms).toEqual([]);
  });

  it('imports a CSV with a consent column (confirmed, existing kept), names every bad line, refuses a file without consent', async () => {
    const list = (await call(admin, 'POST', '/api/owner/mailing-lists', { name: 'Imported' })).json.list;
    const noConsent = await call(admin, 'POST', `/api/owner/mailing-lists/${list.id}/import`, { csv: 'email\nann@example.com\n' });
    expect(noConsent.status).toBe(400);
    expect(noConsent.json.problems).toEqual([{ line: 1, message: expect.stringContaining('consent column') }]);
    const bad = await call(admin, 'POST', `/api/owner/mailing-lists/${list.id}/import`, {
      csv: 'Email,Name,Consent\nann@example.com,Ann,yes\nnot-an-email,Bob,yes\ncy@example.com,"Cy\nSmith",no\nann@example.com,Ann again,yes\n',
    });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Nothing was imported: 3 lines have problems.');
    expect(bad.json.problems.map((p: { line: number; column: string }) => [p.line, p.column])).toEqual([[3, 'email'], [4, 'consent'], [6, 'email']]);
    expect((await call(admin, 'GET', `/api/owner/mailing-lists/${list.id}`)).json.list.counts.confirmed).toBe(0);
    const good = await call(admin, 'POST', `/api/owner/mailing-lists/${list.id}/import`, { csv: '\uFEFFemail;consent\nann@example.com;yes\n=cmd@example.com;TRUE\n' });
    expect(good.json).toEqual({ added: 2, kept: 0 });
    const again = await call(admin, 'POST', `/api/owner/mailing-lists/${list.id}/import`, { csv: 'email,consent\nann@example.com,yes\nnew@example.com,1\n' });
    expect(again.json).toEqual({ added: 1, kept: 1 });
    const found = await call(admin, 'GET', `/api/owner/mailing-lists/${list.id}/subscribers?q=ann`);
    expect(found.json.subscribers).toMatchObject([{ email: 'ann@example.com', status: 'confirmed' }]);
    const page = await call(admin, 'GET', `/api/owner/mailing-lists/${list.id}/subscribers?pageSize=2`);
    expect(page.json).toMatchObject({ hasNextPage: true });
    const rest = await call(admin, 'GET', `/api/owner/mailing-lists/${list.id}/subscribers?pageSize=2&after=${encodeURIComponent(page.json.nextPageCursor)}`);
    expect(rest.json.subscribers).toHaveLength(1);
    // Sorted z to a for the data table's descending Email column, paged the same way.
    const desc = await call(admin, 'GET', `/api/owner/mailing-lists/${list.id}/subscribers?pageSize=2&order=desc`);
    expect(desc.json.subscribers.map((s: { email: string }) => s.email)).toEqual(['new@example.com', 'ann@example.com']);
    const descRest = await call(admin, 'GET', `/api/owner/mailing-lists/${list.id}/subscribers?pageSize=2&order=desc&after=${encodeURIComponent(desc.json.nextPageCursor)}`);
    expect(descRest.json.subscribers.map((s: { email: string }) => s.email)).toEqual(['=cmd@example.com']);

    const csv = await call(admin, 'GET', `/api/owner/mailing-lists/${list.id}/export`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Email,Status,Subscribed,Confirmed,Unsubscribed');
    // The formula guard: a cell starting with = is exported as text.
    expect(lines.some((l) => l.startsWith("'=cmd@example.com,confirmed"))).toBe(true);
    expect(lines).toHaveLength(4);
  });

  it('imports 2,000 rows in statements D1 takes, all or nothing: a failure on row 1,500 imports none of them', async () => {
    const list = (await call(admin, 'POST', '/api/owner/mailing-lists', { name: 'Big import' })).json.list;
    const csv = (from: number) => `email,consent\n${Array.from({ length: 2000 }, (_, i) => `bulk-${from + i}@example.com,yes`).join('\n')}\n`;
    // A store failure in the middle of the write (row 1,500, past the old batch size of 500).
    await worker.db
      .prepare(`CREATE TRIGGER import_fails BEFORE INSERT ON mailing_list_subscribers WHEN NEW.email = 'bulk-1499@example.com' BEGIN SELECT RAISE(ABORT, 'injected failure'); END`)
      .run();
    const failed = await call(admin, 'POST', `/api/owner/mailing-lists/${list.id}/import`, { csv: csv(0) });
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect((await call(admin, 'GET', `/api/owner/mailing-lists/${list.id}`)).json.list.counts.confirmed).toBe(0);
    await worker.db.prepare('DROP TRIGGER import_fails').run();

    const ok = await call(admin, 'POST', `/api/owner/mailing-lists/${list.id}/import`, { csv: csv(0) });
    expect(ok.json).toEqual({ added: 2000, kept: 0 });
    const overlap = await call(admin, 'POST', `/api/owner/mailing-lists/${list.id}/import`, { csv: csv(1000) });
    expect(overlap.json).toEqual({ added: 1000, kept: 1000 });
    expect((await call(admin, 'GET', `/api/owner/mailing-lists/${list.id}`)).json.list.counts.confirmed).toBe(3000);
  });

  it('keeps the unsubscribe page (page type 300) working for a list subscriber', async () => {
    const lists = (await call(admin, 'GET', '/api/owner/mailing-lists')).json.lists;
    const connected = lists.find((l: { name: string }) => l.name === 'Connected');
    const newsletter = (await call(admin, 'GET', '/api/owner/forms')).json.forms.find((f: { kind: string }) => f.kind === 'newsletter');
    await call(admin, 'PUT', `/api/form/forms/${newsletter.id}/mailing-list`, { listId: connected.id });
    expect(await signUp(newsletter.id, 'leaver@example.com')).toBe(200);
    const mail = (await queuedMails(worker)).find((m) => m.to === 'leaver@example.com')!;
    const link = linkIn(mail, '/newsletter/unsubscribe');
    expect((await worker.fetch(link)).status).toBe(200);
    const params = new URLSearchParams(link.split('?')[1]);
    const res = await worker.fetch('/api/newsletter/unsubscribe', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: `s=${params.get('s')}&sig=${params.get('sig')}` });
    expect(res.status).toBe(200);
    const subs = (await call(admin, 'GET', `/api/owner/mailing-lists/${connected.id}/subscribers?status=unsubscribed`)).json.subscribers;
    expect(subs.map((s: { email: string }) => s.email)).toEqual(['leaver@example.com']);
  });

  it('lets admins and campaigns editors in; editors get 403, visitors 401', async () => {
    expect((await call(editor, 'GET', '/api/owner/mailing-lists')).status).toBe(403);
    expect((await call(editor, 'POST', '/api/owner/mailing-lists', { name: 'x' })).status).toBe(403);
    expect((await call(undefined, 'GET', '/api/owner/mailing-lists')).status).toBe(401);
    expect((await call(campaigns, 'GET', '/api/owner/mailing-lists')).status).toBe(200);
  });
});
