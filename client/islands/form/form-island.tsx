import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formMessagesOf } from '../../../domain/messages/form-messages.js';
import { sanitizeSubmission, FormParseError } from '../../../domain/forms/sanitize.js';
import { FormField } from './form-fields.js';
import type { FormProps, RawValues } from './form-types.js';
import { fetchKey, saveSubmission } from './submit-form.js';
import type { UseCaptcha } from './use-captcha.js';

type Phase = 'idle' | 'submitting' | 'done';

/** Fired on the island's element after a stored submission (SPEC §4 form-success event). */
export const FORM_SUCCESS_EVENT = 'form-success';
/** Fired on `document` for the analytics issue when a newsletter form succeeds. */
export const NEWSLETTER_SUBSCRIBE_EVENT = 'atelier:newsletter-subscribe';

function hiddenDefaults(form: FormProps): RawValues {
  const query = new URLSearchParams(location.search);
  const out: RawValues = {};
  // SPEC §3 hidden: the page's query value under the field's key (name), else its default.
  for (const f of form.fields) if (f.type === 'hidden') out[f.id] = query.get(String(f['key'] ?? f.id)) ?? String(f['value'] ?? '');
  return out;
}

/**
 * A form block: client validation first with SPEC §5 texts (the server's own rules,
 * shared), then SPEC §4 submission states: 'Submitting…' ignoring further submits;
 * success fires form-success, redirects or shows the submission text (scrolled into view)
 * and post-submit markup; failure renders the errors, resets the bot check and unlocks.
 */
export function FormIsland({ form, root, useCaptcha }: { form: FormProps; root: HTMLElement; useCaptcha?: UseCaptcha | undefined }) {
  // The page language's messages (issue 29: only translated ones are in the props), English otherwise.
  const [M] = useState(() => formMessagesOf(form.messages));
  const [values, setValues] = useState<RawValues>(() => hiddenDefaults(form));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState('');
  const [phase, setPhase] = useState<Phase>('idle');
  const [honeypot, setHoneypot] = useState('');
  const key = useRef<Promise<string | undefined> | undefined>(undefined);
  const locked = useRef(false);
  const doneRef = useRef<HTMLDivElement>(null);
  const needsCaptcha = form.captcha.enabled && !!form.captcha.siteKey;
  // The provider's script only once the visitor starts on this form (not in the first load).
  // Called on every render or never: mount.tsx fixes the hook for the form's life.
  const captcha = needsCaptcha ? useCaptcha?.({ siteKey: form.captcha.siteKey, provider: form.captcha.provider ?? 'local', texts: form.captcha.texts }, form.isNewsletter ? 'newsletter' : 'form', setNotice) : undefined;

  // The key is asked for on first interaction: its issue time is when filling began.
  const warmKey = () => {
    key.current ??= fetchKey();
    captcha?.start();
  };

  useEffect(() => {
    if (phase === 'done') doneRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, [phase]);

  const onChange = (id: string, value: unknown) => {
    warmKey();
    setValues((v) => ({ ...v, [id]: value }));
    // An error goes as soon as its field is edited (the next submit checks again).
    setErrors((old) => {
      if (!(id in old)) return old;
      const { [id]: _fixed, ...rest } = old;
      return rest;
    });
  };

  const fail = (message: string, fields: Record<string, string> = {}) => {
    setErrors(fields);
    setNotice(message);
    // SPEC §4: a failure resets the bot check.
    captcha?.reset();
    locked.current = false;
    setPhase('idle');
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (locked.current) return;
    let check;
    try {
      check = sanitizeSubmission(form.fields, values, M);
    } catch (err) {
      if (err instanceof FormParseError) return fail(M.cannotParse);
      throw err;
    }
    if (Object.keys(check.errors).length > 0) return fail(M.invalidFields, check.errors);
    let token: string;
    // Locked while the provider mints a token, so a second press sends nothing twice.
    locked.current = true;
    try {
      token = (await captcha?.token()) ?? '';
    } catch (err) {
      return fail(err instanceof Error ? err.message : M.captchaIncomplete);
    }
    if (needsCaptcha && !token) return fail(M.captchaIncomplete);
    locked.current = true;
    setPhase('submitting');
    setErrors({});
    setNotice('');
    warmKey();
    let result = await key.current!.then((k) => (k ? saveSubmission(form, k, values, honeypot, token || undefined, M) : undefined));
    key.current = undefined;
    if (!result) return fail(M.noKey);
    if (!result.ok && result.message === M.status401) {
      // An expired key (a tab left open overnight): one fresh key, one more try.
      const fresh = await fetchKey();
      if (!fresh) return fail(M.noKey);
      result = await saveSubmission(form, fresh, values, honeypot, token || undefined, M);
    }
    if (!result.ok) return fail(result.message, result.fields ?? {});
    root.dispatchEvent(new CustomEvent(FORM_SUCCESS_EVENT, { bubbles: true, detail: { formId: form.id } }));
    if (form.isNewsletter) document.dispatchEvent(new CustomEvent(NEWSLETTER_SUBSCRIBE_EVENT, { detail: { formId: form.id } }));
    if (form.successRedirect) {
      location.assign(form.successRedirect);
      return;
    }
    locked.current = false;
    setPhase('done');
  };

  if (phase === 'done') {
    return (
      <div ref={doneRef} className="form-submission-text" tabIndex={-1}>
        {/* Owner-authored markup from the form's settings (SPEC §4 submission text and post-submit markup). */}
        <div dangerouslySetInnerHTML={{ __html: form.submissionHtml || '<p>Thank you!</p>' }} />
        {form.postSubmitHtml ? (
          // The owner's post-submit markup runs like an html block's: a sandboxed frame without same-origin access.
          <iframe className="form-post-submit" sandbox="allow-scripts allow-popups allow-forms" referrerPolicy="no-referrer" title="After submitting" srcDoc={form.postSubmitHtml} />
        ) : null}
      </div>
    );
  }
  const showNotices = !!notice && !form.isNewsletter && Object.keys(errors).length > 0;
  // 'Please fix the highlighted fields' goes with the last of those errors.
  const shownNotice = notice === M.invalidFields && Object.keys(errors).length === 0 ? '' : notice;
  return (
    <form className="form" noValidate onSubmit={onSubmit} onFocus={warmKey} aria-busy={phase === 'submitting'}>
      {showNotices ? <p className="form-notice form-notice-above" role="alert">{M.noticeAbove}</p> : null}
      {form.fields.map((field) => (
        <FormField key={field.id} field={field} values={values} error={errors[field.id]} onChange={onChange} />
      ))}
      <div className="form-honeypot" aria-hidden="true">
        <label>
          {M.honeypotLabel} <input type="text" name="hp-website" tabIndex={-1} autoComplete="off" value={honeypot} onChange={(e) => setHoneypot(e.target.value)} />
        </label>
      </div>
      {captcha?.element}
      {form.disclaimerHtml ? <div className="form-disclaimer" dangerouslySetInnerHTML={{ __html: form.disclaimerHtml }} /> : null}
      {shownNotice ? <p className="form-message" role="alert">{shownNotice}</p> : null}
      <div className="form-button-wrapper">
        <button className="button form-submit" type="submit" disabled={phase === 'submitting'}>
          {phase === 'submitting' ? M.submitting : form.submitButtonText}
        </button>
      </div>
      {showNotices ? <p className="form-notice form-notice-below" role="alert">{M.noticeBelow}</p> : null}
    </form>
  );
}
