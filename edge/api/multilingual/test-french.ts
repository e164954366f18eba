/**
 * The French demo site the localized HTTP tests share (issue 29): the worker with the demo
 * site, its owner signed in, and French added beside English, which publishes the French
 * texts seeded from fixtures/demo/translations.json. Pages are never served from a stale
 * site-wide cache entry (PAGE_CACHE_SITE_TTL_MS 0).
 */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { StoreTextKey } from '../../../domain/languages/store-texts.js';
import { demoOwner, signIn, startWorker, type RunningWorker, type SignedIn } from '../../test-support.js';
import { ageKeys, TestVisitor as FormVisitor } from '../forms/test-visitor.js';

/** The demo's French store texts (fixtures/demo/translations.json `fr.storeTexts`): the words a French page or API answer is expected in. */
export const DEMO_FRENCH_TEXTS: Readonly<Record<StoreTextKey, string>> = JSON.parse(readFileSync(new URL('../../../fixtures/demo/translations.json', import.meta.url), 'utf8')).fr.storeTexts;

export interface FrenchSite {
  worker: RunningWorker;
  /** The demo site's owner. */
  owner: SignedIn;
}

/** Sets the site's languages (the primary first) as the owner's Languages screen does. */
export async function setLanguages(worker: RunningWorker, owner: SignedIn, languages: readonly string[]): Promise<void> {
  const res = await worker.fetch('/api/multilingual/languages', {
    method: 'PUT',
    headers: { ...owner.headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ languages }),
  });
  expect(res.status, await res.text()).toBe(200);
}

/**
 * Starts the worker with the demo site in English and French; `bindings` add to (or override) the defaults.
 * @example const { worker, owner } = await startFrenchSite({ PAGE_CACHE: 'off' });
 */
export async function startFrenchSite(bindings: Record<string, string> = {}): Promise<FrenchSite> {
  const worker = await startWorker({ bindings: { PAGE_CACHE_SITE_TTL_MS: '0', ...bindings } });
  const demo = await demoOwner();
  const owner = await signIn(worker, demo.email, demo.password);
  await setLanguages(worker, owner, ['en-US', 'fr']);
  return { worker, owner };
}

/** The newest mail of `kind` sent to `to` (an outbox row), or null while there is none. */
export function latestMail(worker: RunningWorker, to: string, kind: string) {
  return worker.db
    .prepare('SELECT subject, text_body AS text, html_body AS html FROM mail_outbox WHERE to_address = ? AND kind = ? ORDER BY created_on DESC LIMIT 1')
    .bind(to, kind)
    .first<{ subject: string; text: string; html: string | null }>();
}

/** Signs `email` up through the newsletter form of the page at `pagePath` (`/fr/` or `/`), as its page's visitor does. */
export async function newsletterFormSignUp(worker: RunningWorker, email: string, pagePath: string): Promise<void> {
  const v = new FormVisitor(worker);
  const form = (await v.req('GET', `${pagePath}?format=json`)).json.newsletterForm as { id: string; fields: { id: string }[] };
  const key = (await v.req('POST', '/api/form/FormSubmissionKey', '')).json.key;
  await ageKeys(worker);
  const res = await v.req('POST', '/api/form/SaveFormSubmission', { key, formId: form.id, form: JSON.stringify({ [form.fields[0]!.id]: email }), pageTitle: 'Accueil', pagePath });
  expect(res.status, res.text).toBe(200);
}

/** A cookie jar as a Cookie header. */
export const cookieHeader = (jar: ReadonlyMap<string, string>): string => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
