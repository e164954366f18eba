import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv, PageLanguage } from '../env.js';
import { translations } from '../../schema/translations.js';
import { accountTexts } from './account/account-texts.js';
import { pageRequest } from './respond.js';

const FRENCH: PageLanguage = { code: 'fr', prefix: '/fr', publicUrl: 'http://shop.test/fr/account' };
const FRENCH_ROWS = [{ kind: 'system', entityId: 'store-texts', fieldKey: 'accountSignIn', text: 'Se connecter' }];

/**
 * A stand-in for the request's Drizzle handle that counts the reads of the translations table:
 * every query builder call chains, `from(table)` is recorded, and awaiting a query gives the
 * French rows for the translations table and no rows for any other (the page shell's reads).
 * No module is mocked, so the count holds however the test run shares its modules.
 */
function countingDb() {
  const tables: unknown[] = [];
  const chain = (table?: unknown): unknown =>
    new Proxy(() => undefined, {
      get(_target, prop) {
        if (prop === 'then') {
          const rows = table === translations ? FRENCH_ROWS : [];
          return (ok: (v: unknown) => unknown, ko: (e: unknown) => unknown) => Promise.resolve(rows).then(ok, ko);
        }
        if (prop === 'from') return (t: unknown) => { tables.push(t); return chain(t); };
        return () => chain(table);
      },
    });
  const db = new Proxy({}, { get: () => () => chain() });
  return { db, translationReads: () => tables.filter((t) => t === translations).length };
}

/** A page route that asks for the language's texts the way an account page does: pageRequest, then its words twice. */
function app(language: PageLanguage | undefined, db: unknown) {
  const routes = new Hono<AppEnv>();
  routes.use('*', async (c, next) => {
    c.set('db', db as never);
    c.set('site', { id: 'w1', locale: 'en-US' } as never);
    if (language) c.set('language', language);
    await next();
  });
  routes.get('*', async (c) => {
    const req = pageRequest(c);
    const [table, first, second] = await Promise.all([req.translations, accountTexts(c), accountTexts(c)]);
    return c.json({ rows: table?.size ?? null, signIn: first.accountSignIn, same: first === second });
  });
  return routes;
}

describe('the translation table of a page under a language prefix', () => {
  it("is read once per request, shared by pageRequest and the account pages' words", async () => {
    const { db, translationReads } = countingDb();
    const res = await app(FRENCH, db).request('/account?format=json', {}, {});
    expect(await res.json()).toEqual({ rows: 1, signIn: 'Se connecter', same: true });
    expect(translationReads()).toBe(1);
  });

  it('is read again for the next request', async () => {
    const { db, translationReads } = countingDb();
    const routes = app(FRENCH, db);
    await routes.request('/account?format=json', {}, {});
    await routes.request('/account/sign-up?format=json', {}, {});
    expect(translationReads()).toBe(2);
  });

  it("is never read on the primary language's pages, whose words are the English", async () => {
    const { db, translationReads } = countingDb();
    const res = await app(undefined, db).request('/account?format=json', {}, {});
    expect(await res.json()).toEqual({ rows: null, signIn: 'Sign in', same: true });
    expect(translationReads()).toBe(0);
  });
});
