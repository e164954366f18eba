/**
 * Issue 29 (lang23): the last English mails of a French shopper on the real worker. The
 * newsletter confirmation mail's words follow the sign-up page's language (its links under /fr
 * too); English sign-ups keep their mail word for word.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningWorker } from '../test-support.js';
import { latestMail, startFrenchSite } from '../api/multilingual/test-french.js';
import { ageKeys, TestVisitor as FormVisitor } from '../api/forms/test-visitor.js';

let worker: RunningWorker;
let site: string;

beforeAll(async () => {
  ({ worker } = await startFrenchSite());
  site = (await worker.db.prepare('SELECT title FROM websites WHERE is_default = 1').first<{ title: string }>())!.title;
}, 120_000);
afterAll(() => worker?.dispose());

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\&]/g, '\\$&');
const confirmation = (to: string) => latestMail(worker, to, 'newsletter-confirmation');

/** The French confirmation mail: its words, and both links under /fr. */
function expectFrench(mail: { subject: string; text: string } | null): void {
  expect(mail!.subject).toMatch(/^Confirmez votre abonnement à \S/);
  const name = escape(mail!.subject.slice('Confirmez votre abonnement à '.length));
  expect(mail!.text).toMatch(new RegExp(`^Merci de confirmer que vous souhaitez recevoir ${name} de ${escape(site)}\\u00a0:\\nhttp://localhost/fr/newsletter/confirm\\?token=\\S+\\n\\n`));
  expect(mail!.text).toMatch(/\n\nVous ne l'avez pas demandé\u00a0\? Ignorez ce message, ou désabonnez-vous\u00a0: http:\/\/localhost\/fr\/newsletter\/unsubscribe\?s=\S+$/);
}

/** The English mail of before, word for word, its links without a prefix. */
function expectEnglish(mail: { subject: string; text: string } | null): void {
  expect(mail!.subject).toMatch(/^Confirm your subscription to \S/);
  const name = escape(mail!.subject.slice('Confirm your subscription to '.length));
  expect(mail!.text).toMatch(new RegExp(`^Please confirm that you want ${name} from ${escape(site)}:\\nhttp://localhost/newsletter/confirm\\?token=\\S+\\n\\nDid not ask for this\\? Ignore this mail, or unsubscribe: http://localhost/newsletter/unsubscribe\\?s=\\S+$`));
}

describe('the newsletter confirmation mail', () => {
  async function formSignUp(email: string, pagePath: string): Promise<void> {
    const v = new FormVisitor(worker);
    const form = (await v.req('GET', `${pagePath}?format=json`)).json.newsletterForm as { id: string; fields: { id: string }[] };
    const key = (await v.req('POST', '/api/form/FormSubmissionKey', '')).json.key;
    await ageKeys(worker);
    const res = await v.req('POST', '/api/form/SaveFormSubmission', { key, formId: form.id, form: JSON.stringify({ [form.fields[0]!.id]: email }), pageTitle: 'Accueil', pagePath });
    expect(res.status, res.text).toBe(200);
  }

  it("is in French for a sign-up through a French page's newsletter form, in English for an English page's", async () => {
    await formSignUp('lectrice@example.fr', '/fr/');
    expectFrench(await confirmation('lectrice@example.fr'));
    await formSignUp('reader.two@example.com', '/');
    expectEnglish(await confirmation('reader.two@example.com'));
  });
});
