import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spendBudget, startWorker, type RunningWorker } from '../../test-support.js';
import { FORM_MESSAGES as M } from '../../../domain/messages/form-messages.js';
import { ageKeys, TestVisitor } from './test-visitor.js';

let worker: RunningWorker;
let contact: { id: string; fields: { id: string; type: string }[] };
let pageId: string;
beforeAll(async () => {
  worker = await startWorker();
  const v = new TestVisitor(worker);
  const ctx = (await v.req('GET', '/contact?format=json')).json;
  contact = ctx.collection.form;
  pageId = ctx.collection.id;
});
afterAll(() => worker?.dispose());

const good = (i: number) => ({ name: ['Ada', `Lovelace${i}`], email: `ada${i}@example.com`, topic: 'Workshops', message: `Hello ${i}` });

function payload(key: string, form: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return { key, form: JSON.stringify(form), pageTitle: 'Contact', pageId, contentSource: 'c', pagePath: '/contact', ...extra };
}

async function keyFor(v: TestVisitor): Promise<string> {
  const res = await v.req('POST', '/api/form/FormSubmissionKey', '');
  expect(res.status).toBe(200);
  return res.json.key;
}

async function rows(sql: string, ...params: unknown[]) {
  return (await worker.db.prepare(sql).bind(...params).all<Record<string, unknown>>()).results;
}

describe('the contact page form', () => {
  it('is in the page context and rendered from its D1 definition', async () => {
    expect(contact.fields.map((f) => f.type)).toEqual(['name', 'email', 'select', 'textarea']);
    const html = (await new TestVisitor(worker).req('GET', '/contact')).text;
    expect(html).toContain('data-island="form"');
    expect(html).toContain(`name="message"`);
    expect(html).toContain('<p class="form-counter" aria-live="polite">0 / 2000</p>');
    expect(html).toContain('name="hp-website"');
  });

  it('puts the newsletter sign-up in the footer of the home page', async () => {
    const html = (await new TestVisitor(worker).req('GET', '/')).text;
    expect(html).toMatch(/<section class="footer-newsletter"[\s\S]*data-island="form"[\s\S]*type="email"/);
  });
});

describe('POST /api/form/FormSubmissionKey and SaveFormSubmission', () => {
  it('stores a valid submission once, sanitized, and answers the key again with the original success', async () => {
    const v = await TestVisitor.arrive(worker);
    const key = await keyFor(v);
    await ageKeys(worker);
    const ok = await v.req('POST', '/api/form/SaveFormSubmission', payload(key, { ...good(1), name: [' Ada ', 'Lovelace1'], unknown: 'x' }));
    expect(ok.json).toEqual({ success: true });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ success: true });
    const [row] = await rows("SELECT * FROM form_submissions WHERE search_text LIKE '%lovelace1%'");
    expect(row).toMatchObject({ status: 'received', held_reason: null, page_path: '/contact', content_source: 'c', page_id: pageId });
    expect(JSON.parse(row!.values as string)).toEqual({ name: ['Ada', 'Lovelace1'], email: 'ada1@example.com', topic: 'Workshops', message: 'Hello 1' });
    // A retry whose first answer was lost: the same success, nothing stored or mailed twice.
    const again = await v.req('POST', '/api/form/SaveFormSubmission', payload(key, good(1)));
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ success: true });
    expect(await rows("SELECT id FROM form_submissions WHERE search_text LIKE '%lovelace1%'")).toHaveLength(1);
    expect(await rows("SELECT id FROM mail_outbox WHERE kind = 'form-notification' AND text_body LIKE '%Lovelace1%'")).toHaveLength(1);
  });

  it('refuses a key issued to another visitor, an unknown key and an expired key', async () => {
    const a = await TestVisitor.arrive(worker);
    const b = await TestVisitor.arrive(worker);
    const key = await keyFor(a);
    await ageKeys(worker);
    expect((await b.req('POST', '/api/form/SaveFormSubmission', payload(key, good(2)))).status).toBe(401);
    expect((await a.req('POST', '/api/form/SaveFormSubmission', payload('no-such-key', good(2)))).status).toBe(401);
    await worker.db.prepare('UPDATE form_keys SET expires_on = 0').run();
    expect((await a.req('POST', '/api/form/SaveFormSubmission', payload(key, good(2)))).status).toBe(401);
    expect(await rows("SELECT id FROM form_submissions WHERE search_text LIKE '%lovelace2%'")).toHaveLength(0);
  });

  it('stores a key used by 10 concurrent posts (the visitor budget) exactly once, answering each with the success', async () => {
    const v = await TestVisitor.arrive(worker);
    const key = await keyFor(v);
    await ageKeys(worker);
    const all = await Promise.all(Array.from({ length: 10 }, () => worker.fetch('/api/form/SaveFormSubmission', {
      method: 'POST',
      headers: { cookie: `crumb=${v.crumb}`, 'x-csrf-token': v.crumb!, 'content-type': 'application/json' },
      body: JSON.stringify(payload(key, good(3))),
    })));
    const statuses = all.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(await rows("SELECT id FROM form_submissions WHERE search_text LIKE '%lovelace3%'")).toHaveLength(1);
  });

  it('answers 400 with every field message keyed by id, and keeps the key usable', async () => {
    const v = await TestVisitor.arrive(worker);
    const key = await keyFor(v);
    await ageKeys(worker);
    const bad = await v.req('POST', '/api/form/SaveFormSubmission', payload(key, { name: ['Ada', ''], email: 'not-an-email', topic: 'Nope', message: 'x'.repeat(2001) }));
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ error: 'invalid_fields', message: M.invalidFields });
    expect(bad.json.errors).toEqual({ name: M.required, email: M.emailInvalid, topic: M.optionInvalid, message: M.tooLong });
    expect(bad.json.fields).toEqual(bad.json.errors);
    const fixed = await v.req('POST', '/api/form/SaveFormSubmission', payload(key, good(4)));
    expect(fixed.status).toBe(200);
  });

  it('answers 400 "Could not parse…" for a form that is not a JSON object of values', async () => {
    const v = await TestVisitor.arrive(worker);
    const key = await keyFor(v);
    for (const form of ['not json', '[1,2]', JSON.stringify({ ...good(5), message: { nested: true } })]) {
      const res = await v.req('POST', '/api/form/SaveFormSubmission', { ...payload(key, {}), form });
      expect(res.status).toBe(400);
      expect(res.json.message).toBe(M.cannotParse);
    }
  });

  it('answers 404 "This form has not been configured yet." for a page without a form', async () => {
    const v = await TestVisitor.arrive(worker);
    const key = await keyFor(v);
    const res = await v.req('POST', '/api/form/SaveFormSubmission', payload(key, good(6), { pageId: 'about-page' }));
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ error: 'form_not_found', message: M.status404 });
    const byId = await v.req('POST', '/api/form/SaveFormSubmission', payload(key, good(6), { formId: 'nope' }));
    expect(byId.status).toBe(404);
  });

  it('answers 401 crumbFail without the crumb, storing nothing', async () => {
    const v = await TestVisitor.arrive(worker);
    const key = await keyFor(v);
    const res = await v.req('POST', '/api/form/SaveFormSubmission', payload(key, good(7)), { 'x-csrf-token': 'wrong'.repeat(5) });
    expect(res.status).toBe(401);
    expect(res.json.crumbFail).toBe(true);
    expect((await v.req('POST', '/api/form/FormSubmissionKey', '', { 'x-csrf-token': '' })).status).toBe(401);
  });

  it('holds a submission with a filled honeypot, or sent faster than a person types, and answers alike', async () => {
    const v = await TestVisitor.arrive(worker);
    const fast = await keyFor(v);
    const r1 = await v.req('POST', '/api/form/SaveFormSubmission', payload(fast, good(8)));
    expect(r1).toMatchObject({ status: 200, json: { success: true } });
    const honey = await keyFor(v);
    await ageKeys(worker);
    const r2 = await v.req('POST', '/api/form/SaveFormSubmission', payload(honey, { ...good(9), 'hp-website': 'http://spam.example' }));
    expect(r2).toMatchObject({ status: 200, json: { success: true } });
    const held = await rows("SELECT status, held_reason FROM form_submissions WHERE search_text LIKE '%lovelace8%' OR search_text LIKE '%lovelace9%' ORDER BY held_reason");
    expect(held).toEqual([{ status: 'held', held_reason: 'honeypot' }, { status: 'held', held_reason: 'too-fast' }]);
  });

  it('answers 429 with the SPEC form text past the visitor budget, and stores nothing more', async () => {
    const v = await TestVisitor.arrive(worker);
    const key = await keyFor(v);
    const { granted } = await spendBudget(10, () => v.req('POST', '/api/form/SaveFormSubmission', payload(key, { ...good(10), email: 'bad' })));
    expect(granted.length).toBeGreaterThanOrEqual(10);
    expect(granted.every((res) => res.status === 400)).toBe(true);
    const limited = await v.req('POST', '/api/form/SaveFormSubmission', payload(key, good(10)));
    expect(limited.status).toBe(429);
    expect(limited.json.message).toBe(M.status429);
    expect(limited.headers.get('Retry-After')).toBe('60');
    expect(await rows("SELECT id FROM form_submissions WHERE search_text LIKE '%lovelace10%'")).toHaveLength(0);
  });
  it('answers 20 replays of a stored submission with its success past the visitor budget, spending none of it, while a new key gets 429 (issue 35)', async () => {
    const v = await TestVisitor.arrive(worker);
    const [stored, fresh] = [await keyFor(v), await keyFor(v)];
    await ageKeys(worker);
    const first = await v.req('POST', '/api/form/SaveFormSubmission', payload(stored, good(11)));
    expect(first.status).toBe(200);
    // The rest of the visitor's budget goes on refused posts.
    const { refused } = await spendBudget(10, () => v.req('POST', '/api/form/SaveFormSubmission', payload(fresh, { ...good(12), email: 'bad' })));
    expect(refused?.status).toBe(429);
    for (let i = 0; i < 20; i++) {
      const replay = await v.req('POST', '/api/form/SaveFormSubmission', payload(stored, good(11)));
      expect(replay.status).toBe(200);
      expect(replay.json).toEqual({ success: true });
    }
    const limited = await v.req('POST', '/api/form/SaveFormSubmission', payload(fresh, good(12)));
    expect(limited.status).toBe(429);
    expect(limited.json.message).toBe(M.status429);
    expect(await rows("SELECT id FROM form_submissions WHERE search_text LIKE '%lovelace11%'")).toHaveLength(1);
    expect(await rows("SELECT id FROM mail_outbox WHERE kind = 'form-notification' AND text_body LIKE '%Lovelace11%'")).toHaveLength(1);
    expect(await rows("SELECT id FROM form_submissions WHERE search_text LIKE '%lovelace12%'")).toHaveLength(0);
  });
});

describe('POST /api/rest/forms/validate/{formId}', () => {
  it('answers errors keyed by field id, or valid', async () => {
    const v = await TestVisitor.arrive(worker);
    const bad = await v.req('POST', `/api/rest/forms/validate/${contact.id}`, { email: 'x@' });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual({ name: M.required, email: M.emailInvalid, message: M.required });
    const ok = await v.req('POST', `/api/rest/forms/validate/${contact.id}`, good(11));
    expect(ok).toMatchObject({ status: 200, json: { valid: true } });
    expect((await v.req('POST', '/api/rest/forms/validate/unknown', good(11))).status).toBe(404);
  });
});

describe('GET /api/template/GetTemplateSchema', () => {
  it('answers the form block schema with every SPEC §3 field type', async () => {
    const res = await new TestVisitor(worker).req('GET', '/api/template/GetTemplateSchema?type=9');
    expect(res.status).toBe(200);
    expect(res.json.tabs).toEqual(['build', 'storage', 'advanced', 'captcha', 'disclaimer']);
    expect(res.json.fieldTypes.map((f: { type: string }) => f.type)).toEqual([
      'text', 'textarea', 'email', 'number', 'website', 'currency', 'phone', 'name', 'address', 'date', 'time',
      'section', 'radio', 'checkbox', 'select', 'likert', 'hidden',
    ]);
    expect(res.json.fieldTypes.find((f: { type: string }) => f.type === 'phone').properties).toContain('showCountryCode');
    expect((await new TestVisitor(worker).req('GET', '/api/template/GetTemplateSchema?type=newsletter')).json.type).toBe(51);
    expect((await new TestVisitor(worker).req('GET', '/api/template/GetTemplateSchema?type=99')).status).toBe(404);
    expect((await new TestVisitor(worker).req('GET', '/api/template/GetTemplateSchema')).status).toBe(400);
  });
});
