/** Test helper for the catalogue routes: sessions by role, the site id, row counts. */
import { createSiteUser, signIn, type RunningWorker } from '../../test-support.js';
import { OwnerSession, ownerSessions } from '../commerce/test-owner.js';

export async function catalogSessions(worker: RunningWorker, tag: string) {
  const base = await ownerSessions(worker, tag);
  const password = `${tag}-Password-1`;
  await createSiteUser(worker, { email: `editor@${tag}.test`, password, roles: [4] });
  const editor = new OwnerSession(worker, await signIn(worker, `editor@${tag}.test`, password));
  const siteId = (await worker.db.prepare('SELECT id FROM websites WHERE is_default = 1').first<{ id: string }>())!.id;
  return { ...base, editor, siteId };
}

/** `SELECT COUNT(*)` of a table, optionally with a WHERE clause. */
export async function countRows(worker: RunningWorker, table: string, where = '1 = 1', ...params: unknown[]): Promise<number> {
  const row = await worker.db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`).bind(...params).first<{ n: number }>();
  return row!.n;
}
