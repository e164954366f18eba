import { readCookie } from '../../runtime/cookies.js';
import { FORM_MESSAGES, type FormMessages } from '../../../domain/messages/form-messages.js';
import { HONEYPOT_FIELD } from '../../../domain/forms/bot-defence.js';
import type { FormProps, RawValues } from './form-types.js';

export type SubmitResult = { ok: true } | { ok: false; message: string; fields?: Record<string, string> };

async function post(path: string, body: unknown): Promise<{ status: number; json: any }> {
  const crumb = readCookie('crumb');
  const res = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(crumb ? { 'X-CSRF-Token': crumb } : {}) },
    body: body === undefined ? '' : JSON.stringify(body),
  });
  let json: any;
  try {
    json = await res.json();
  } catch {
    json = undefined;
  }
  return { status: res.status, json };
}

/** SPEC §8 "By status" texts, else the server's text, else the unknown-error text. */
export function failureMessage(status: number, body: { message?: string; crumbFail?: boolean } | undefined, M: FormMessages = FORM_MESSAGES): string {
  if (status === 401 && body?.crumbFail) return body.message ?? M.status401;
  const byStatus: Record<number, string> = { 401: M.status401, 404: M.status404, 429: M.status429, 500: M.status500 };
  return byStatus[status] ?? body?.message ?? M.unknown;
}

/** A single-use key (SPEC §7 FormSubmissionKey); undefined when none could be had. */
export async function fetchKey(): Promise<string | undefined> {
  try {
    const res = await post('/api/form/FormSubmissionKey', undefined);
    return res.status === 200 && typeof res.json?.key === 'string' ? res.json.key : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sends the SPEC §3 payload with `key`; the page's title, id and path come from the document.
 * The honeypot's value travels in the form JSON under its reserved id.
 */
export async function saveSubmission(
  form: FormProps, key: string, values: RawValues, honeypot: string, captchaKey?: string, M: FormMessages = FORM_MESSAGES,
): Promise<SubmitResult> {
  const payload = {
    key,
    formId: form.id,
    formVersion: form.version,
    form: JSON.stringify({ ...values, [HONEYPOT_FIELD]: honeypot }),
    captchaKey,
    pageTitle: document.title,
    pageId: document.body.dataset.collectionId ?? '',
    contentSource: 'c',
    pagePath: location.pathname,
  };
  let res: { status: number; json: any };
  try {
    res = await post('/api/form/SaveFormSubmission', payload);
  } catch {
    return { ok: false, message: M.unknown };
  }
  if (res.status === 200) return { ok: true };
  if (res.status === 400 && res.json?.errors) return { ok: false, message: res.json.message ?? M.invalidFields, fields: res.json.errors };
  return { ok: false, message: failureMessage(res.status, res.json, M) };
}
