import { coverFeeCents, DONATION_MESSAGES, majorToMinor } from '../../../domain/commerce/donations.js';
import type { StripeConfig, StripePayment } from '../checkout/stripe-payment.js';
import { donateApi, type DonationChoice } from './donate-api.js';
import { textsOver } from '../../../domain/languages/words.js';

type DonateTexts = Record<'donateAmountMissing' | 'donateAmountInvalid' | 'accountEmailInvalid' | 'donateRecorded' | 'donateLoadFailed', string>;
/**
 * The island's status and error texts in English: the store texts of the same keys (props
 * `texts` bring them in the page's language). Kept here so the island's chunk does not carry
 * every store text.
 */
const ENGLISH: DonateTexts = {
  donateAmountMissing: DONATION_MESSAGES.amountMissing,
  donateAmountInvalid: DONATION_MESSAGES.amountInvalid,
  accountEmailInvalid: 'Enter a valid email address.',
  donateRecorded: 'Thank you: your donation is recorded and a receipt is on its way to your email.',
  donateLoadFailed: 'Card payments could not load. Please reload the page and try again.',
};

/** The texts of the island's props over the English (a page without them reads English). */
export function donateTextsOf(value: unknown): DonateTexts {
  return textsOver(ENGLISH, value);
}

/** The form's choice, or the first thing the donor must fix (checked again by the server). */
function choiceOf(form: HTMLFormElement, currency: string, t: DonateTexts): DonationChoice | string {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '').trim();
  const typed = text('amount');
  if (!typed) return t.donateAmountMissing;
  const amount = majorToMinor(typed, currency);
  if (amount === undefined) return t.donateAmountInvalid;
  const email = text('email');
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) return t.accountEmailInvalid;
  return {
    amount, email, coverFee: data.get('coverFee') === '1', frequency: data.get('frequency') === 'monthly' ? 'monthly' : 'once',
    name: text('name'), message: text('message'), anonymous: data.get('anonymous') === '1',
  };
}

/** What the card is charged: the gift, and the fee when the donor covers it (the server computes the same). */
const chargeOf = (c: DonationChoice, currency: string) => c.amount + (c.coverFee ? coverFeeCents(c.amount, currency) : 0);

/**
 * Page 203 on a Stripe site: the server's donate form, paid through Stripe's Payment Element.
 * The element is mounted in the form's card box (saving the card for a monthly gift, as the
 * server's intent will); on submit the worker makes the intent under the form's Idempotency-Key,
 * Stripe.js confirms it, the worker records the donation, and the donor goes to page 204.
 * Errors are said in the form's live region; the button is off while paying.
 */
export function payDonateForm(form: HTMLFormElement, config: StripeConfig, currency: string, t: DonateTexts = donateTextsOf(undefined), language?: string): void {
  const LOAD_FAILED = t.donateLoadFailed;
  const box = form.querySelector<HTMLElement>('.donate-stripe-element')!;
  const status = form.querySelector<HTMLElement>('.donate-status')!;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const key = form.querySelector<HTMLInputElement>('input[name="idempotencyKey"]')!.value;
  let payment: Promise<StripePayment | string> | undefined;
  let saving: boolean | undefined;
  let busy = false;
  // The intent Stripe.js already authorised: a retry after the worker's answer was lost records it without confirming twice.
  let confirmed: string | undefined;

  const say = (text: string) => {
    status.textContent = text;
    status.classList.toggle('field-error', Boolean(text));
  };
  const current = () => {
    const c = choiceOf(form, currency, t);
    return typeof c === 'string' ? undefined : c;
  };
  // Stripe.js's element must say whether the card is saved, as the intent does: a change of frequency mounts it anew.
  const mount = () => {
    const c = current();
    const monthly = c?.frequency === 'monthly';
    if (payment && saving === monthly) return;
    const before = payment;
    saving = monthly;
    payment = (async () => {
      const old = await before;
      if (typeof old === 'object') old.destroy();
      const { mountPaymentElement } = await import('../checkout/stripe-payment.js');
      return mountPaymentElement(config, box, c ? chargeOf(c, currency) : 100, currency, monthly, '/donate');
    })().catch((e: unknown) => (e instanceof Error ? e.message : LOAD_FAILED));
    void payment.then((p) => typeof p === 'string' && say(p));
  };
  const update = () => {
    mount();
    const c = current();
    if (c) void payment?.then((p) => typeof p === 'object' && p.setAmount(chargeOf(c, currency)));
  };
  form.addEventListener('change', update);
  form.addEventListener('input', update);
  mount();

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (busy) return;
    busy = true;
    button.disabled = true;
    button.setAttribute('aria-busy', 'true');
    say('');
    void give()
      .then((problem) => problem && say(problem))
      .finally(() => {
        busy = false;
        button.disabled = false;
        button.removeAttribute('aria-busy');
      });
  });

  /** One try at giving; what went wrong (shown beside the form), or undefined when the donor is leaving for page 204. */
  async function give(): Promise<string | undefined> {
    const choice = choiceOf(form, currency, t);
    if (typeof choice === 'string') return choice;
    const element = await payment;
    if (!element || typeof element === 'string') return element ?? LOAD_FAILED;
    try {
      const incomplete = await element.check();
      if (incomplete) return incomplete;
      const intent = await donateApi.intent(key, choice);
      if (intent.id !== confirmed) {
        const declined = await element.confirm(intent.clientSecret);
        if (declined) return declined;
        confirmed = intent.id;
      }
      const given = await donateApi.give(key, choice, intent.id, language);
      if (!given.confirmationUrl) return t.donateRecorded;
      window.location.assign(given.confirmationUrl);
      return undefined;
    } catch (e) {
      return e instanceof Error ? e.message : LOAD_FAILED;
    }
  }
}
