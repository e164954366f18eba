import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../../domain/roles/roles.js';
import { createSiteUser, demoOwner, jsonOrUndefined, signIn, startWorker, type RunningWorker, type SignedIn } from '../../test-support.js';

/** SPEC §7 multilingual calls and the translations owner API (issue 29) on the real worker. */
let worker: RunningWorker;
let owner: SignedIn;
const sessions = new Map<number, SignedIn>();

beforeAll(async () => {
  worker = await startWorker({ bindings: { PAGE_CACHE_SITE_TTL_MS: '0' } });
  const demo = await demoOwner();
  owner = await signIn(worker, demo.email, demo.password);
  for (const role of [ROLE.websiteManager, ROLE.editor]) {
    const email = `languages-${role}@lang.test`;
    await createSiteUser(worker, { email, password: 'languages-Password-1', roles: [role] });
    sessions.set(role, await signIn(worker, email, 'languages-Password-1'));
  }
}, 120_000);
afterAll(() => worker?.dispose());

async function call(method: string, path: string, body?: unknown, who: SignedIn | null = owner) {
  const res = await worker.fetch(`/api/multilingual${path}`, {
    method,
    headers: { ...(who?.headers ?? {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: jsonOrUndefined(await res.text()) };
}

const mugId = async () => (await worker.db.prepare("SELECT id FROM items WHERE url_id = 'speckled-stoneware-mug'").first<{ id: string }>())!.id;

describe('settings, languages and the connection', () => {
  it('reads the seeded settings: English primary, French published', async () => {
    const { status, json } = await call('GET', '/settings');
    expect(status).toBe(200);
    expect(json.enabled).toBe(true);
    expect(json.primaryLanguage).toBe('en-US');
    expect(json.languages.map((l: { code: string }) => l.code)).toEqual(['en-US', 'fr']);
    expect(json.languages[1]).toMatchObject({ code: 'fr', prefix: '/fr', primary: false, rtl: false, published: true });
    expect((await call('GET', '/languages')).json).toEqual({ primaryLanguage: 'en-US', languages: ['en-US', 'fr'], enabled: true });
  });

  it('PUT languages validates BCP-47 tags, canonicalises them and refuses duplicates', async () => {
    const bad = await call('PUT', '/languages', { languages: ['en-US', 'french'] });
    expect(bad.status).toBe(400);
    expect(bad.json.fields['languages.1']).toBe('Enter a language as a BCP-47 tag, such as fr or pt-BR.');
    const dup = await call('PUT', '/languages', { languages: ['en-US', 'fr', 'FR'] });
    expect(dup.status).toBe(400);
    expect(dup.json.fields['languages.2']).toBe('Each language can be added once.');
    expect((await call('PUT', '/languages', { languages: [] })).status).toBe(400);
    const ok = await call('PUT', '/languages', { languages: ['en-US', 'fr', 'ar-eg'] });
    expect(ok.status).toBe(200);
    expect(ok.json.enabled).toBe(true);
    expect(ok.json.languages.map((l: { code: string }) => l.code)).toEqual(['en-US', 'fr', 'ar-EG']);
    expect(ok.json.languages[2]).toMatchObject({ prefix: '/ar-eg', rtl: true, published: true });
  });

  it('the header option hides the switcher and keeps the hreflang alternates', async () => {
    const off = await call('PUT', '/languages', { languages: ['en-US', 'fr', 'ar-EG'], showSwitcher: false });
    expect(off.json.showSwitcher).toBe(false);
    let html = await (await worker.fetch('/about')).text();
    expect(html).not.toContain('class="language-switcher"');
    expect(html).toContain('hreflang="fr"');
    expect((await call('GET', '/settings')).json.showSwitcher).toBe(false);
    expect((await call('PUT', '/languages', { languages: ['en-US', 'fr', 'ar-EG'], showSwitcher: true })).json.showSwitcher).toBe(true);
    html = await (await worker.fetch('/about')).text();
    expect(html).toContain('class="language-switcher"');
  });

  it('a right-to-left language renders with dir="rtl"', async () => {
    const html = await (await worker.fetch('/ar-eg/about')).text();
    expect(html).toMatch(/<html lang="ar-EG" dir="rtl"/);
  });

  it('status counts missing, draft and done texts per added language', async () => {
    const { status, json } = await call('GET', '/status');
    expect(status).toBe(200);
    const fr = json.languages.find((l: { code: string }) => l.code === 'fr');
    const ar = json.languages.find((l: { code: string }) => l.code === 'ar-EG');
    expect(fr.counts.done).toBeGreaterThan(30);
    expect(fr.counts.missing).toBeGreaterThan(0);
    expect(ar.counts.done).toBe(0);
    expect(ar.counts.missing).toBe(fr.counts.missing + fr.counts.done + fr.counts.draft);
  });

  it('removing a language unpublishes it and keeps its translations stored', async () => {
    const before = (await worker.db.prepare("SELECT count(*) AS n FROM translations WHERE language = 'fr'").first<{ n: number }>())!.n;
    expect((await call('PUT', '/languages', { languages: ['en-US', 'ar-EG'] })).status).toBe(200);
    expect((await worker.fetch('/fr/about')).status).toBe(404);
    expect((await worker.db.prepare("SELECT count(*) AS n FROM translations WHERE language = 'fr'").first<{ n: number }>())!.n).toBe(before);
    expect((await call('PUT', '/languages', { languages: ['en-US', 'fr'] })).status).toBe(200);
    expect(await (await worker.fetch('/fr/about')).text()).toContain('Livraison et retours');
  });

  it('DELETE connection turns multilingual off and keeps the list; PUT languages turns it on again', async () => {
    const off = await call('DELETE', '/connection');
    expect(off.status).toBe(200);
    expect(off.json.enabled).toBe(false);
    expect(off.json.languages.map((l: { code: string }) => l.code)).toEqual(['en-US', 'fr']);
    expect((await worker.fetch('/fr/')).status).toBe(404);
    expect((await call('PUT', '/languages', { languages: ['en-US', 'fr'] })).json.enabled).toBe(true);
    expect((await worker.fetch('/fr/')).status).toBe(200);
  });
});

describe('translations', () => {
  it('lists missing, draft and done texts of a language, with their source', async () => {
    const { status, json } = await call('GET', '/translations?language=fr&status=missing');
    expect(status).toBe(200);
    expect(json.texts.length).toBe(json.counts.missing);
    expect(json.texts.every((t: { status: string; text: unknown }) => t.status === 'missing' && t.text === null)).toBe(true);
    const all = (await call('GET', '/translations?language=fr')).json;
    const mug = all.texts.find((t: { kind: string; fieldKey: string; source: string }) => t.kind === 'product' && t.fieldKey === 'title' && t.source === 'Speckled Stoneware Mug');
    expect(mug).toMatchObject({ text: 'Tasse en grès moucheté', status: 'done' });
    expect((await call('GET', '/translations?language=de')).status).toBe(422);
  });

  it('PUT one text: a draft is stored but not shown, done shows on the French page at once', async () => {
    const entityId = await mugId();
    const draft = await call('PUT', '/translations', { kind: 'product', entityId, fieldKey: 'title', language: 'fr', text: 'Mug moucheté', status: 'draft' });
    expect(draft.status).toBe(200);
    expect(draft.json).toMatchObject({ status: 'draft', text: 'Mug moucheté' });
    let html = await (await worker.fetch('/fr/shop/speckled-stoneware-mug')).text();
    expect(html).not.toContain('Mug moucheté');
    expect(html).toContain('Speckled Stoneware Mug');
    expect((await call('PUT', '/translations', { kind: 'product', entityId, fieldKey: 'title', language: 'fr', text: 'Mug moucheté', status: 'done' })).status).toBe(200);
    html = await (await worker.fetch('/fr/shop/speckled-stoneware-mug')).text();
    expect(html).toContain('Mug moucheté');
    // The translated search index follows.
    expect(await (await worker.fetch('/fr/search?q=moucheté')).text()).toContain('Mug moucheté');
  });

  it('If-Match: a save based on an older updatedOn answers 412 with the current text and stores nothing', async () => {
    const entityId = await mugId();
    const key = { kind: 'product', entityId, fieldKey: 'excerpt', language: 'fr' };
    const put = (text: string, ifMatch?: string) =>
      worker.fetch('/api/multilingual/translations', {
        method: 'PUT',
        headers: { ...owner.headers, 'Content-Type': 'application/json', ...(ifMatch === undefined ? {} : { 'If-Match': ifMatch }) },
        body: JSON.stringify({ ...key, text }),
      });
    const row = (await call('GET', '/translations?language=fr')).json.texts.find((t: { kind: string; entityId: string; fieldKey: string }) => t.kind === 'product' && t.entityId === entityId && t.fieldKey === 'excerpt');
    const first = await put('Premier', `"${row.updatedOn ?? 0}"`);
    expect(first.status).toBe(200);
    const saved = (await first.json()) as { updatedOn: number };
    expect(first.headers.get('etag')).toBe(`"${saved.updatedOn}"`);
    expect(saved.updatedOn).toBeGreaterThan(row.updatedOn ?? 0);
    // A second owner still holding the old version is refused.
    const stale = await put('Second', `"${row.updatedOn ?? 0}"`);
    expect(stale.status).toBe(412);
    const body = (await stale.json()) as { error: string; message: string; current: { text: string; updatedOn: number } };
    expect(body).toMatchObject({ error: 'version_conflict', message: 'Someone else saved this translation since you opened it. Reload to see their text, then edit again.' });
    expect(body.current).toMatchObject({ text: 'Premier', updatedOn: saved.updatedOn });
    expect((await put('x', 'seven')).status).toBe(400);
    // Two saves based on the same version at once: exactly one wins.
    const both = await Promise.all([put('Un', `"${saved.updatedOn}"`), put('Deux', `"${saved.updatedOn}"`)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 412]);
    const winner = both[0]!.status === 200 ? 'Un' : 'Deux';
    const now = (await worker.db.prepare("SELECT text FROM translations WHERE entity_id = ? AND field_key = 'excerpt' AND language = 'fr'").bind(entityId).first<{ text: string }>())!;
    expect(now.text).toBe(winner);
    // A missing text is saved with If-Match "0"; a second "0" finds it saved.
    const missing = (await call('GET', '/translations?language=fr&status=missing')).json.texts.find((t: { kind: string }) => t.kind === 'system');
    const create = (text: string) =>
      worker.fetch('/api/multilingual/translations', {
        method: 'PUT',
        headers: { ...owner.headers, 'Content-Type': 'application/json', 'If-Match': '"0"' },
        body: JSON.stringify({ kind: missing.kind, entityId: missing.entityId, fieldKey: missing.fieldKey, language: 'fr', text }),
      });
    expect((await create('Nouveau')).status).toBe(200);
    expect((await create('Encore')).status).toBe(412);
  });

  it('a translation whose original changed since is outdated until saved again; seeded ones are not', async () => {
    const entityId = await mugId();
    const find = async () =>
      ((await call('GET', '/translations?language=fr')).json.texts as { kind: string; entityId: string; fieldKey: string; outdated: boolean; status: string }[]).find(
        (t) => t.kind === 'product' && t.entityId === entityId && t.fieldKey === 'excerpt',
      );
    expect((await call('GET', '/translations?language=fr')).json.texts.filter((t: { outdated: boolean }) => t.outdated)).toEqual([]);
    expect((await call('PUT', '/translations', { kind: 'product', entityId, fieldKey: 'excerpt', language: 'fr', text: '<p>Une tasse mouchetée.</p>' })).status).toBe(200);
    expect(await find()).toMatchObject({ status: 'done', outdated: false });
    const { excerpt } = (await worker.db.prepare('SELECT excerpt FROM items WHERE id = ?').bind(entityId).first<{ excerpt: string }>())!;
    await worker.db.prepare('UPDATE items SET excerpt = ? WHERE id = ?').bind('<p>Now in blue.</p>', entityId).run();
    expect(await find()).toMatchObject({ status: 'done', outdated: true });
    expect((await call('PUT', '/translations', { kind: 'product', entityId, fieldKey: 'excerpt', language: 'fr', text: '<p>Maintenant en bleu.</p>' })).status).toBe(200);
    expect(await find()).toMatchObject({ outdated: false });
    await worker.db.prepare('UPDATE items SET excerpt = ? WHERE id = ?').bind(excerpt, entityId).run();
    expect(await find()).toMatchObject({ outdated: true });
  });

  it('refuses a text the site does not have, a language not added and a bad body', async () => {
    expect((await call('PUT', '/translations', { kind: 'product', entityId: 'nope', fieldKey: 'title', language: 'fr', text: 'x' })).status).toBe(404);
    expect((await call('PUT', '/translations', { kind: 'system', entityId: 'strings', fieldKey: 'productAddToCartText', language: 'de', text: 'x' })).status).toBe(422);
    expect((await call('PUT', '/translations', { kind: 'weird', entityId: 'strings', fieldKey: 'x', language: 'fr', text: 'x' })).status).toBe(400);
  });
});

describe('export and import (XLIFF 2.0 and JSON)', () => {
  const download = async (format: 'xliff' | 'json', who: SignedIn = owner) => {
    const res = await worker.fetch(`/api/multilingual/translations/export?language=fr&format=${format}`, { headers: who.headers });
    return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), body: await res.text() };
  };
  const upload = (content: string) => call('POST', '/translations/import', { content });
  const list = async () => (await call('GET', '/translations?language=fr')).json as { counts: Record<string, number>; texts: { kind: string; entityId: string; fieldKey: string; source: string; text: string | null; status: string }[] };
  const storedCount = async () => (await worker.db.prepare("SELECT count(*) AS n FROM translations WHERE language = 'fr'").first<{ n: number }>())!.n;

  it('exports every text as an XLIFF 2.0 file: states, sources, targets, escaped', async () => {
    const file = await download('xliff');
    expect(file.status).toBe(200);
    expect(file.type).toBe('application/xliff+xml; charset=utf-8');
    expect(file.disposition).toBe('attachment; filename="translations-fr.xlf"');
    expect(file.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en-US" trgLang="fr">/);
    expect(file.body).toContain('<segment state="final">\n        <source>Add To Cart</source>\n        <target>Ajouter au panier</target>');
    expect(file.body).toContain('<source>Mugs &amp; Cups</source>');
    const { counts } = await list();
    expect(file.body.match(/<unit /g)).toHaveLength(counts.missing! + counts.draft! + counts.done!);
    expect(file.body.match(/<segment state="initial">/g)).toHaveLength(counts.missing!);
  });

  it('round trip: an XLIFF file edited by a translator comes back, and a JSON export re-imported changes nothing', async () => {
    const before = await list();
    const missing = before.texts.find((t) => t.status === 'missing' && t.kind === 'product')!;
    let xliff = (await download('xliff')).body;
    // The translator fills in a missing text (marks it final) and rewrites a done one.
    const at = xliff.indexOf(`<source>${missing.source.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')}</source>`);
    expect(at).toBeGreaterThan(0);
    const segmentStart = xliff.lastIndexOf('<segment state="initial">', at);
    xliff = `${xliff.slice(0, segmentStart)}<segment state="final">\n        ${xliff.slice(at).replace('</source>', '</source><target>Traduit &amp; importé</target>')}`;
    xliff = xliff.replace('<target>Ajouter au panier</target>', '<target>Mettre dans le panier</target>');
    const imported = await upload(xliff);
    expect(imported.status, JSON.stringify(imported.json)).toBe(200);
    expect(imported.json.language).toBe('fr');
    // Only the new text and the rewritten one are written; every other unit is unchanged.
    expect(imported.json.imported).toBe(2);
    expect(imported.json.counts).toEqual({ new: 1, changed: 1, unchanged: before.counts.draft! + before.counts.done! - 1, refused: 0 });
    const after = await list();
    expect(after.counts.missing).toBe(before.counts.missing! - 1);
    expect(after.texts.find((t) => t.kind === missing.kind && t.entityId === missing.entityId && t.fieldKey === missing.fieldKey)).toMatchObject({ text: 'Traduit & importé', status: 'done' });
    expect(await (await worker.fetch('/fr/shop/speckled-stoneware-mug')).text()).toContain('Mettre dans le panier');

    const json = await download('json');
    expect(json.type).toBe('application/json; charset=utf-8');
    expect(json.disposition).toBe('attachment; filename="translations-fr.json"');
    expect(JSON.parse(json.body)).toMatchObject({ format: 'atelier-translations', version: 1, sourceLanguage: 'en-US', language: 'fr' });
    const again = await upload(json.body);
    expect(again.status).toBe(200);
    expect(again.json.imported).toBe(0);
    // The same texts and states (only the times the rows were written moved).
    const unstamped = (l: Awaited<ReturnType<typeof list>>) => ({ ...l, texts: l.texts.map(({ updatedOn: _, ...t }: Record<string, unknown>) => t) });
    expect(unstamped(await list())).toEqual(unstamped(after));
  });

  it('a bad file answers 422 naming what is wrong, and nothing of it is saved', async () => {
    const count = await storedCount();
    const good = (await download('xliff')).body.replace('<target>Mettre dans le panier</target>', '<target>Changé</target>');
    const cases: [string, RegExp][] = [
      ['<xliff version="2.0"><file>', /^This XLIFF file is not well-formed XML/],
      ['<xliff version="1.2" trgLang="fr"></xliff>', /^This is not an XLIFF 2.0 file/],
      ['{"texts": []}', /^This JSON file is not a translations file from this site/],
      ['not a file', /^This file is neither XLIFF 2.0 nor valid JSON\.$/],
      // One good change and one unit this site never wrote: the good change is not saved either.
      [good.replace('<file id="site">', '<file id="site"><unit id="uW10"><segment state="final"><source>x</source><target>y</target></segment></unit>'), /has an id this site did not write/],
      [good.replace('trgLang="fr"', 'trgLang="de"'), /^Add this language to the site before translating into it\.$/],
    ];
    for (const [content, message] of cases) {
      const res = await upload(content);
      expect(res.status, content.slice(0, 80)).toBe(422);
      expect(res.json.message).toMatch(message);
    }
    expect(await storedCount()).toBe(count);
    expect(await (await worker.fetch('/fr/shop/speckled-stoneware-mug')).text()).not.toContain('Changé');
  });

  it('preview counts new, changed, unchanged and refused units (with reasons) and saves nothing; import then saves the same', async () => {
    const before = await list();
    const count = await storedCount();
    const file = JSON.parse((await download('json')).body) as { texts: { kind: string; entityId: string; fieldKey: string; source: string; text: string | null; status: string }[] };
    const missing = file.texts.find((t) => t.status === 'missing' && t.kind === 'system')!;
    missing.text = 'Nouveau texte';
    missing.status = 'done';
    const done = file.texts.find((t) => t.status === 'done' && t.kind === 'product' && t.fieldKey === 'title')!;
    done.text = 'Titre <em>révisé</em>';
    file.texts.push({ ...done, entityId: 'no-such-item' }, { ...done, text: 'Deuxième fois' });
    const content = JSON.stringify(file);
    const preview = await call('POST', '/translations/import/preview', { content });
    expect(preview.status, JSON.stringify(preview.json)).toBe(200);
    const unchanged = before.counts.draft! + before.counts.done! - 1;
    expect(preview.json.counts).toEqual({ new: 1, changed: 1, unchanged, refused: 2 });
    expect(preview.json.changes).toHaveLength(2);
    expect(preview.json.changes).toEqual(expect.arrayContaining([
      expect.objectContaining({ kind: 'product', entityId: done.entityId, fieldKey: 'title', change: 'changed', beforeStatus: 'done', text: 'Titre <em>révisé</em>', status: 'done' }),
      expect.objectContaining({ kind: 'system', fieldKey: missing.fieldKey, change: 'new', before: null, beforeStatus: 'missing', source: missing.source, text: 'Nouveau texte', status: 'done' }),
    ]));
    expect(preview.json.refused).toEqual([
      { kind: 'product', entityId: 'no-such-item', fieldKey: 'title', reason: 'The site has no such text (it may have been removed since the file was exported).' },
      { kind: 'product', entityId: done.entityId, fieldKey: 'title', reason: 'The file translates this text more than once; only its first translation is used.' },
    ]);
    expect(await storedCount()).toBe(count);

    const applied = await call('POST', '/translations/import', { content });
    expect(applied.status).toBe(200);
    expect(applied.json).toMatchObject({ language: 'fr', imported: 2, counts: { new: 1, changed: 1, unchanged, refused: 2 } });
    expect(await storedCount()).toBe(count + 1);
    const after = await list();
    expect(after.texts.find((t) => t.kind === 'product' && t.entityId === done.entityId && t.fieldKey === 'title')).toMatchObject({ text: 'Titre <em>révisé</em>', status: 'done' });
    expect((await call('POST', '/translations/import/preview', { content })).json.counts).toEqual({ new: 0, changed: 0, unchanged: unchanged + 2, refused: 2 });
    expect((await call('POST', '/translations/import/preview', { content: 'not a file' })).status).toBe(422);
  });

  it('an editor may neither export nor import', async () => {
    expect((await download('json', sessions.get(ROLE.editor)!)).status).toBe(403);
    expect((await call('POST', '/translations/import', { content: '{}' }, sessions.get(ROLE.editor)!)).status).toBe(403);
  });
});

describe('roles and crumbs', () => {
  it('admin and website manager may; an editor may not; anonymous visitors must sign in', async () => {
    expect((await call('GET', '/settings', undefined, sessions.get(ROLE.websiteManager)!)).status).toBe(200);
    expect((await call('PUT', '/languages', { languages: ['en-US', 'fr'] }, sessions.get(ROLE.websiteManager)!)).status).toBe(200);
    expect((await call('GET', '/settings', undefined, sessions.get(ROLE.editor)!)).status).toBe(403);
    expect((await call('PUT', '/translations', {}, sessions.get(ROLE.editor)!)).status).toBe(403);
    expect((await call('GET', '/status', undefined, null)).status).toBe(401);
  });

  it('a state-changing call without the crumb is refused', async () => {
    const cookieOnly = { Cookie: owner.cookie };
    const res = await worker.fetch('/api/multilingual/connection', { method: 'DELETE', headers: cookieOnly });
    expect(res.status).toBe(401);
  });
});
