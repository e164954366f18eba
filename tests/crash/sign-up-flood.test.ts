/**
 * Crash test: a flood of account sign-ups, the store killed (SIGKILL) once some accounts are
 * stored, restarted, and every shopper signing up again (docs/crash-safety.md, issue 35).
 * The account, its verification link and the mail carrying it are one batch, so no account
 * is left without its verification mail.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, CrashStore, type Answer } from './crash-store.js';

const SHOPPERS = 24;
const PASSWORD = 'crash-Password-1';
let store: CrashStore;
const marker = `su${randomUUID().slice(0, 8)}`;
const emailOf = (i: number) => `${marker}.${i}@example.com`;
let retries: Answer[];
let killedAt: number;

beforeAll(async () => {
  store = await CrashStore.fresh();
  await store.start();
  const clients = await Promise.all(
    Array.from({ length: SHOPPERS }, async () => {
      const c = new Client(store);
      await c.send('GET', '/api/commerce/shopping-cart');
      return c;
    }),
  );
  // Each shopper from their own address (the sign-up budget is per address).
  const signUp = (i: number) => clients[i]!.send('POST', '/api/site-users/account', { email: emailOf(i), password: PASSWORD }, { 'CF-Connecting-IP': `198.18.7.${i + 1}` });
  let settled = 0;
  const flood = clients.map((_, i) => signUp(i).then(() => settled++, () => settled++));
  killedAt = await store.waitFor(`SELECT count(*) AS n FROM site_users WHERE email LIKE '${marker}.%'`, 8, () => settled === SHOPPERS);
  await store.kill();
  await Promise.all(flood);
  await store.start();
  retries = await Promise.all(clients.map((_, i) => signUp(i)));
}, 400_000);
afterAll(() => store?.dispose());

describe('a sign-up flood killed mid-way, restarted and signed up again', () => {
  it('answers every retry with the same 202', () => {
    expect(killedAt).toBeGreaterThanOrEqual(8);
    expect(retries.map((a) => a.status)).toEqual(retries.map(() => 202));
  });

  it('leaves every account with its verification link and mail, and every shopper with an account', async () => {
    const accounts = await store.sql<{ email: string; links: number; mails: number }>(
      `SELECT u.email,
         (SELECT count(*) FROM account_tokens t WHERE t.site_user_id = u.id AND t.purpose = 'verify') AS links,
         (SELECT count(*) FROM mail_outbox m WHERE m.to_address = u.email AND m.kind = 'verify-email') AS mails
       FROM site_users u WHERE u.email LIKE '${marker}.%'`,
    );
    expect(accounts.map((a) => a.email).sort()).toEqual(Array.from({ length: SHOPPERS }, (_, i) => emailOf(i)).sort());
    expect(accounts.filter((a) => a.links !== 1 || a.mails !== 1).map((a) => `${a.email}: ${a.links} links, ${a.mails} mails`)).toEqual([]);
  });
});
