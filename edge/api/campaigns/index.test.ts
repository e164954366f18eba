import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteUser, demoOwner, signIn, startWorker, type RunningWorker, type SignedIn } from '../../test-support.js';
import { addSubscribers, call as callAs, campaignMails, hrefsIn } from './test-campaigns.js';

/** /api/owner/campaigns and /api/campaigns/click over HTTP on the real worker. */
let worker: RunningWorker;
let admin: SignedIn;
let campaigns: SignedIn;
let editor: SignedIn;
let ownerEmail: string;

beforeAll(async () => {
  worker = await startWorker();
  const owner = await demoOwner();
  ownerEmail = owner.email;
  admin = await signIn(worker, owner.email, owner.password);
  await createSiteUser(worker, { email: 'writer@campaigns.test', password: 'campaigns-Password-1', roles: [11] });
  await createSiteUser(worker, { email: 'editor@campaigns.test', password: 'campaigns-Password-1', roles: [4] });
  campaigns = await signIn(worker, 'writer@campaigns.test', 'campaigns-Password-1');
  editor = await signIn(worker, 'editor@campaigns.test', 'campaigns-Password-1');
}, 60_000);
afterAll(() => worker?.dispose());

const call = (who: SignedIn | undefined, method: string, path: string, body?: unknown, extra?: Record<string, string>) => callAs(worker, who, method, path, body, extra);
const match = (version: number) => ({ 'If-Match': `"${version}"` });
const cron = async (at?: number) => expect((await worker.scheduled('* * * * *', at)).outcome).toBe('ok');

const doc = (text: string, href?: string) => ({
  type: 'doc',
  content: [
    { type: 'paragraph', content: [{ type: 'text', text }] },
    ...(href ? [{ type: 'paragraph', content: [{ type: 'text', text: 'Visit the studio', marks: [{ type: 'link', attrs: { href } }] }] }] : []),
  ],
});

async function newList(name: string): Promise<string> {
  const made = await call(admin, 'POST', '/api/owner/mailing-lists', { name });
  expect(made.status).toBe(201);
  return made.json.list.id;
}

describe('/api/owner/campaigns', () => {
  it('creates, edits with If-Match and deletes drafts; the subject is required; roles are checked', async () => {
    expect((await call(undefined, 'GET', '/api/owner/campaigns')).status).toBe(401);
    expect((await call(editor, 'GET', '/api/owner/campaigns')).status).toBe(403);
    expect((await call(editor, 'POST', '/api/owner/campaigns', { subject: 'x' })).status).toBe(403);
    const noSubject = await call(campaigns, 'POST', '/api/owner/campaigns', { subject: '  ' });
    expect(noSubject.status).toBe(400);
    expect(noSubject.json.fields.subject).toBe('Add an email subject');
    expect((await call(campaigns, 'POST', '/api/owner/campaigns', {})).json.fields.subject).toBe('Add an email subject');
    expect((await call(campaigns, 'POST', '/api/owner/campaigns', { subject: 'x', listId: 'nope' })).json.fields.listId).toBe('A List must be selected');

    const made = await call(campaigns, 'POST', '/api/owner/campaigns', { subject: 'Spring glazes', body: doc('New glazes are in.') });
    expect(made.status).toBe(201);
    expect(made.headers.get('ETag')).toBe('"1"');
    const c = made.json.campaign;
    expect(c).toMatchObject({ subject: 'Spring glazes', state: 'draft', version: 1, listId: null, counts: { recipients: 0, sent: 0, clicks: 0 } });
    expect(c.bodyHtml).toBe('<p>New glazes are in.</p>');

    const listed = await call(campaigns, 'GET', '/api/owner/campaigns');
    expect(listed.json.campaigns.map((x: { id: string }) => x.id)).toContain(c.id);
    expect(listed.json.lists[0]).toMatchObject({ name: 'Kiln Notes', confirmed: expect.any(Number) });

    const put = { subject: 'Spring glazes are here', body: doc('Edited <b>safely</b>') };
    expect((await call(campaigns, 'PUT', `/api/owner/campaigns/${c.id}`, put)).status).toBe(428);
    const saved = await call(campaigns, 'PUT', `/api/owner/campaigns/${c.id}`, put, match(1));
    expect(saved.status).toBe(200);
    expect(saved.json.campaign).toMatchObject({ subject: 'Spring glazes are here', version: 2 });
    expect(saved.json.campaign.bodyHtml).toBe('<p>Edited &lt;b&gt;safely&lt;/b&gt;</p>');
    // A stale screen: 412 with the current version; nothing changed.
    const stale = await call(admin, 'PUT', `/api/owner/campaigns/${c.id}`, { subject: 'Lost' }, match(1));
    expect(stale.status).toBe(412);
    expect(stale.json).toMatchObject({ error: 'version_conflict', current: { version: 2 } });
    expect((await call(admin, 'GET', `/api/owner/campaigns/${c.id}`)).json.campaign.subject).toBe('Spring glazes are here');
    expect((await call(campaigns, 'PUT', `/api/owner/campaigns/${c.id}`, { subject: '' }, match(2))).json.fields.subject).toBe('Add an email subject');

    expect((await call(campaigns, 'DELETE', `/api/owner/campaigns/${c.id}`, undefined, match(1))).status).toBe(412);
    expect((await call(campaigns, 'DELETE', `/api/owner/campaigns/${c.id}`, undefined, match(2))).status).toBe(204);
    expect((await call(campaigns, 'GET', `/api/owner/campaigns/${c.id}`)).status).toBe(404);
    // A campaigns editor does not edit pages.
    expect((await call(campaigns, 'GET', '/api/pages')).status).toBe(403);
  });

  it('previews the mail as sent and sends a test to the signed-in contributor through the outbox', async () => {
    const c = (await call(campaigns, 'POST', '/api/owner/campaigns', { subject: 'Kiln <open> day', body: doc('Come by.', 'https://example.com/kiln?day=1&time=2') })).json.campaign;
    const preview = await call(campaigns, 'GET', `/api/owner/campaigns/${c.id}/preview`);
    expect(preview.status).toBe(200);
    expect(preview.json.subject).toBe('Kiln <open> day');
    expect(preview.json.html).toContain('<title>Kiln &lt;open&gt; day</title>');
    expect(preview.json.html).toContain('<p>Come by.</p>');
    expect(preview.json.html).toContain('width="600"');
    // Links go through the signed click redirect, never straight to the target.
    expect(preview.json.html).not.toContain('href="https://example.com/kiln');
    const [click] = hrefsIn(preview.json.html, '/api/campaigns/click');
    expect(new URLSearchParams(click!.split('?')[1]).get('u')).toBe('https://example.com/kiln?day=1&time=2');
    expect(preview.json.text).toContain('Come by.');
    expect(preview.json.html).not.toContain('/api/campaigns/open');
    // A path of the site is made absolute with the site's origin before it is signed.
    const site = (await call(campaigns, 'POST', '/api/owner/campaigns', { subject: 'Paths', body: doc('See', '/journal') })).json.campaign;
    const sitePreview = (await call(campaigns, 'GET', `/api/owner/campaigns/${site.id}/preview`)).json;
    const siteClick = hrefsIn(sitePreview.html, '/api/campaigns/click')[0]!;
    expect(new URLSearchParams(siteClick.split('?')[1]).get('u')).toBe('http://localhost/journal');
    expect((await call(undefined, 'GET', siteClick)).headers.get('Location')).toBe('http://localhost/journal');

    const test = await call(campaigns, 'POST', `/api/owner/campaigns/${c.id}/test`);
    expect(test.json).toEqual({ sentTo: 'writer@campaigns.test' });
    const mine = await call(admin, 'POST', `/api/owner/campaigns/${c.id}/test`);
    expect(mine.json.sentTo).toBe(ownerEmail);
    const tests = await campaignMails(worker, 'campaign-test');
    expect(tests.map((m) => m.to)).toEqual(['writer@campaigns.test', ownerEmail]);
    expect(tests[0]!.subject).toBe('[Test] Kiln <open> day');
    // A test mail's link redirects but counts nothing.
    const res = await call(undefined, 'GET', hrefsIn(tests[0]!.html, '/api/campaigns/click')[0]!);
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('https://example.com/kiln?day=1&time=2');
    expect((await call(campaigns, 'GET', `/api/owner/campaigns/${c.id}`)).json.campaign.counts.clicks).toBe(0);
    // Sending a test changes nothing about the draft.
    expect((await call(campaigns, 'GET', `/api/owner/campaigns/${c.id}`)).json.campaign).toMatchObject({ state: 'draft', version: 1 });
  });

  it('sends to confirmed subscribers only, each once; clicks count and redirect; unsubscribing leaves the next campaign out', async () => {
    const listId = await newList('Studio friends');
    const states = ['confirmed', 'confirmed', 'pending', 'unsubscribed', 'confirmed'];
    await addSubscribers(worker, listId, states.length, (i) => `friend${i}@example.com`, (i) => states[i]!);
    let c = (await call(campaigns, 'POST', '/api/owner/campaigns', { subject: 'Firing news', body: doc('The kiln is hot.', 'https://example.com/firing') })).json.campaign;
    const noList = await call(campaigns, 'POST', `/api/owner/campaigns/${c.id}/send`, undefined, match(1));
    expect(noList.status).toBe(400);
    expect(noList.json.fields.listId).toBe('A List must be selected');
    c = (await call(campaigns, 'PUT', `/api/owner/campaigns/${c.id}`, { subject: 'Firing news', listId, body: doc('The kiln is hot.', 'https://example.com/firing') }, match(1))).json.campaign;
    expect((await call(campaigns, 'POST', `/api/owner/campaigns/${c.id}/send`)).status).toBe(428);
    const sent = await call(campaigns, 'POST', `/api/owner/campaigns/${c.id}/send`, undefined, match(2));
    expect(sent.json.campaign).toMatchObject({ state: 'sending', version: 3 });
    // Sending: no more edits, no second send.
    expect((await call(campaigns, 'PUT', `/api/owner/campaigns/${c.id}`, { subject: 'x' }, match(3))).status).toBe(409);
    expect((await call(campaigns, 'POST', `/api/owner/campaigns/${c.id}/send`, undefined, match(3))).status).toBe(409);

    await cron();
    await cron();
    const after = (await call(campaigns, 'GET', `/api/owner/campaigns/${c.id}`)).json.campaign;
    expect(after).toMatchObject({ state: 'sent', counts: { recipients: 3, sent: 3, clicks: 0, opens: 0 } });
    const mails = (await campaignMails(worker)).filter((m) => m.subject === 'Firing news');
    expect(mails.map((m) => m.to).sort()).toEqual(['friend0@example.com', 'friend1@example.com', 'friend4@example.com']);

    // friend0's mail loads its open pixel twice: one open. A forged pixel is refused.
    const pixel = [...mails.find((m) => m.to === 'friend0@example.com')!.html.matchAll(/<img src="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'))[0]!;
    expect(pixel).toContain('/api/campaigns/open?');
    for (let i = 0; i < 2; i++) {
      const res = await worker.fetch(new URL(pixel).pathname + new URL(pixel).search);
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toBe('image/gif');
      expect(res.headers.get('Cross-Origin-Resource-Policy')).toBe('cross-origin');
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(20);
    }
    expect((await call(undefined, 'GET', new URL(pixel).pathname + new URL(pixel).search.replace(/s=[^&]+/, 's=forged'))).status).toBe(400);
    expect((await call(campaigns, 'GET', `/api/owner/campaigns/${c.id}`)).json.campaign.counts.opens).toBe(1);
    // friend0 clicks twice: counted twice, redirected each time; a changed target is refused without a redirect.
    const mail0 = mails.find((m) => m.to === 'friend0@example.com')!;
    const link = hrefsIn(mail0.html, '/api/campaigns/click')[0]!;
    for (let i = 0; i < 2; i++) {
      const res = await call(undefined, 'GET', link);
      expect(res.status).toBe(302);
      expect(res.headers.get('Location')).toBe('https://example.com/firing');
    }
    const forged = link.replace(encodeURIComponent('https://example.com/firing'), encodeURIComponent('https://evil.example/'));
    expect(forged).not.toBe(link);
    const refused = await call(undefined, 'GET', forged);
    expect(refused.status).toBe(400);
    expect(refused.headers.get('Location')).toBeNull();
    expect((await call(undefined, 'GET', '/api/campaigns/click?u=https://evil.example/')).status).toBe(400);
    // Another recipient's signature does not count for friend1.
    const otherR = link.replace(/r=[^&]+/, `r=${encodeURIComponent(`${listId}-sub-00001`)}`);
    expect((await call(undefined, 'GET', otherR)).status).toBe(400);
    expect((await call(campaigns, 'GET', `/api/owner/campaigns/${c.id}`)).json.campaign.counts.clicks).toBe(2);
    // 20 clicks at once all count (atomic increments, no read-modify-write).
    const burst = await Promise.all(Array.from({ length: 20 }, () => call(undefined, 'GET', link)));
    expect(burst.every((r) => r.status === 302)).toBe(true);
    expect((await call(campaigns, 'GET', `/api/owner/campaigns/${c.id}`)).json.campaign.counts.clicks).toBe(22);
    const clicks = await worker.db.prepare('SELECT subscriber_id, clicks FROM campaign_recipients WHERE campaign_id = ? ORDER BY subscriber_id').bind(c.id).all();
    expect(clicks.results.map((r) => r['clicks'])).toEqual([22, 0, 0]);

    // friend1 unsubscribes with the mail's own link (the page-300 flow's POST).
    const mail1 = mails.find((m) => m.to === 'friend1@example.com')!;
    const unsub = new URL(`http://x${hrefsIn(mail1.html, '/newsletter/unsubscribe')[0]!}`).searchParams;
    expect(mail1.text).toContain('/newsletter/unsubscribe?s=');
    const page = await worker.fetch(hrefsIn(mail1.html, '/newsletter/unsubscribe')[0]!);
    expect(page.status).toBe(200);
    const res = await worker.fetch('/api/newsletter/unsubscribe', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `s=${encodeURIComponent(unsub.get('s')!)}&sig=${encodeURIComponent(unsub.get('sig')!)}`,
    });
    expect(res.status).toBe(200);
    const status = await worker.db.prepare('SELECT status FROM mailing_list_subscribers WHERE email = ?').bind('friend1@example.com').first<{ status: string }>();
    expect(status!.status).toBe('unsubscribed');

    const next = (await call(campaigns, 'POST', '/api/owner/campaigns', { subject: 'Second letter', listId })).json.campaign;
    await call(campaigns, 'POST', `/api/owner/campaigns/${next.id}/send`, undefined, match(1));
    await cron();
    const second = (await campaignMails(worker)).filter((m) => m.subject === 'Second letter');
    expect(second.map((m) => m.to).sort()).toEqual(['friend0@example.com', 'friend4@example.com']);

    // Each recipient's mail carries a one-click unsubscribe URL (List-Unsubscribe, RFC 8058): a mail client's POST works.
    const oneClick = await worker.db
      .prepare("SELECT list_unsubscribe AS url FROM mail_outbox WHERE kind = 'campaign' AND subject = 'Second letter' AND to_address = 'friend4@example.com'")
      .first<{ url: string }>();
    expect(oneClick!.url).toMatch(/^http:\/\/localhost\/api\/newsletter\/unsubscribe\?s=.+&sig=.+/);
    const clicked = await worker.fetch(new URL(oneClick!.url).pathname + new URL(oneClick!.url).search, {
      method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.status).toBe(200);
    const friend4 = await worker.db.prepare('SELECT status FROM mailing_list_subscribers WHERE email = ?').bind('friend4@example.com').first<{ status: string }>();
    expect(friend4!.status).toBe('unsubscribed');
    expect(await worker.db.prepare("SELECT count(*) AS n FROM mail_outbox WHERE kind = 'campaign-test' AND list_unsubscribe IS NOT NULL").first('n')).toBe(0);
  });

  it('schedules a send for later, cancels it, and the Cron Trigger sends it at its time', async () => {
    const listId = await newList('Scheduled readers');
    await addSubscribers(worker, listId, 3, (i) => `later${i}@example.com`);
    const c = (await call(campaigns, 'POST', '/api/owner/campaigns', { subject: 'Later news', listId })).json.campaign;
    const past = await call(campaigns, 'POST', `/api/owner/campaigns/${c.id}/schedule`, { at: Date.now() - 1000 }, match(1));
    expect(past.status).toBe(400);
    expect(past.json.fields.at).toBe('Choose a time to come for a scheduled send.');
    const at = Date.now() + 3_600_000;
    const scheduled = await call(campaigns, 'POST', `/api/owner/campaigns/${c.id}/schedule`, { at }, match(1));
    expect(scheduled.json.campaign).toMatchObject({ state: 'scheduled', scheduledFor: at, version: 2 });
    expect((await call(campaigns, 'DELETE', `/api/owner/campaigns/${c.id}`, undefined, match(2))).status).toBe(409);
    await cron();
    expect((await campaignMails(worker)).filter((m) => m.subject === 'Later news')).toHaveLength(0);
    const cancelled = await call(campaigns, 'POST', `/api/owner/campaigns/${c.id}/cancel`, undefined, match(2));
    expect(cancelled.json.campaign).toMatchObject({ state: 'draft', scheduledFor: null, version: 3 });
    expect((await call(campaigns, 'POST', `/api/owner/campaigns/${c.id}/cancel`, undefined, match(3))).status).toBe(409);
    await call(campaigns, 'POST', `/api/owner/campaigns/${c.id}/schedule`, { at }, match(3));
    await cron(at - 60_000);
    expect((await call(campaigns, 'GET', `/api/owner/campaigns/${c.id}`)).json.campaign.state).toBe('scheduled');
    await cron(at);
    expect((await call(campaigns, 'GET', `/api/owner/campaigns/${c.id}`)).json.campaign).toMatchObject({ state: 'sent', counts: { sent: 3 } });
    expect((await campaignMails(worker)).filter((m) => m.subject === 'Later news')).toHaveLength(3);
  });
});
