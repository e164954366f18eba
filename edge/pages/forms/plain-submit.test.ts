import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../test-support.js';
import { FORM_MESSAGES as M } from '../../../domain/messages/form-messages.js';
import { CRUMB_FAIL_MESSAGE } from '../../middleware/crumb/index.js';
import { TestVisitor } from '../../api/forms/test-visitor.js';

/**
 * The contact form posted form-encoded, as a browser without JavaScript posts it: stored
 * once with a server-minted key (time-to-fill from the crumb's issue time), 303 to the thank-you state; refusals show the page again
 * with the messages and the visitor's values; other sites' posts change nothing.
 */
let worker: RunningWorker;
let formId: string;
let origin: string;
beforeAll(async () => {
  worker = await startWorker();
  const ctx = (await new TestVisitor(worker).req('GET', '/contact?format=json')).json;
  formId = ctx.collection.form.id;
  origin = new URL((await worker.fetch('/contact')).url || 'http://localhost/').origin;
});
afterAll(() => worker?.dispose());

const ENCODED = { 'content-type': 'application/x-www-form-urlencoded' };

function body(fields: Record<string, string>): string {
  return new URLSearchParams({ pagePath: '/contact', ...fields }).toString();
}

/** A visitor who arrived `agoMs` ago (their crumb's issue time starts the time-to-fill clock). */
async function arrived(agoMs = 20_000): Promise<TestVisitor> {
  const v = await TestVisitor.arrive(worker);
  expect(Number(v.jar.get('crumbAt'))).toBeGreaterThan(Date.now() - 60_000);
  v.jar.set('crumbAt', String(Date.now() - agoMs));
  return v;
}

const good = (n: string) => ({ 'name.first': 'Ada', 'name.last': `Plain${n}`, email: `plain${n}@example.com`, topic: 'Workshops', message: `Hello ${n}` });

async function stored(n: string) {
  return (await worker.db.prepare("SELECT status, held_reason, page_path FROM form_submissions WHERE search_text LIKE ?").bind(`%plain${n}%`).all()).results;
}

describe('POST /forms/:formId (no JavaScript)', () => {
  it('is where the server-rendered form posts, with its page path (and nothing per visitor or per render)', async () => {
    const html = (await new TestVisitor(worker).req('GET', '/contact')).text;
    expect(html).toContain(`action="/forms/${formId}"`);
    expect(html).toContain('<input type="hidden" name="pagePath" value="/contact">');
    expect(html).not.toContain('name="crumb"');
  });

  it('stores a valid post once and answers 303 to the thank-you state; the same post again stores nothing', async () => {
    const v = await arrived();
    const sent = body(good('one'));
    const post = () => v.req('POST', `/forms/${formId}`, sent, { ...ENCODED, origin });
    const res = await post();
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/contact?form-submitted=${formId}#form-${formId}`);
    expect(await stored('one')).toEqual([{ status: 'received', held_reason: null, page_path: '/contact' }]);
    expect((await post()).status).toBe(303);
    expect(await stored('one')).toHaveLength(1);
    const thanks = (await v.req('GET', `/contact?form-submitted=${formId}`)).text;
    expect(thanks).toContain('form-submission-text');
    expect(thanks).not.toContain(`action="/forms/${formId}"`);
  });

  it('answers the same post again with its 303 past the visitor budget, spending none of it, while a new post gets 429 (issue 35)', async () => {
    const v = await arrived();
    const sent = body(good('replay'));
    const post = () => v.req('POST', `/forms/${formId}`, sent, { ...ENCODED, origin });
    expect((await post()).status).toBe(303);
    // The rest of the visitor's budget (10 a minute) goes on refused posts.
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await v.req('POST', `/forms/${formId}`, body({ ...good(`bad${i}`), email: 'bad' }), { ...ENCODED, origin })).status);
    expect(statuses).toContain(429);
    for (let i = 0; i < 20; i++) expect((await post()).status).toBe(303);
    expect((await v.req('POST', `/forms/${formId}`, body(good('fresh')), { ...ENCODED, origin })).status).toBe(429);
    expect(await stored('replay')).toHaveLength(1);
    expect(await stored('fresh')).toHaveLength(0);
  });

  it('shows the page again with the SPEC §5 messages and the values kept, then takes the corrected post', async () => {
    const v = await arrived();
    const res = await v.req('POST', `/forms/${formId}`, body({ ...good('two'), email: 'not-an-email', 'name.last': '' }), { ...ENCODED, origin });
    expect(res.status).toBe(400);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = res.text;
    expect(html.match(new RegExp(`<p class="form-notice form-notice-(above|below)" role="alert">${M.invalidFields}</p>`, 'g'))).toHaveLength(2);
    expect(html).toContain(`<p class="field-error" role="alert">${M.emailInvalid}</p>`);
    expect(html).toContain(`<p class="field-error" role="alert">${M.required}</p>`);
    expect(html).toContain('name="name.first" value="Ada"');
    expect(html).toContain('value="not-an-email"');
    expect(html).toContain('<option value="Workshops" selected>Workshops</option>');
    expect(html).toContain('>Hello two</textarea>');
    expect(html).toContain('<p class="form-counter" aria-live="polite">9 / 2000</p>');
    const crumb = html.match(/name="crumb" value="([^"]+)"/)?.[1];
    expect(crumb).toBe(v.crumb);
    expect(await stored('two')).toEqual([]);
    // The re-rendered form carries the crumb, so its post needs no Origin header.
    const again = await v.req('POST', `/forms/${formId}`, body({ ...good('two'), crumb: crumb! }), ENCODED);
    expect(again.status).toBe(303);
    expect(await stored('two')).toHaveLength(1);
  });

  it('escapes what was posted when showing it again', async () => {
    const v = await arrived();
    const res = await v.req('POST', `/forms/${formId}`, body({ ...good('x'), email: '"><script>alert(1)</script>' }), { ...ENCODED, origin });
    expect(res.status).toBe(400);
    expect(res.text).not.toContain('<script>alert(1)</script>');
    expect(res.text).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it("refuses another site's post, a post without the crumb cookie and a wrong crumb field, storing nothing", async () => {
    const v = await arrived();
    const evil = await v.req('POST', `/forms/${formId}`, body(good('three')), { ...ENCODED, origin: 'https://evil.example' });
    expect(evil.status).toBe(401);
    expect(evil.text).toContain(CRUMB_FAIL_MESSAGE);
    const noCookie = await new TestVisitor(worker).req('POST', `/forms/${formId}`, body(good('three')), { ...ENCODED, origin });
    expect(noCookie.status).toBe(401);
    const wrong = await v.req('POST', `/forms/${formId}`, body({ ...good('three'), crumb: 'x'.repeat(30) }), ENCODED);
    expect(wrong.status).toBe(401);
    const noOrigin = await v.req('POST', `/forms/${formId}`, body(good('three')), ENCODED);
    expect(noOrigin.status).toBe(401);
    expect(await stored('three')).toEqual([]);
  });

  it('holds a filled honeypot and a post sooner after arriving than a person types, without telling the sender', async () => {
    const v = await arrived();
    const honey = await v.req('POST', `/forms/${formId}`, body({ ...good('four'), 'hp-website': 'http://spam.example' }), { ...ENCODED, origin });
    expect(honey.status).toBe(303);
    const hasty = await arrived(0);
    const fast = await hasty.req('POST', `/forms/${formId}`, body(good('five')), { ...ENCODED, origin });
    expect(fast.status).toBe(303);
    hasty.jar.set('crumbAt', String(Date.now() + 60_000));
    const forged = await hasty.req('POST', `/forms/${formId}`, body(good('six')), { ...ENCODED, origin });
    expect(forged.status).toBe(303);
    expect(await stored('four')).toEqual([{ status: 'held', held_reason: 'honeypot', page_path: '/contact' }]);
    expect(await stored('five')).toEqual([{ status: 'held', held_reason: 'too-fast', page_path: '/contact' }]);
    expect(await stored('six')).toEqual([{ status: 'held', held_reason: 'too-fast', page_path: '/contact' }]);
  });

  it('answers 404 for a form that does not exist and never redirects off the site', async () => {
    const v = await arrived();
    const missing = await v.req('POST', '/forms/no-such-form', body(good('seven')), { ...ENCODED, origin });
    expect(missing.status).toBe(404);
    expect(missing.text).toContain(M.status404);
    const off = await v.req('POST', `/forms/${formId}`, body({ ...good('eight'), pagePath: '//evil.example/x' }), { ...ENCODED, origin });
    expect(off.headers.get('location')).toBe(`/?form-submitted=${formId}#form-${formId}`);
  });
});

describe('the success redirect (issue 33, finding 10)', () => {
  const redirectTo = (target: string | null) => worker.db.prepare('UPDATE forms SET success_redirect = ? WHERE id = ?').bind(target, formId).run();

  it.each(['/.//evil.example/x', '/./\\evil.example', '/%2e//evil.example', '/a/..//evil.example'])(
    'is checked after URL normalisation: %s never leaves the site',
    async (target) => {
      await redirectTo(target);
      try {
        const v = await arrived();
        const res = await v.req('POST', `/forms/${formId}`, body(good(`redir${Math.random()}`)), { ...ENCODED, origin });
        expect(res.status).toBe(303);
        const location = res.headers.get('location')!;
        // What a browser makes of it: the path after dot segments are resolved.
        expect(new URL(location, origin).pathname).toMatch(/^\/(?![/\\])/);
        expect(new URL(location, origin).origin).toBe(origin);
      } finally {
        await redirectTo(null);
      }
    },
  );

  it('keeps a same-site path and an owner-chosen absolute address', async () => {
    for (const [target, expected] of [['/thanks?x=1', '/thanks?x=1'], ['https://example.com/done', 'https://example.com/done']] as const) {
      await redirectTo(target);
      try {
        const v = await arrived();
        const res = await v.req('POST', `/forms/${formId}`, body(good(`keep${Math.random()}`)), { ...ENCODED, origin });
        expect(res.headers.get('location')).toBe(expected);
      } finally {
        await redirectTo(null);
      }
    }
  });
});
