import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE } from '../../../domain/roles/roles.js';
import { createSiteUser, demoOwner, signIn, startWorker, type RunningWorker } from '../../test-support.js';
import { ifMatch, pageClient, revisionCount, textLayout } from './test-pages.js';

/**
 * The lost-update race: 50 saves from 50 signed-in sessions, all based on the same
 * version, arrive at once. The version check and the insert are one D1 batch, so exactly
 * one is stored and the other 49 answer 412. (Drop `AND draft_version = ?` from the
 * statements in services/pages/page-writes.ts and all 50 are stored: this test fails.)
 */
const SESSIONS = 50;
let worker: RunningWorker;
let clients: ReturnType<typeof pageClient>[];

beforeAll(async () => {
  worker = await startWorker();
  clients = await Promise.all(
    Array.from({ length: SESSIONS }, async (_, i) => {
      const email = `editor-${i}@race.test`;
      await createSiteUser(worker, { email, password: 'race-Password-1', roles: [ROLE.editor] });
      return pageClient(worker, await signIn(worker, email, 'race-Password-1'));
    }),
  );
}, 180_000);
afterAll(() => worker?.dispose());

it('stores exactly one of 50 concurrent saves of one version; 49 answer 412 and store nothing', async () => {
  const demo = await demoOwner();
  const owner = pageClient(worker, await signIn(worker, demo.email, demo.password));
  const page = (await owner('POST', '', { title: 'Race' })).json.page as { id: string };
  const answers = await Promise.all(clients.map((save, i) => save('PUT', `/${page.id}/draft`, { layout: textLayout(`save ${i}`) }, ifMatch(1))));

  const won = answers.filter((a) => a.status === 200);
  const stale = answers.filter((a) => a.status === 412);
  expect(won).toHaveLength(1);
  expect(stale).toHaveLength(SESSIONS - 1);
  for (const a of stale) expect(a.json).toMatchObject({ error: 'version_conflict', current: { version: 2 } });
  expect(await revisionCount(worker, page.id)).toBe(2);

  const winner = answers.findIndex((a) => a.status === 200);
  const stored = await worker.db.prepare('SELECT document, author_name FROM page_revisions WHERE page_id = ? AND version = 2').bind(page.id).first<{ document: string; author_name: string }>();
  expect(JSON.parse(stored!.document)).toEqual(JSON.parse(JSON.stringify(won[0]!.json.page.draft.layout)));
  expect(stored!.document).toContain(`save ${winner}`);
  expect(stored!.author_name).toBe(`editor-${winner}@race.test`);
  const pointer = await worker.db.prepare('SELECT draft_version FROM pages WHERE id = ?').bind(page.id).first<{ draft_version: number }>();
  expect(pointer!.draft_version).toBe(2);
});
