import { Hono } from 'hono';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppEnv, PageLanguage } from '../env.js';
import { loadTranslationTable } from '../services/multilingual/store.js';
import { TranslationTable } from '../services/multilingual/texts.js';
import { accountTexts } from './account/account-texts.js';
import { pageRequest } from './respond.js';

// The D1 reads this file counts: the translation table, and the page shell pageRequest starts.
vi.mock('../services/multilingual/store.js', () => ({ loadTranslationTable: vi.fn() }));
vi.mock('../services/page-shell.js', () => ({ loadPageShell: vi.fn(async () => ({})) }));
const load = vi.mocked(loadTranslationTable);

const FRENCH: PageLanguage = { code: 'fr', prefix: '/fr', publicUrl: 'http://shop.test/fr/account' };

/** A page route that asks for the language's texts the way an account page does: pageRequest, then its words twice. */
function app(language: PageLanguage | undefined) {
  const routes = new Hono<AppEnv>();
  routes.use('*', async (c, next) => {
    c.set('db', {} as never);
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

beforeEach(() => {
  load.mockReset();
  load.mockImplementation(async () => new TranslationTable([{ kind: 'system', entityId: 'store-texts', fieldKey: 'accountSignIn', text: 'Se connecter' }]));
});

describe('the translation table of a page under a language prefix', () => {
  it('is read once per request, shared by pageRequest and the account pages\' words', async () => {
    const res = await app(FRENCH).request('/account?format=json', {}, {});
    expect(await res.json()).toEqual({ rows: 1, signIn: 'Se connecter', same: true });
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith({}, 'w1', 'fr');
  });

  it('is read again for the next request', async () => {
    const routes = app(FRENCH);
    await routes.request('/account?format=json', {}, {});
    await routes.request('/account/sign-up?format=json', {}, {});
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('is never read on the primary language\'s pages, whose words are the English', async () => {
    const res = await app(undefined).request('/account?format=json', {}, {});
    expect(await res.json()).toEqual({ rows: null, signIn: 'Sign in', same: true });
    expect(load).not.toHaveBeenCalled();
  });
});
