import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteUser, demoOwner, signIn, startWorker, type RunningWorker, type SignedIn } from '../../test-support.js';
import { ageKeys, TestVisitor } from './test-visitor.js';

let worker: RunningWorker;
let owner: SignedIn;
let contact: { id: string; fields: { id: string }[] };
let pageId: string;
const XSS = `<img src=x onerror="alert(1)"><script>alert('x')</script>`;

async function submit(form: Record<string, unknown>): Promise<number> {
  const v = await TestVisitor.arrive(worker);
  const key = (await v.req('POST', '/api/form/FormSubmissionKey', '')).json.key;
  await ageKeys(worker);
  const res = await v.req('POST', '/api/form/SaveFormSubmission', { key, form: JSON.stringify(form), pageId, contentSource: 'c', pagePath: '/contact' });
  return res.status;
}

beforeAll(async () => {
  worker = await startWorker();
  const ctx = (await new TestVisitor(worker).req('GET', '/contact?format=json')).json;
  contact = ctx.collection.form;
  pageId = ctx.collection.id;
  const { email, password } = await demoOwner();
  owner = await signIn(worker, email, password);
  expect(await submit({ name: ['Grace', 'Hopper'], email: 'grace@example.com', topic: 'Wholesale', message: 'Forty mugs, please' })).toBe(200);
  expect(await submit({ name: ['=HYPERLINK("http://evil")', XSS], email: 'x@example.com', topic: 'Something else', message: XSS })).toBe(200);
});
afterAll(() => worker?.dispose());

const get = (path: string, headers: Record<string, string> = owner.headers) => worker.fetch(path, { headers });

describe('owner side of form submissions', () => {
  it('refuses anonymous visitors (401) and shoppers without a role (403)', async () => {
    expect((await get('/api/form/submissions', {})).status).toBe(401);
    await createSiteUser(worker, { email: 'shopper@example.com', password: 'shopper-Pass-9' });
    const shopper = await signIn(worker, 'shopper@example.com', 'shopper-Pass-9');
    expect((await get('/api/form/submissions', shopper.headers)).status).toBe(403);
    expect((await get(`/api/form/submissions/export?formId=${contact.id}`, shopper.headers)).status).toBe(403);
  });

  it('lists newest first and searches the values', async () => {
    const all = await (await get(`/api/form/submissions?formId=${contact.id}`)).json();
    expect(all.submissions).toHaveLength(2);
    expect(all.submissions[1].values.name).toEqual(['Grace', 'Hopper']);
    const found = await (await get('/api/form/submissions?q=forty')).json();
    expect(found.submissions.map((s: { values: { email: string } }) => s.values.email)).toEqual(['grace@example.com']);
    const none = await (await get('/api/form/submissions?q=100%25')).json();
    expect(none.submissions).toEqual([]);
    const paged = await (await get('/api/form/submissions?pageSize=1')).json();
    expect(paged).toMatchObject({ hasNextPage: true });
    const rest = await (await get(`/api/form/submissions?pageSize=1&cursor=${paged.nextPageCursor}`)).json();
    expect(rest.submissions[0].id).not.toBe(paged.submissions[0].id);
  });

  it('keeps hostile text as data: JSON-escaped in the listing, defused in the CSV export', async () => {
    const text = await (await get('/api/form/submissions?q=onerror')).text();
    expect(text).not.toContain('<script>');
    expect(JSON.parse(text).submissions[0].values.message).toBe(XSS);
    const csv = await get(`/api/form/submissions/export?formId=${contact.id}`);
    expect(csv.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('Content-Disposition')).toBe('attachment; filename="Contact-the-studio-submissions.csv"');
    const body = await csv.text();
    expect(body.split('\r\n')[0]).toBe('Submitted,Status,Name,Email,Topic,Message');
    // A cell that starts with '=' gets a leading apostrophe: the spreadsheet shows it as text.
    expect(body).toContain(`"'=HYPERLINK(""http://evil""), ${XSS.replace(/"/g, '""')}"`);
    // Excel reads the file as UTF-8: the body starts with the byte order mark.
    const bytes = new Uint8Array(await (await get(`/api/form/submissions/export?formId=${contact.id}`)).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // Without a form: every form's submissions, filtered like the listing, values as "field: value" pairs.
    const all = await get('/api/form/submissions/export?q=grace');
    expect(all.headers.get('Content-Disposition')).toBe('attachment; filename="form-submissions.csv"');
    const allLines = (await all.text()).split('\r\n');
    expect(allLines[0]).toBe('Submitted,Form,Status,Values');
    expect(allLines.slice(1, -1)).toHaveLength(1);
    expect(allLines[1]).toContain('email: grace@example.com');
    expect((await get('/api/form/submissions/export?formId=nope')).status).toBe(404);
  });

  it('deletes a submission (and 404s the second time)', async () => {
    const [first] = (await (await get('/api/form/submissions?q=grace')).json()).submissions;
    const del = () => worker.fetch(`/api/form/submissions/${first.id}`, { method: 'DELETE', headers: owner.headers });
    expect((await del()).status).toBe(200);
    expect((await del()).status).toBe(404);
    expect((await (await get('/api/form/submissions?q=grace')).json()).submissions).toEqual([]);
  });

  it('disconnects the newsletter form from its list: later sign-ups no longer reach the list', async () => {
    const ctx = (await new TestVisitor(worker).req('GET', '/?format=json')).json;
    const put = (listId: string | null) =>
      worker.fetch(`/api/form/forms/${ctx.newsletterForm.id}/mailing-list`, {
        method: 'PUT', headers: { ...owner.headers, 'Content-Type': 'application/json' }, body: JSON.stringify({ listId }),
      });
    expect(await (await put(null)).json()).toMatchObject({ connected: false });
    const v = await TestVisitor.arrive(worker, '/');
    const key = (await v.req('POST', '/api/form/FormSubmissionKey', '')).json.key;
    await ageKeys(worker);
    const field = ctx.newsletterForm.fields[0].id;
    expect((await v.req('POST', '/api/form/SaveFormSubmission', { key, formId: ctx.newsletterForm.id, form: JSON.stringify({ [field]: 'late@example.com' }) })).status).toBe(200);
    const sub = await worker.db.prepare("SELECT 1 FROM mailing_list_subscribers WHERE email = 'late@example.com'").first();
    expect(sub).toBeNull();
    expect((await put('no-such-list')).status).toBe(404);
  });
});
