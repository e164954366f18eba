import { useId, useState, type FormEvent } from 'react';
import { ApiFailure, apiFetch } from '../../runtime/api.js';
import { fillText } from '../../../domain/languages/words.js';
import { reviewFormTextsOf } from './review-form-texts.js';

export interface ReviewFormProps {
  itemId: string;
  title: string;
  /** Page type 209: the signed review-request token (the email comes from it). */
  token?: string;
  /** Open the form at once (page 209) instead of behind a 'Write a review' button. */
  open?: boolean;
  /** Its words in the page's language (props `texts`; English without them). */
  texts?: ReturnType<typeof reviewFormTextsOf>;
}

const STARS = [1, 2, 3, 4, 5];
type Fields = Record<string, string>;

/**
 * The review form (SPEC §1 product reviews): a 1-5 star choice, title, review, name
 * and email, sent to POST /api/reviews. The owner approves a review before it shows.
 */
export function ReviewForm({ itemId, title, token, open: startOpen = false, texts: t = reviewFormTextsOf(undefined) }: ReviewFormProps) {
  const base = useId();
  const [open, setOpen] = useState(startOpen);
  const [rating, setRating] = useState(0);
  const [fields, setFields] = useState<Fields>({ title: '', body: '', name: '', email: '' });
  const [errors, setErrors] = useState<Fields>({});
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState('');
  const [failure, setFailure] = useState('');

  if (done) return <p className="review-form-done" role="status">{done}</p>;
  if (!open) {
    return (
      <button type="button" className="button button-secondary" onClick={() => setOpen(true)}>
        {t.themeWriteReview}
      </button>
    );
  }
  const set = (name: string) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Fields = {};
    if (rating < 1) missing.rating = t.reviewFormChooseRating;
    if (!fields.body!.trim()) missing.body = t.reviewFormWriteWords;
    if (!fields.name!.trim()) missing.name = t.reviewFormGiveName;
    if (!token && !fields.email!.trim()) missing.email = t.reviewFormEmailInvalid;
    setErrors(missing);
    setFailure('');
    if (Object.keys(missing).length) return;
    setSending(true);
    try {
      // The page's language: the server answers (refusals, thanks) in it where the site publishes it.
      const body = { itemId, rating, title: fields.title, body: fields.body, name: fields.name, ...(token ? { token } : { email: fields.email }), language: document.documentElement.lang };
      const res = await apiFetch<{ message: string }>('POST', '/api/reviews', body);
      // The server's thanks is English; a page of another language says its own.
      setDone(t.translated ? t.reviewFormThanks : res.message);
    } catch (e) {
      if (e instanceof ApiFailure && e.fields) setErrors(e.fields);
      setFailure(e instanceof ApiFailure ? e.message : t.reviewFormFailed);
    } finally {
      setSending(false);
    }
  };
  const error = (name: string) =>
    errors[name] ? (
      <p className="field-error" id={`${base}-${name}-error`}>
        {errors[name]}
      </p>
    ) : null;
  const input = (name: string, label: string, type = 'text') => (
    <div className={`form-field${errors[name] ? ' has-error' : ''}`}>
      {error(name)}
      <label className="field-title" htmlFor={`${base}-${name}`}>
        {label}
      </label>
      {type === 'textarea' ? (
        <textarea id={`${base}-${name}`} value={fields[name]} onChange={set(name)} maxLength={5000} rows={5} aria-invalid={!!errors[name]} />
      ) : (
        <input id={`${base}-${name}`} type={type} value={fields[name]} onChange={set(name)} aria-invalid={!!errors[name]} />
      )}
    </div>
  );
  return (
    <form className="review-form" onSubmit={(e) => void submit(e)} noValidate aria-label={fillText(t.reviewFormLabel, { title })}>
      <fieldset className={`form-field review-stars${errors.rating ? ' has-error' : ''}`}>
        <legend className="field-title">{t.reviewFormRating}</legend>
        {error('rating')}
        {STARS.map((n) => (
          <label key={n} className={n <= rating ? 'is-on' : undefined}>
            <input type="radio" name={`${base}-rating`} value={n} checked={rating === n} onChange={() => setRating(n)} />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{n === 1 ? t.reviewFormStar : fillText(t.reviewFormStars, { count: n })}</span>
          </label>
        ))}
      </fieldset>
      {input('title', t.reviewFormTitle)}
      {input('body', t.reviewFormBody, 'textarea')}
      {input('name', t.reviewFormName)}
      {!token && input('email', t.reviewFormEmail, 'email')}
      {failure && (
        <p className="add-to-cart-error" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className="button" disabled={sending}>
        {sending ? t.reviewFormSending : t.reviewFormSend}
      </button>
    </form>
  );
}
