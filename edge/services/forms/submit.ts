import type { Env } from '../../env.js';
import { ApiError } from '../../errors.js';
import { activeCaptchaSiteKey, captchaVerifier, CAPTCHA_ACTIONS } from '../captcha/index.js';
import type { Db } from '../db.js';
import { listSignUpStatements } from '../newsletter/subscribers.js';
import type { SiteRecord } from '../websites.js';
import type { MailLanguage } from '../multilingual/mail-language.js';
import { honeypotReason } from '../../../domain/forms/bot-defence.js';
import type { FormRecord } from './definitions.js';
import { sha256Hex } from './hash.js';
import { FORM_MESSAGES as M, type FormMessages } from '../../../domain/messages/form-messages.js';
import type { SanitizedValue } from '../../../domain/forms/form-field.js';
import { storeSubmission, type NewSubmission, type StoreOutcome } from './submissions.js';

export interface SubmitInput {
  site: SiteRecord;
  form: FormRecord;
  raw: Record<string, unknown>;
  values: Record<string, SanitizedValue>;
  key: string;
  visitorHash: string;
  captchaToken?: string | undefined;
  page: NewSubmission['page'];
  /** Scheme and host of the request, for links in mails. */
  origin: string;
  /** The added language of the page the form was sent from: the list sign-up mail's words and links (`/fr`) are in it (issue 29). */
  language?: (Pick<MailLanguage, 'code' | 'prefix' | 'texts'> & Partial<Pick<MailLanguage, 'table'>>) | undefined;
  remoteIp?: string;
  /** The messages in the page's language (issue 29); English when absent. */
  messages?: FormMessages;
}

/**
 * SPEC §3 captcha tab: the bot check is active when the form asks for it, the site has a
 * site key and the deployment has a verifier (CAPTCHA_PROVIDER); pages only show the
 * widget then (`captchaSiteKey`). A missing token is refused (SPEC §8 'Complete CAPTCHA
 * before submitting.'); a token the provider rejects holds the submission for review
 * rather than losing a person's message to an expired token.
 */
async function captchaSuspicion(env: Env, input: SubmitInput): Promise<string | undefined> {
  const siteKey = activeCaptchaSiteKey(env, input.site);
  if (!input.form.captchaEnabled || !siteKey) return undefined;
  if (!input.captchaToken) throw new ApiError(400, 'captcha_required', (input.messages ?? M).captchaIncomplete);
  const verifier = captchaVerifier(env, siteKey)!;
  const action = input.form.kind === 'newsletter' ? CAPTCHA_ACTIONS.newsletter : CAPTCHA_ACTIONS.form;
  const verdict = await verifier.verify(input.captchaToken, action, input.remoteIp ?? '');
  return verdict.ok ? undefined : `captcha:${verdict.reason ?? 'failed'}`;
}

/** The first answered email field: the address a list sign-up subscribes. */
export function firstEmail(form: FormRecord, values: Record<string, SanitizedValue>): string | undefined {
  const field = form.fields.find((f) => f.type === 'email' && typeof values[f.id] === 'string' && values[f.id]);
  return field ? (values[field.id] as string) : undefined;
}

function describeValues(form: FormRecord, values: Record<string, SanitizedValue>): string {
  return form.fields
    .filter((f) => f.id in values)
    .map((f) => {
      const v = values[f.id]!;
      const shown = typeof v === 'string' ? v : Array.isArray(v) ? v.filter(Boolean).join(', ') : Object.entries(v).map(([q, a]) => `${q}: ${a}`).join('; ');
      return `${f.title}: ${shown || 'N/A'}`;
    })
    .join('\n');
}

/** The owner's notice of a submission (queued in the batch that stores it). */
function notice(input: SubmitInput): NewSubmission['notify'] {
  const { form, values } = input;
  const list = (text: string | null | undefined) => [...new Set((text ?? '').split(',').map((a) => a.trim()).filter(Boolean))];
  // Builder storage tab: ONE message with To, Cc and Bcc (bcc recipients stay hidden from the others).
  let [to, cc, bcc] = [list(form.notifyEmail), list(form.notifyCc), list(form.notifyBcc)];
  if (to.length === 0) [to, cc] = cc.length ? [cc, []] : [bcc, []];
  if (to.length === 0) return undefined;
  if (to === bcc) bcc = [];
  return { to, cc, bcc, subject: form.notifySubject?.trim() || `New submission: ${form.name}`, text: `${describeValues(form, values)}\n\nFrom ${input.page.path ?? 'your site'}.` };
}

/**
 * The form's list sign-up, for the submission's own batch: SPEC §4, a disconnected form (no
 * list) stops feeding the list; the first answered email field is the address.
 */
async function listSignUp(db: Db, input: SubmitInput): Promise<NewSubmission['listSignUp']> {
  const { site, form, values } = input;
  const email = firstEmail(form, values);
  if (!form.mailingListId || !email) return undefined;
  return listSignUpStatements(db, { site, listId: form.mailingListId, email, origin: input.origin, language: input.language, now: Date.now() });
}

/**
 * Checks the bot defences and stores the submission with its key consumed, the owner's
 * notice queued and the sender's list sign-up (with its confirmation mail) in one atomic
 * batch; a submission held for review signs nobody up. A key that already stored this
 * visitor's submission answers `replayed`.
 */
export async function submitForm(db: Db, env: Env, input: SubmitInput): Promise<StoreOutcome> {
  const suspect = honeypotReason(input.raw) ?? (await captchaSuspicion(env, input));
  return storeSubmission(db, {
    websiteId: input.site.id,
    formId: input.form.id,
    keyHash: await sha256Hex(input.key),
    visitorHash: input.visitorHash,
    values: input.values,
    page: input.page,
    suspectReason: suspect,
    notify: notice(input),
    // A suspect submission is held for review: it signs nobody up.
    listSignUp: suspect ? undefined : await listSignUp(db, input),
    now: Date.now(),
  });
}
