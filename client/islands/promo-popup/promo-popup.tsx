import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { focusableIn, trapTab } from '../../components/focus-trap.js';
import { apiFetch, ApiFailure } from '../../runtime/api.js';
import type { CaptchaConfig, UseCaptcha } from '../form/use-captcha.js';
import { overlayEvent } from './census.js';
import { addToCartTextsOf, localizedMessage } from '../../components/add-to-cart-texts.js';
import { textsOver } from '../../../domain/languages/words.js';

export interface PromoPopupProps {
  /** The localStorage key of the SPEC §3 dismissal state (domain/popups/dismissal.ts). */
  storageKey: string;
  version: number;
  heading: string;
  text: string;
  imageUrl: string | null;
  imageAlt: string;
  action: { kind: 'newsletter'; buttonLabel: string } | { kind: 'link'; label: string; url: string };
  captcha?: CaptchaConfig;
  useCaptcha?: UseCaptcha | undefined;
  /** The island's words on a page in an added language (edge/pages/context/popup.ts, issue 29); English without. */
  texts?: Record<string, unknown>;
}

const POPUP_WORDS = {
  emailAddress: 'Email address',
  thanks: 'Thanks! Check your inbox to confirm your subscription.',
  close: 'Close',
};

/** SPEC §3 dismissal state: written on close and on submit, read by the trigger on every page. */
function remember(storageKey: string, version: number, submitted: boolean): void {
  try {
    localStorage.setItem(storageKey, JSON.stringify({ 'date-closed': Date.now(), version, submitted }));
  } catch {
    // Storage blocked: the popup stays closed on this page only.
  }
}

function noCaptcha() {
  return { start() {}, token: () => Promise.resolve(''), reset() {}, element: null };
}

/**
 * The promo popup (page type 104): a modal dialog over the page (position fixed, so nothing
 * under it moves), focus trapped inside, closed by Escape, its close button or a click on the
 * backdrop; focus returns where it was. Signs the visitor up to the owner's list through
 * POST /api/popup/subscribe (bot check action PROMO_POPUP_SUBMISSION) or offers a link.
 */
export function PromoPopup(props: PromoPopupProps) {
  const [open, setOpen] = useState(true);
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const errorId = useId();
  // The popup's own words: the page's where it gave them, else the English.
  const words = textsOver(POPUP_WORDS, props.texts);
  const captcha = (props.useCaptcha ?? noCaptcha)(props.captcha ?? { siteKey: '', provider: 'local' }, 'popup', setError);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const root = panel.current!;
    (focusableIn(root)[0] ?? root).focus();
    overlayEvent('render', props.version);
    return () => {
      if (opener?.isConnected && opener !== document.body) opener.focus();
    };
  }, [open, props.version]);

  if (!open) return null;

  const close = () => {
    remember(props.storageKey, props.version, done);
    if (!done) overlayEvent('close', props.version);
    setOpen(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      const token = props.captcha ? await captcha.token() : '';
      await apiFetch('POST', '/api/popup/subscribe', { email, language: document.documentElement.lang || undefined, ...(token ? { recaptchaEnterpriseV3Token: token } : {}) });
      remember(props.storageKey, props.version, true);
      overlayEvent('submit', props.version);
      setDone(true);
    } catch (err) {
      // The API answers in the sent language; the client's own SPEC §8 lines (network, 429, crumb) in the page's words.
      setError(err instanceof ApiFailure || err instanceof Error ? localizedMessage(err.message, addToCartTextsOf(props.texts)) : 'Something went wrong.');
      captcha.reset();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      className="promo-popup-overlay"
      data-page-type="104"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          close();
        } else if (panel.current) trapTab(event, panel.current);
      }}
    >
      <div ref={panel} className="promo-popup" role="dialog" aria-modal="true" aria-labelledby={headingId} tabIndex={-1}>
        <button type="button" className="promo-popup-close" aria-label={words.close} onClick={close}>
          ×
        </button>
        {props.imageUrl ? <img className="promo-popup-image" src={props.imageUrl} alt={props.imageAlt} width={480} height={240} /> : null}
        <h2 id={headingId} className="promo-popup-heading">
          {props.heading}
        </h2>
        {props.text ? <p className="promo-popup-text">{props.text}</p> : null}
        {props.action.kind === 'link' ? (
          <a
            className="button promo-popup-link"
            href={props.action.url}
            onClick={() => {
              remember(props.storageKey, props.version, true);
              overlayEvent('submit', props.version);
            }}
          >
            {props.action.label}
          </a>
        ) : done ? (
          <p className="promo-popup-done" role="status">
            {words.thanks}
          </p>
        ) : (
          <form className="promo-popup-form" onSubmit={(e) => void submit(e)} onFocus={() => captcha.start()} noValidate>
            <label className="promo-popup-label">
              {words.emailAddress}
              <input
                type="email"
                name="email"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
              />
            </label>
            {captcha.element}
            <button type="submit" className="button" disabled={busy}>
              {props.action.buttonLabel}
            </button>
            {error ? (
              <p id={errorId} className="promo-popup-error" role="alert">
                {error}
              </p>
            ) : null}
          </form>
        )}
      </div>
    </div>
  );
}
