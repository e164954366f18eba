import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../../domain/roles/roles.js';
import { applyBrandTone } from '../../../domain/site-styles/brand-tones.js';
import { DEFAULT_SITE_STYLES, type SiteStyles } from '../../../domain/site-styles/site-styles.js';
import { createSiteUser, demoOwner, jsonOrUndefined, signIn, startWorker, type RunningWorker, type SignedIn } from '../../test-support.js';

/** The site styles API on the worker: draft and published, If-Match, validation, roles. */
let worker: RunningWorker;
let owner: SignedIn;
const sessions = new Map<number, SignedIn>();

beforeAll(async () => {
  worker = await startWorker();
  const demo = await demoOwner();
  owner = await signIn(worker, demo.email, demo.password);
  for (const role of [ROLE.editor, ROLE.draftEditor, ROLE.viewer, ROLE.storeManager]) {
    const email = `styles-${role}@design.test`;
    await createSiteUser(worker, { email, password: 'styles-Password-1', roles: [role] });
    sessions.set(role, await signIn(worker, email, 'styles-Password-1'));
  }
}, 120_000);
afterAll(() => worker?.dispose());

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, who: SignedIn = owner) {
  const res = await worker.fetch(`/api/site-styles${path}`, {
    method,
    headers: { ...who.headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: jsonOrUndefined(await res.text()), headers: res.headers };
}

const ifMatch = (version: number) => ({ 'If-Match': `"${version}"` });
const saveDraft = (styles: unknown, version: number, who?: SignedIn) => call('PUT', '/draft', { styles }, ifMatch(version), who);
const publish = (version: number, who?: SignedIn) => call('POST', '/publish', {}, ifMatch(version), who);
const revisions = async () => (await worker.db.prepare('SELECT COUNT(*) AS n FROM site_style_revisions').first<{ n: number }>())!.n;

describe('the site styles API', () => {
  it('starts with the defaults as draft version 0 and nothing published', async () => {
    const res = await call('GET', '', undefined, {}, sessions.get(ROLE.viewer)!);
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe('"0"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.json).toEqual({ draft: { version: 0, styles: DEFAULT_SITE_STYLES, author: null, savedAt: null }, published: null });
  });

  it('lists the fonts, each hosted one with its /assets stylesheet', async () => {
    const res = await call('GET', '/fonts');
    expect(res.json.fonts).toHaveLength(14);
    expect(res.json.fonts).toContainEqual(expect.objectContaining({ id: 'lora', name: 'Lora', category: 'serif', stylesheet: '/assets/fonts/v1/lora.css' }));
    expect(res.json.fonts).toContainEqual(expect.objectContaining({ id: 'system-sans', stylesheet: null }));
  });

  it('saves drafts under If-Match: 428 without, 412 when stale, nothing stored', async () => {
    const friendly = applyBrandTone(DEFAULT_SITE_STYLES, 'friendly');
    expect((await call('PUT', '/draft', { styles: friendly })).status).toBe(428);
    const first = await saveDraft(friendly, 0);
    expect(first.status).toBe(200);
    expect(first.headers.get('etag')).toBe('"1"');
    expect(first.json.draft).toMatchObject({ version: 1, styles: friendly, author: 'owner@fernandkiln.test' });
    expect(first.json.published).toBeNull();

    const stale = await saveDraft(DEFAULT_SITE_STYLES, 0);
    expect(stale.status).toBe(412);
    expect(stale.json).toMatchObject({ error: 'version_conflict', current: { version: 1, author: 'owner@fernandkiln.test' } });
    expect(stale.json.message).toBe('Someone else saved the site styles since you opened them. Reload to see their changes, then edit again.');
    expect(await revisions()).toBe(1);
  });

  it('of concurrent saves of one version exactly one is stored', async () => {
    const { json } = await call('GET', '');
    const base = json.draft.version as number;
    const tones = ['bold', 'quirky', 'playful', 'professional', 'innovative'] as const;
    const results = await Promise.all(tones.map((tone) => saveDraft(applyBrandTone(DEFAULT_SITE_STYLES, tone), base)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 412, 412, 412, 412]);
    expect((await call('GET', '')).json.draft.version).toBe(base + 1);
  });

  it('refuses colours, fonts and weights outside the rules, naming the field', async () => {
    const { json } = await call('GET', '');
    const version = json.draft.version as number;
    const before = await revisions();
    const bad = async (styles: unknown, field: string, message?: string) => {
      const res = await saveDraft(styles, version);
      expect(res.status, field).toBe(400);
      expect(res.json.error).toBe('invalid_request');
      expect(Object.keys(res.json.fields)).toContain(field);
      if (message) expect(res.json.fields[field]).toBe(message);
    };
    const s = DEFAULT_SITE_STYLES;
    await bad({ ...s, colors: { ...s.colors, accent: 'red;}</style><script>' } }, 'styles.colors.accent', 'Enter a colour as hex (#rrggbb) or rgba(r, g, b, a).');
    await bad({ ...s, fonts: { ...s.fonts, heading: { family: 'https://fonts.example/x.css', weight: 400, size: 30 } } }, 'styles.fonts.heading.family', 'Choose one of the fonts in the list.');
    await bad({ ...s, fonts: { ...s.fonts, heading: { family: 'pacifico', weight: 700, size: 30 } } }, 'styles.fonts.heading.weight', 'Pacifico comes in weights 400.');
    await bad({ ...s, cornerRadius: 500 }, 'styles.cornerRadius');
    await bad({ ...s, tone: 'grumpy' }, 'styles.tone');
    await bad({ ...s, css: 'body{}' }, 'styles');
    expect(await revisions()).toBe(before);
  });

  it('publishes the draft version named in If-Match, and 412 for any other', async () => {
    const { json } = await call('GET', '');
    const version = json.draft.version as number;
    expect((await call('POST', '/publish', {})).status).toBe(428);
    const stale = await publish(version - 1);
    expect(stale.status).toBe(412);
    expect(stale.json.current.version).toBe(version);
    const res = await publish(version);
    expect(res.status).toBe(200);
    expect(res.json.published).toMatchObject({ version, styles: json.draft.styles });
    // A later draft leaves the published styles as they were.
    const next = await saveDraft(DEFAULT_SITE_STYLES, version);
    expect(next.json.draft.version).toBe(version + 1);
    expect(next.json.published.version).toBe(version);
  });

  it('roles: viewers read, draft editors save drafts but cannot publish, store managers see nothing', async () => {
    const viewer = sessions.get(ROLE.viewer)!;
    const draftEditor = sessions.get(ROLE.draftEditor)!;
    const editor = sessions.get(ROLE.editor)!;
    const version = (await call('GET', '', undefined, {}, viewer)).json.draft.version as number;
    expect((await saveDraft(DEFAULT_SITE_STYLES, version, viewer)).status).toBe(403);
    expect((await call('GET', '', undefined, {}, sessions.get(ROLE.storeManager)!)).status).toBe(403);
    const saved = await saveDraft(applyBrandTone(DEFAULT_SITE_STYLES, 'bold') as SiteStyles, version, draftEditor);
    expect(saved.status).toBe(200);
    expect((await publish(version + 1, draftEditor)).status).toBe(403);
    expect((await publish(version + 1, editor)).status).toBe(200);
  });

  it('needs the crumb and a session', async () => {
    const noCrumb = await worker.fetch('/api/site-styles/publish', { method: 'POST', headers: { Cookie: owner.cookie, 'If-Match': '"1"' } });
    expect(noCrumb.status).toBe(401);
    expect(((await noCrumb.json()) as { crumbFail?: boolean }).crumbFail).toBe(true);
    expect((await worker.fetch('/api/site-styles')).status).toBe(401);
  });
});
