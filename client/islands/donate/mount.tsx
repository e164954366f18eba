import type { MountIsland } from '../../runtime/island.js';
import { donateTextsOf, payDonateForm } from './donate-form.js';

/**
 * `data-island="donate"` on the donate page (203) of a site paying through Stripe (eager; the
 * worker emits it only there): props `stripe` (publishable key and Stripe locale), `currency`, `texts`
 * (its status and error texts in the page's language) and, on a page of an added language, `language`.
 * It takes over the server's form, whose fields stay as they are; Stripe's code is a chunk
 * fetched by the form, never part of this one.
 */
const mount: MountIsland = (el, props) => {
  const s = props.stripe as { publishableKey?: unknown; locale?: unknown } | undefined;
  const form = el.querySelector<HTMLFormElement>('form.donate-form');
  if (!form || !s || typeof s.publishableKey !== 'string' || !s.publishableKey.startsWith('pk_')) throw new Error('donate: no form or no Stripe key');
  const locale = typeof s.locale === 'string' && /^[a-z]{2,4}(?:-[A-Za-z0-9]{2,3})?$/.test(s.locale) ? s.locale : undefined;
  const language = typeof props.language === 'string' && /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/.test(props.language) ? props.language : undefined;
  payDonateForm(form, { publishableKey: s.publishableKey, locale }, typeof props.currency === 'string' ? props.currency : 'USD', donateTextsOf(props.texts), language);
};
export default mount;
