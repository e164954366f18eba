/**
 * Crash test: a flood of contact-form submissions, the store killed (SIGKILL) once some are
 * stored, restarted, and every visitor posting again with the same key (docs/crash-safety.md).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, CrashStore, type Answer } from './crash-store.js';

const VISITORS = 30;
let store: CrashStore;
const marker = `flood${randomUUID().slice(0, 8)}`;
let before: (Answer | undefined)[];
let replays: Answer[];
let again: Answer[];

const values = (i: number) => ({ name: ['Ada', `${marker}n${i}x`], email: `visitor${i}@example.com`, topic: 'Workshops', message: `Hello ${marker}n${i}x` });

beforeAll(async () => {
  store = await CrashStore.fresh();
  await store.start();
  const first = new Client(store);
  const page = (await first.send('GET', '/contact?format=json')).json;
  const pageId: string = page.collection.id;
  const visitors = await Promise.all(
    Array.from({ length: VISITORS }, async () => {
      const v = new Client(store);
      await v.send('GET', '/contact');
      const key = await v.send('POST', '/api/form/FormSubmissionKey', '');
      if (key.status !== 200) throw new Error(`FormSubmissionKey answered ${key.status}`);
      return { v, key: key.json.key as string };
    }),
  );
  // A person takes more than the time-to-fill minimum (3 s) to write: not held as too fast.
  await new Promise((resolve) => setTimeout(resolve, 3200));
  const post = (i: number) => {
    const { v, key } = visitors[i]!;
    return v.send('POST', '/api/form/SaveFormSubmission', { key, form: JSON.stringify(values(i)), pageTitle: 'Contact', pageId, contentSource: 'c', pagePath: '/contact' });
  };
  let settled = 0;
  before = new Array(VISITORS).fill(undefined);
  const flood = visitors.map((_, i) => post(i).then((a) => ((before[i] = a), settled++), () => settled++));
  await store.waitFor(`SELECT count(*) AS n FROM form_submissions WHERE search_text LIKE '%${marker}%'`, 10, () => settled === VISITORS);
  await store.kill();
  await Promise.all(flood);
  await store.start();
  replays = await Promise.all(visitors.map((_, i) => post(i)));
  again = await Promise.all(visitors.map((_, i) => post(i)));
}, 400_000);
afterAll(() => store?.dispose());

describe('a form-submission flood killed mid-way, restarted and posted again with the same keys', () => {
  it('answers every post again with the original success', () => {
    expect(replays.map((a) => `${a.status} ${JSON.stringify(a.json)}`)).toEqual(replays.map(() => '200 {"success":true}'));
    expect(again.map((a) => `${a.status} ${JSON.stringify(a.json)}`)).toEqual(again.map(() => '200 {"success":true}'));
    for (const a of before) if (a) expect(a.status).toBe(200);
  });

  it('stores each visitor once and notifies the owner once per submission', async () => {
    const stored = await store.sql<{ search_text: string; status: string }>(`SELECT search_text, status FROM form_submissions WHERE search_text LIKE '%${marker}%'`);
    const perVisitor = Array.from({ length: VISITORS }, (_, i) => stored.filter((s) => s.search_text.includes(`${marker}n${i}x`)).length);
    expect(perVisitor).toEqual(perVisitor.map(() => 1));
    expect(stored.every((s) => s.status === 'received')).toBe(true);
    const mails = await store.sql<{ text_body: string }>(`SELECT text_body FROM mail_outbox WHERE kind = 'form-notification' AND text_body LIKE '%${marker}%'`);
    const notified = Array.from({ length: VISITORS }, (_, i) => mails.filter((m) => m.text_body.includes(`${marker}n${i}x`)).length);
    expect(notified).toEqual(notified.map(() => 1));
  });
});
