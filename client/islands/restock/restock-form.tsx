import { useState, type FormEvent } from 'react';
import { isGeneralEmail } from '../../../domain/forms/email.js';
// Only the restock texts: the form texts stay in the form island's chunk.
import { RESTOCK_MESSAGES, type RestockMessages } from '../../../domain/messages/restock-messages.js';
import { readCookie } from '../../runtime/cookies.js';
import type { CaptchaConfig, UseCaptcha } from '../form/use-captcha.js';

export interface RestockProps {
  productId: string;
  variantId: string;
  ctaText: string;
  placeholderText: string;
  buttonText: string;
  successText?: string;
  mailingListSignUpEnabled: boolean;
  mailingListOptInByDefault: boolean;
  mailingListDescription: string;
  /** The site's active bot check, read from the server's captcha container (SPEC §3). */
  captcha?: CaptchaConfig | undefined;
  /** What the visitor typed into the server's form before the island took over. */
  initialEmail?: string | undefined;
  /** The restock messages in the page's language (only the translated ones; English otherwise). */
  texts?: Partial<RestockMessages> | undefined;
  /** The visitor was in the server form's email field: the island's takes the focus. */
  autoFocus?: boolean | undefined;
  /** The shared bot-check hook, loaded by mount.tsx only when `captcha` is set (fixed for the form's life). */
  useCaptcha?: UseCaptcha | undefined;
}

type Phase = { state: 'idle' } | { state: 'error'; message: string } | { state: 'success'; message?: string | undefined };

/** SPEC §5 restock email check, client side (the server checks again), in the words of `R`. */
export function restockEmailError(email: string, R: RestockMessages = RESTOCK_MESSAGES): string | undefined {
  if (!email.trim()) return R.emailBlank;
  return isGeneralEmail(email.trim()) ? undefined : R.emailInvalid;
}

/**
 * SPEC §4 Restock form: idle, error or success. On success everything but the call to
 * action is removed and 'Signed up!' (or the owner's text) shows.
 */
export function RestockForm(props: RestockProps) {
  const R: RestockMessages = { ...RESTOCK_MESSAGES, ...props.texts };
  const [email, setEmail] = useState(props.initialEmail ?? '');
  const [join, setJoin] = useState(props.mailingListOptInByDefault);
  const [phase, setPhase] = useState<Phase>({ state: 'idle' });
  const [busy, setBusy] = useState(false);
  const fail = (message: string) => setPhase({ state: 'error', message });
  // SPEC §7: restock tokens are minted for PRODUCT_WAITLIST_SUBMISSION; the provider loads on first interaction.
  // Called on every render or never: mount.tsx fixes the hook for the form's life.
  const captcha = props.captcha ? props.useCaptcha?.(props.captcha, 'restock', fail) : undefined;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const invalid = restockEmailError(email, R);
    if (invalid) return fail(invalid);
    setBusy(true);
    try {
      let token: string;
      try {
        token = (await captcha?.token()) ?? '';
      } catch (err) {
        // SPEC §8 bot-check texts ('ReCaptcha has not been set up!', ...).
        return fail(err instanceof Error ? err.message : R.captchaIncomplete);
      }
      if (props.captcha && !token) return fail(R.captchaIncomplete);
      const crumb = readCookie('crumb');
      const res = await fetch('/api/site-users/account/notifications/restock', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', ...(crumb ? { 'X-CSRF-Token': crumb } : {}) },
        body: JSON.stringify({ productId: props.productId, variantId: props.variantId, language: document.documentElement.lang || undefined, email: email.trim(), isJoinMailingList: join, ...(token ? { recaptchaEnterpriseV3Token: token } : {}) }),
      });
      const body = (await res.json().catch(() => undefined)) as { message?: string } | undefined;
      // SPEC §8 Restock: the server's message if present, else the fallback.
      // The API's success text is the product's own in the page's language (issue 29), where no prop brings it.
      if (res.ok) return setPhase({ state: 'success', message: body?.message });
      fail(body?.message || R.failed);
      captcha?.reset();
    } catch {
      fail(R.failed);
      captcha?.reset();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={`product-restock-notification restock-${phase.state}`}>
      <span className="product-restock-cta">{props.ctaText}</span>
      {phase.state === 'success' ? (
        <p className="product-restock-success" role="status">{props.successText || phase.message || R.signedUp}</p>
      ) : (
        <form className="product-restock-form" noValidate onSubmit={onSubmit} onFocus={captcha?.start}>
          <input type="text" name="email" autoFocus={props.autoFocus} spellCheck={false} placeholder={props.placeholderText} aria-label={props.placeholderText || 'Email'} value={email} onChange={(e) => setEmail(e.target.value)} />
          <input className="sqs-editable-button" type="submit" value={props.buttonText} disabled={busy} />
          {props.mailingListSignUpEnabled ? (
            <label className="product-restock-mailing-list">
              <input type="checkbox" name="isJoinMailingList" checked={join} onChange={(e) => setJoin(e.target.checked)} />
              {props.mailingListDescription}
            </label>
          ) : null}
          {captcha?.element}
          {phase.state === 'error' ? <p className="product-restock-error" role="alert">{phase.message}</p> : null}
        </form>
      )}
    </div>
  );
}
