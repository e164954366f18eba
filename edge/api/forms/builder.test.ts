import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningWorker, SignedIn } from '../../test-support.js';
import { startWithOwners, type OwnerCall } from './test-owners.js';
import { ageKeys, TestVisitor } from './test-visitor.js';
import { queuedMails } from './test-mail-log.js';

/** The form builder over HTTP: every field type, the five tabs, If-Match versions, deletes, roles. */
let worker: RunningWorker;
let admin: SignedIn;
let editor: SignedIn;
let campaigns: SignedIn;
let call: OwnerCall;

beforeAll(async () => {
  ({ worker, admin, editor, campaigns, call } = await startWithOwners('builder'));
}, 60_000);
afterAll(() => worker?.dispose());

const ALL_FIELDS = [
  { id: 'who', type: 'name', title: 'Your name', required: true, description: 'First and last' },
  { id: 'mail', type: 'email', title: 'Email', required: true, placeholder: 'you@example.com' },
  { id: 'subject', type: 'text', title: 'Subject', placeholder: 'Hello' },
  { id: 'msg', type: 'textarea', title: 'Message', required: true, maxLength: 500, maxLengthEnabled: true },
  { id: 'qty', type: 'number', title: 'How many' },
  { id: 'site', type: 'website', title: 'Your site' },
  { id: 'budget', type: 'currency', title: 'Budget', currencySymbol: '€' },
  { id: 'tel', type: 'phone', title: 'Phone', showCountryCode: true },
  { id: 'addr', type: 'address', title: 'Address' },
  { id: 'day', type: 'date', title: 'Date' },
  { id: 'at', type: 'time', title: 'Time' },
  { id: 'sec', type: 'section', title: 'More about you', underline: true },
  { id: 'pick', type: 'radio', title: 'Pick one', options: ['A', 'B'] },
  { id: 'many', type: 'checkbox', title: 'Pick many', options: ['X', 'Y'] },
  { id: 'drop', type: 'select', title: 'Choose', options: ['One', 'Two'] },
  { id: 'survey', type: 'likert', title: 'Survey', options: ['The studio was tidy'] },
  { id: 'src', type: 'hidden', title: '', key: 'utm_source', value: 'direct' },
];

function model(over: Record<string, unknown> = {}) {
  return {
    name: 'Workshop enquiry',
    kind: 'contact',
    build: { fields: ALL_FIELDS },
    storage: {
      email: { enabled: true, to: 'studio@example.com', cc: 'helper@example.com', bcc: 'archive@example.com', subject: 'New enquiry' },
      mailingList: { enabled: false, listId: null },
    },
    advanced: { submitLabel: 'Send it', successText: 'Thanks <b>friend</b>!', successUrl: '', postSubmitHtml: '<script>parent.x=1</script>' },
    captcha: { enabled: false },
    disclaimer: { text: 'We keep your message for a year.' },
    ...over,
  };
}

describe('/api/owner/forms', () => {
  it('creates a form with every SPEC §3 field type and reads it back tab by tab', async () => {
    const created = await call(admin, 'POST', '/api/owner/forms', model());
    expect(created.status).toBe(201);
    expect(created.etag).toBe('"1"');
    const form = created.json.form;
    expect(form.build.fields.map((f: { type: string }) => f.type)).toEqual(ALL_FIELDS.map((f) => f.type));
    expect(form.storage.email).toEqual({ enabled: true, to: 'studio@example.com', cc: 'helper@example.com', bcc: 'archive@example.com', subject: 'New enquiry' });
    expect(form.advanced).toMatchObject({ submitLabel: 'Send it', successText: 'Thanks <b>friend</b>!' });
    expect(form.disclaimer.text).toBe('We keep your message for a year.');
    // The success text is stored escaped: the theme prints it as markup.
    const row = await worker.db.prepare('SELECT submission_html FROM forms WHERE id = ?').bind(form.id).first<{ submission_html: string }>();
    expect(row!.submission_html).toBe('<p>Thanks &lt;b&gt;friend&lt;/b&gt;!</p>');
    const read = await call(admin, 'GET', `/api/owner/forms/${form.id}`);
    expect(read.json.form).toEqual(form);
    expect(read.json.usedBy).toEqual([]);
    const list = await call(admin, 'GET', '/api/owner/forms');
    expect(list.json.forms.map((f: { name: string }) => f.name)).toContain('Workshop enquiry');
    expect(list.json.forms.find((f: { id: string }) => f.id === form.id)).toMatchObject({ fields: ALL_FIELDS.length, version: 1 });
  });

  it('checks every type against GetTemplateSchema: unknown types and properties of another type are refused by name', async () => {
    const schema = await call(undefined, 'GET', '/api/template/GetTemplateSchema?type=form');
    expect(schema.json.fieldTypes.map((t: { type: string }) => t.type).sort()).toEqual([...new Set(ALL_FIELDS.map((f) => f.type))].sort());
    const badType = await call(admin, 'POST', '/api/owner/forms', model({ build: { fields: [{ id: 'a', type: 'signature', title: 'Sign' }] } }));
    expect(badType.status).toBe(400);
    expect(badType.json.fields['build.fields.0.type']).toBe('signature is not one of the expected options');
    const badProp = await call(admin, 'POST', '/api/owner/forms', model({ build: { fields: [{ id: 'a', type: 'email', title: 'Email', currencySymbol: '$' }] } }));
    expect(badProp.json.fields['build.fields.0.currencySymbol']).toBe('currencySymbol is not one of the expected options');
    const noOptions = await call(admin, 'POST', '/api/owner/forms', model({ build: { fields: [{ id: 'a', type: 'radio', title: 'Pick', options: [] }] } }));
    expect(noOptions.json.fields['build.fields.0.options']).toBe('Add at least one option.');
    const twice = await call(admin, 'POST', '/api/owner/forms', model({ build: { fields: [{ id: 'a', type: 'text', title: 'A' }, { id: 'a', type: 'text', title: 'B' }] } }));
    expect(twice.json.fields['build.fields.1.id']).toBe('Two fields have the same id.');
  });

  it('answers the SPEC §8 editor messages for the storage and advanced tabs', async () => {
    const noSubject = await call(admin, 'POST', '/api/owner/forms', model({ storage: { email: { enabled: true, to: 'a@example.com', subject: ' ' }, mailingList: { enabled: false, listId: null } } }));
    expect(noSubject.status).toBe(400);
    expect(noSubject.json.fields['storage.email.subject']).toBe('Add an email subject');
    const badTo = await call(admin, 'POST', '/api/owner/forms', model({ storage: { email: { enabled: true, to: 'not-an-address', subject: 'x' }, mailingList: { enabled: false, listId: null } } }));
    expect(badTo.json.fields['storage.email.to']).toBe('Please enter a valid email');
    const badCc = await call(admin, 'POST', '/api/owner/forms', model({ storage: { email: { enabled: true, to: 'a@example.com', cc: 'b@example.com, nope', subject: 'x' }, mailingList: { enabled: false, listId: null } } }));
    expect(badCc.json.fields['storage.email.cc']).toBe('Emails must be formatted as name@example.com');
    const noList = await call(admin, 'POST', '/api/owner/forms', model({ storage: { email: { enabled: false }, mailingList: { enabled: true, listId: null } } }));
    expect(noList.json.fields['storage.mailingList.listId']).toBe('A List must be selected');
    const unknownList = await call(admin, 'POST', '/api/owner/forms', model({ storage: { email: { enabled: false }, mailingList: { enabled: true, listId: 'nope' } } }));
    expect(unknownList.status).toBe(400);
    for (const url of ['javascript:alert(1)', '//evil.test/x', 'not a url']) {
      const bad = await call(admin, 'POST', '/api/owner/forms', model({ advanced: { successUrl: url } }));
      expect(bad.json.fields['advanced.successUrl']).toBe(`${url} is not a valid page URL`);
    }
    for (const url of ['/thanks', 'https://example.com/thanks?x=1']) {
      expect((await call(admin, 'POST', '/api/owner/forms', model({ name: `ok ${url}`, advanced: { successUrl: url } }))).status).toBe(201);
    }
  });

  it('saves with If-Match: 428 without it, 412 for a stale version (nothing stored), the version rises by one', async () => {
    const form = (await call(admin, 'POST', '/api/owner/forms', model({ name: 'Versioned' }))).json.form;
    expect((await call(admin, 'PUT', `/api/owner/forms/${form.id}`, model({ name: 'No header' }))).status).toBe(428);
    const saved = await call(admin, 'PUT', `/api/owner/forms/${form.id}`, model({ name: 'Second' }), { 'If-Match': '"1"' });
    expect(saved.status).toBe(200);
    expect(saved.json.form).toMatchObject({ name: 'Second', version: 2 });
    expect(saved.etag).toBe('"2"');
    const stale = await call(admin, 'PUT', `/api/owner/forms/${form.id}`, model({ name: 'Stale' }), { 'If-Match': '"1"' });
    expect(stale.status).toBe(412);
    expect(stale.json).toMatchObject({ error: 'version_conflict', current: { version: 2 } });
    expect((await call(admin, 'GET', `/api/owner/forms/${form.id}`)).json.form.name).toBe('Second');
  });

  it('decides concurrent saves of one version atomically: exactly one wins', async () => {
    const form = (await call(admin, 'POST', '/api/owner/forms', model({ name: 'Race' }))).json.form;
    const saves = await Promise.all(
      Array.from({ length: 6 }, (_, i) => call(admin, 'PUT', `/api/owner/forms/${form.id}`, model({ name: `Racer ${i}` }), { 'If-Match': '"1"' })),
    );
    expect(saves.filter((s) => s.status === 200)).toHaveLength(1);
    expect(saves.filter((s) => s.status === 412)).toHaveLength(5);
    const versions = await worker.db.prepare('SELECT version FROM form_versions WHERE form_id = ? ORDER BY version').bind(form.id).all<{ version: number }>();
    expect(versions.results.map((r) => r.version)).toEqual([1, 2]);
  });

  it('refuses to delete a form a published page shows (409 naming it); deletes an unused one with If-Match', async () => {
    const forms = (await call(admin, 'GET', '/api/owner/forms')).json.forms;
    const contact = forms.find((f: { name: string }) => f.name === 'Contact the studio');
    const read = await call(admin, 'GET', `/api/owner/forms/${contact.id}`);
    expect(read.json.usedBy.map((u: { kind: string }) => u.kind).sort()).toEqual(['collection', 'page']);
    const refused = await call(admin, 'DELETE', `/api/owner/forms/${contact.id}`, undefined, { 'If-Match': `"${contact.version}"` });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toBe('form_in_use');
    const spare = (await call(admin, 'POST', '/api/owner/forms', model({ name: 'Spare' }))).json.form;
    expect((await call(admin, 'DELETE', `/api/owner/forms/${spare.id}`, undefined, { 'If-Match': '"7"' })).status).toBe(412);
    expect((await call(admin, 'DELETE', `/api/owner/forms/${spare.id}`, undefined, { 'If-Match': '"1"' })).status).toBe(204);
    expect((await call(admin, 'GET', `/api/owner/forms/${spare.id}`)).status).toBe(404);
  });

  it('lets admins and editors build forms; campaigns editors get 403, visitors 401, a missing crumb 401/403', async () => {
    expect((await call(editor, 'POST', '/api/owner/forms', model({ name: 'By editor' }))).status).toBe(201);
    expect((await call(campaigns, 'GET', '/api/owner/forms')).status).toBe(403);
    expect((await call(campaigns, 'POST', '/api/owner/forms', model())).status).toBe(403);
    expect((await call(undefined, 'GET', '/api/owner/forms')).status).toBe(401);
    const noCrumb = await worker.fetch('/api/owner/forms', { method: 'POST', headers: { Cookie: admin.cookie, 'Content-Type': 'application/json' }, body: JSON.stringify(model()) });
    expect([401, 403]).toContain(noCrumb.status);
  });
});

describe('versioned forms on a published page', () => {
  it('a visitor who loaded version N keeps submitting against N after the owner saves N+1', async () => {
    const forms = (await call(admin, 'GET', '/api/owner/forms')).json.forms;
    const contactId = forms.find((f: { name: string }) => f.name === 'Contact the studio').id;
    // The visitor opens the contact page: the form carries its version.
    const visitor = await TestVisitor.arrive(worker);
    const ctx = (await visitor.req('GET', '/contact?format=json')).json;
    const shown = ctx.collection.form;
    expect(shown.id).toBe(contactId);
    expect((await visitor.req('GET', '/contact')).text).toContain(`<input type="hidden" name="formVersion" value="${shown.version}">`);
    const key = (await visitor.req('POST', '/api/form/FormSubmissionKey', '')).json.key;
    await ageKeys(worker);

    // Meanwhile the owner replaces the message box with a required phone number.
    const current = (await call(admin, 'GET', `/api/owner/forms/${contactId}`)).json.form;
    expect(current.version).toBe(shown.version);
    const fields = current.build.fields.filter((f: { id: string }) => f.id !== 'message').concat([{ id: 'tel', type: 'phone', title: 'Phone', required: true }]);
    const saved = await call(admin, 'PUT', `/api/owner/forms/${contactId}`, { ...current, id: undefined, version: undefined, createdOn: undefined, updatedOn: undefined, build: { fields }, storage: { ...current.storage, email: { ...current.storage.email, subject: 'Contact form' } } }, { 'If-Match': `"${current.version}"` });
    expect(saved.json.form.version).toBe(shown.version + 1);

    const values = { name: ['Ada', 'Lovelace'], email: 'ada@example.com', topic: 'Workshops', message: 'Is there room on Saturday?' };
    const payload = { key, formId: contactId, form: JSON.stringify(values), pagePath: '/contact' };
    // Against the new version the old page's values fail (the phone is missing)...
    const check = await visitor.req('POST', `/api/rest/forms/validate/${contactId}`, values);
    expect(check.status).toBe(400);
    // ...but the page says which version it showed, and that one judges them.
    const res = await visitor.req('POST', '/api/form/SaveFormSubmission', { ...payload, formVersion: shown.version });
    expect(res.json).toEqual({ success: true });
    const row = await worker.db.prepare("SELECT \"values\" FROM form_submissions WHERE form_id = ? AND search_text LIKE '%saturday%'").bind(contactId).first<{ values: string }>();
    expect(JSON.parse(row!.values)).toMatchObject({ message: 'Is there room on Saturday?' });

    // A visitor on the new page submits against the new version.
    const fresh = await TestVisitor.arrive(worker);
    const newShown = (await fresh.req('GET', '/contact?format=json')).json.collection.form;
    expect(newShown.version).toBe(shown.version + 1);
    const key2 = (await fresh.req('POST', '/api/form/FormSubmissionKey', '')).json.key;
    await ageKeys(worker);
    const refused = await fresh.req('POST', '/api/form/SaveFormSubmission', { ...payload, key: key2, formVersion: newShown.version });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.json.errors)).toEqual(['tel']);
  });

  it('prunes versions at save: keeps the newest five and any replaced within a day, so a visitor mid-way still submits against theirs', async () => {
    const quiet = { email: { enabled: false, to: '', cc: '', bcc: '', subject: '' }, mailingList: { enabled: false, listId: null } };
    const oneField = (id: string) => ({ storage: quiet, build: { fields: [{ id: 'mail', type: 'email', title: 'Email', required: true }, { id, type: 'text', title: id, required: true }] } });
    const form = (await call(admin, 'POST', '/api/owner/forms', model({ name: 'Pruned', ...oneField('note') }))).json.form;
    for (let v = 1; v <= 7; v++) expect((await call(admin, 'PUT', `/api/owner/forms/${form.id}`, model({ name: 'Pruned', ...oneField(`f${v}`) }), { 'If-Match': `"${v}"` })).status).toBe(200);
    const kept = async () => (await worker.db.prepare('SELECT version FROM form_versions WHERE form_id = ? ORDER BY version').bind(form.id).all<{ version: number }>()).results.map((r) => r.version);
    // Every version was replaced within the day: all kept, and version 1's visitor still submits against it.
    expect(await kept()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const visitor = await TestVisitor.arrive(worker);
    const key = (await visitor.req('POST', '/api/form/FormSubmissionKey', '')).json.key;
    await ageKeys(worker);
    const res = await visitor.req('POST', '/api/form/SaveFormSubmission', { key, formId: form.id, formVersion: 1, form: JSON.stringify({ mail: 'midway@example.com', note: 'still version 1' }) });
    expect(res.json).toEqual({ success: true });
    // A day later the next save prunes what no visitor can still hold: the newest five stay.
    await worker.db.prepare('UPDATE form_versions SET saved_on = saved_on - ? WHERE form_id = ?').bind(25 * 60 * 60 * 1000, form.id).run();
    expect((await call(admin, 'PUT', `/api/owner/forms/${form.id}`, model({ name: 'Pruned', ...oneField('f8') }), { 'If-Match': '"8"' })).status).toBe(200);
    expect(await kept()).toEqual([5, 6, 7, 8, 9]);
  });

  it('the page without JavaScript carries the version too: a no-JS post of version N passes after N+1', async () => {
    const form = (await call(admin, 'POST', '/api/owner/forms', model({ name: 'Plain versions', storage: { email: { enabled: false }, mailingList: { enabled: false, listId: null } }, build: { fields: [{ id: 'note', type: 'text', title: 'Note', required: true }] } }))).json.form;
    // The owner then requires a second field the visitor's page did not show.
    const next = await call(admin, 'PUT', `/api/owner/forms/${form.id}`, model({ name: 'Plain versions', storage: { email: { enabled: false }, mailingList: { enabled: false, listId: null } }, build: { fields: [{ id: 'note', type: 'text', title: 'Note', required: true }, { id: 'city', type: 'text', title: 'City', required: true }] } }), { 'If-Match': '"1"' });
    expect(next.json.form.version).toBe(2);
    const v = await TestVisitor.arrive(worker);
    v.jar.set('crumbAt', String(Date.now() - 20_000));
    const origin = new URL((await worker.fetch('/contact')).url || 'http://localhost/').origin;
    const post = (version: string) => v.req('POST', `/forms/${form.id}`, new URLSearchParams({ pagePath: '/contact', formVersion: version, note: `plain note ${version}` }).toString(), { 'content-type': 'application/x-www-form-urlencoded', origin });
    expect((await post('1')).status).toBe(303);
    expect((await post('2')).status).toBe(400);
    const rows = await worker.db.prepare("SELECT search_text FROM form_submissions WHERE form_id = ?").bind(form.id).all<{ search_text: string }>();
    expect(rows.results.map((r) => r.search_text)).toEqual(['plain note 1']);
  });

  it('mails the notification as one message to, cc and bcc with the subject set in the storage tab', async () => {
    const form = (await call(admin, 'POST', '/api/owner/forms', model({ name: 'Mailer', build: { fields: [{ id: 'mail', type: 'email', title: 'Email', required: true }] } }))).json.form;
    const visitor = await TestVisitor.arrive(worker);
    const key = (await visitor.req('POST', '/api/form/FormSubmissionKey', '')).json.key;
    await ageKeys(worker);
    const res = await visitor.req('POST', '/api/form/SaveFormSubmission', { key, formId: form.id, formVersion: 1, form: JSON.stringify({ mail: 'guest@example.com' }) });
    expect(res.status).toBe(200);
    // One message with To, Cc and Bcc (not a copy per address).
    const mails = (await queuedMails(worker)).filter((m) => m.subject === 'New enquiry');
    expect(mails.map((m) => m.to)).toEqual(['studio@example.com']);
    expect(mails[0]!.text).toContain('guest@example.com');
    const row = await worker.db.prepare("SELECT cc_address, bcc_address FROM mail_outbox WHERE subject = 'New enquiry'").first<{ cc_address: string; bcc_address: string }>();
    expect(row).toEqual({ cc_address: 'helper@example.com', bcc_address: 'archive@example.com' });
  });
});
