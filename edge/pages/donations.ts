/**
 * Donations without a cart (issue 30): the donate page (SPEC §2 page type 203) with its card
 * form posted without JavaScript, and contribution confirmed (204) reached with the donation's
 * link token. Both render through the site's theme (`donate.html` / `contribution-confirmed.html`
 * when the theme has them, else `page.html` with the form as its main content).
 */
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import { amountInputBounds, coverFeeCents, coverFeeRule, DONATION_MESSAGES, donationAmountError, majorToMinor, type DonationLimits } from '../../domain/commerce/donations.js';
import { stripeLocale } from '../../domain/languages/languages.js';
import { fillText, type StoreTexts } from '../../domain/languages/store-texts.js';
import { displayMoney, minorToDecimal, moneyJson } from '../../domain/money/money.js';
import { escapeAttr, escapeHtml } from '../../engine/index.js';
import type { AppEnv } from '../env.js';
import { ApiError } from '../errors.js';
import { bodyGuard, FORM_TYPES } from '../middleware/body-guard/index.js';
import { crumbFor, CRUMB_COOKIE, requireCrumb } from '../middleware/crumb/index.js';
import { newCartToken } from '../services/cart/tokens.js';
import { COVERS_THE_FEE, DONATION_CART_PREFIX, placeDonation } from '../services/donations/place.js';
import { siteDonationLimits } from '../services/donations/limits.js';
import { stopMonthlyDonation } from '../services/donations/monthly.js';
import { subscriptionOfOrder, type SubscriptionRow } from '../services/subscriptions/index.js';
import { donationProvider } from '../services/donations/provider.js';
import { sitePayments, stripeBrowserSettings, stripeSettings } from '../services/payments/index.js';
import { leaseMs, orderFromLink, type LoadedOrder } from '../services/orders/index.js';
import { baseContext } from './page-context.js';
import { pageRequest, respond } from './respond.js';
import { PAGE_TYPE, type PageResult } from './page-types.js';
import { notFoundPage } from './utility-pages.js';
import { accountLocale, accountTexts } from './account/account-texts.js';
import { messageTranslator, textHtml } from './page-words.js';

const PERSONAL = 'private, no-store';

/** What the visitor typed, shown back with the errors (never the card number). */
interface DonateValues {
  amount: string;
  email: string;
  name: string;
  message: string;
  anonymous: boolean;
  /** The donor adds the card fee (coverFeeCents). */
  coverFee: boolean;
  /** Give each month (a subscription renewed by the renewal Cron) rather than once. */
  monthly: boolean;
}

interface DonateState {
  values: DonateValues;
  errors: Record<string, string>;
  notice?: string | undefined;
}

const field = (id: string, label: string, input: string, error: string | undefined, hint = '') =>
  `<div class="form-item field${error ? ' error' : ''}">${error ? `<p class="field-error" role="alert" id="${id}-error">${escapeHtml(error)}</p>` : ''}<label for="${id}">${escapeHtml(label)}</label>${hint}${input}</div>`;

const invalid = (id: string, error: string | undefined) => (error ? ` aria-invalid="true" aria-describedby="${id}-error"` : '');

/**
 * The cover-the-fee line of the form: the rule, and when the amount is known the fee and the
 * total (computed here, so it is shown without JavaScript).
 */
function coverFeeHtml(v: DonateValues, currency: string, locale: string, limits: DonationLimits, t: StoreTexts): string {
  const cents = v.amount ? majorToMinor(v.amount, currency) : undefined;
  const known = cents !== undefined && !donationAmountError(cents, currency, locale, limits);
  const money = (n: number) => displayMoney(n, currency, locale);
  const fee = known ? coverFeeCents(cents, currency) : 0;
  const total = known
    ? `<p class="description donate-total" id="donate-fee-total">${escapeHtml(fillText(t.donateFeeTotal, { amount: money(cents), fee: money(fee), total: money(cents + fee) }))}</p>`
    : '';
  return `<div class="form-item field checkbox donate-fee"><label><input type="checkbox" name="coverFee" value="1"${v.coverFee ? ' checked' : ''}${known ? ' aria-describedby="donate-fee-total"' : ''}> ${escapeHtml(fillText(t.donateCoverFee, { rule: coverFeeRule(currency, locale) }))}</label>${total}</div>`;
}

/** The amount bounds as attributes of a number input in major units. */
function amountBounds(currency: string, limits: DonationLimits): string {
  const { min, max, step } = amountInputBounds(currency, limits);
  return ` min="${min}" max="${max}" step="${step}"`;
}

/**
 * How page 203 takes the card: the local test card's fields, or on a site paying through Stripe
 * the `donate` island's Payment Element (`browser`: what Stripe.js may know, none when the
 * deployment lacks the publishable key, and then the form cannot pay).
 */
type DonatePay = { kind: 'card' } | { kind: 'stripe'; browser?: { publishableKey: string; locale: string } | undefined };

async function donatePay(c: Context<AppEnv>): Promise<DonatePay> {
  const pay = await sitePayments(c.var.db, c.env, c.var.site);
  if (!stripeSettings(pay.env)) return { kind: 'card' };
  const browser = stripeBrowserSettings(pay.env);
  return { kind: 'stripe', browser: browser && { ...browser, locale: stripeLocale(accountLocale(c)) } };
}

function testCardHtml(e: Record<string, string>, t: StoreTexts): string {
  const year = new Date().getUTCFullYear();
  return `<fieldset class="donate-card"><legend>${escapeHtml(t.donateCard)}</legend>
${field('donate-card', t.cardNumber, `<input id="donate-card" name="cardNumber" type="text" inputmode="numeric" autocomplete="cc-number" required maxlength="23"${invalid('donate-card', e.card)}>`, e.card)}
${field('donate-exp-month', t.donateExpMonth, `<input id="donate-exp-month" name="expMonth" type="text" inputmode="numeric" autocomplete="cc-exp-month" required maxlength="2" placeholder="MM">`, undefined)}
${field('donate-exp-year', t.donateExpYear, `<input id="donate-exp-year" name="expYear" type="text" inputmode="numeric" autocomplete="cc-exp-year" required maxlength="4" placeholder="${year + 2}">`, undefined)}
${field('donate-cvc', t.securityCode, `<input id="donate-cvc" name="cvc" type="text" inputmode="numeric" autocomplete="cc-csc" required maxlength="4">`, undefined)}
</fieldset>`;
}

/**
 * The card part on a Stripe site: the box the island mounts Stripe's Payment Element in, and
 * without JavaScript a plain statement that paying here needs it (no test-card fields).
 */
function stripeCardHtml(pay: DonatePay & { kind: 'stripe' }, t: StoreTexts): string {
  const why = pay.browser ? t.donateNeedsJavaScript : t.donatePaymentsOff;
  return `<fieldset class="donate-card donate-stripe"><legend>${escapeHtml(t.donateCard)}</legend><div class="donate-stripe-element"></div>${pay.browser ? `<noscript><p class="donate-needs-js">${escapeHtml(why)}</p></noscript>` : `<p class="donate-needs-js">${escapeHtml(why)}</p>`}</fieldset>`;
}

/** The island marker of page 203 on a Stripe site: its props (publishable key, Stripe locale, currency) as attributes. */
function islandAttributes(c: Context<AppEnv>, pay: DonatePay, currency: string, t: StoreTexts): string {
  if (pay.kind !== 'stripe' || !pay.browser) return '';
  const language = c.var.language ? ` data-prop-language="${escapeAttr(c.var.language.code)}"` : '';
  return ` data-island="donate" data-island-load="eager" data-prop-stripe="${escapeAttr(JSON.stringify(pay.browser))}" data-prop-currency="${escapeAttr(currency)}" data-prop-texts="${escapeAttr(JSON.stringify(islandTexts(t)))}"${language}`;
}

/** The messages the form's checks and the donation service answer with, in the page's words. */
const donateMessageIn = messageTranslator([
  'donateAmountMissing', 'donateAmountInvalid', 'donatePaymentsOff', 'donateNeedsJavaScript', 'donateMessageTooLong', 'accountEmailInvalid',
  'donateNameTooLong', 'donateCardIncomplete', 'donateCardExpiry', 'donateCardCvc', 'donateCheckFields', 'accountRateLimited',
]);
const BOUND = /^The (smallest|largest) donation is (.+)\.$/;

/** A donate form message in the page's words: the bounds' messages keep their amount (already in the page's money format). */
function donateMessage(message: string | undefined, t: StoreTexts): string | undefined {
  const bound = message === undefined ? undefined : BOUND.exec(message);
  if (bound) return fillText(bound[1] === 'smallest' ? t.donateTooSmall : t.donateTooLarge, { amount: bound[2]! });
  return donateMessageIn(message, t);
}

/** The donate island's words (its status and error texts) in the page's language. */
const ISLAND_TEXTS = ['donateAmountMissing', 'donateAmountInvalid', 'accountEmailInvalid', 'donateRecorded', 'donateLoadFailed'] as const;
const islandTexts = (t: StoreTexts) => Object.fromEntries(ISLAND_TEXTS.map((key) => [key, t[key]]));

/** The donate form (page 203) as HTML, every value escaped. */
function donateFormHtml(c: Context<AppEnv>, state: DonateState, currency: string, locale: string, limits: DonationLimits, pay: DonatePay, t: StoreTexts): string {
  const { values: v, errors: e } = state;
  const { minCents, maxCents } = limits;
  const range = fillText(t.donateRange, { min: displayMoney(minCents, currency, locale), max: displayMoney(maxCents, currency, locale) });
  return `<section class="donate" data-page-type="203"${islandAttributes(c, pay, currency, t)}>
<h1>${escapeHtml(t.donateTitle)}</h1>
${state.notice ? `<p class="form-notice" role="alert">${escapeHtml(state.notice)}</p>` : ''}
<form class="form donate-form" method="post" action="/donate" novalidate>
<input type="hidden" name="crumb" value="${escapeAttr(crumbFor(c))}">
<input type="hidden" name="idempotencyKey" value="${escapeAttr(newCartToken())}">
${field('donate-amount', fillText(t.donateAmount, { currency }), `<input id="donate-amount" name="amount" type="number" inputmode="decimal" autocomplete="off" required${amountBounds(currency, limits)} value="${escapeAttr(v.amount)}"${invalid('donate-amount', e.amount)}>`, e.amount, `<p class="description">${escapeHtml(range)}</p>`)}
${coverFeeHtml(v, currency, locale, limits, t)}
<fieldset class="form-item field donate-frequency"><legend>${escapeHtml(t.donateHowOften)}</legend><label><input type="radio" name="frequency" value="once"${v.monthly ? '' : ' checked'}> ${escapeHtml(t.donateOneTime)}</label> <label><input type="radio" name="frequency" value="monthly"${v.monthly ? ' checked' : ''}> ${escapeHtml(t.donateMonthlyCancel)}</label></fieldset>
${field('donate-email', t.donateEmail, `<input id="donate-email" name="email" type="email" autocomplete="email" required maxlength="254" value="${escapeAttr(v.email)}"${invalid('donate-email', e.email)}>`, e.email)}
${field('donate-name', t.donateName, `<input id="donate-name" name="name" type="text" autocomplete="name" maxlength="100" value="${escapeAttr(v.name)}"${invalid('donate-name', e.name)}>`, e.name)}
${field('donate-message', t.donateMessage, `<textarea id="donate-message" name="message" maxlength="500"${invalid('donate-message', e.message)}>${escapeHtml(v.message)}</textarea>`, e.message)}
<div class="form-item field checkbox"><label><input type="checkbox" name="anonymous" value="1"${v.anonymous ? ' checked' : ''}> ${escapeHtml(t.donateAnonymous)}</label></div>
${pay.kind === 'stripe' ? stripeCardHtml(pay, t) : testCardHtml(e, t)}
<p class="donate-status" aria-live="polite"></p>
<div class="form-button-wrapper"><button class="button form-submit" type="submit">${escapeHtml(t.donateButton)}</button></div>
</form>
</section>`;
}

async function renderDonate(c: Context<AppEnv>, state: DonateState, status: PageResult['status'], limits: DonationLimits, pay: DonatePay): Promise<Response> {
  const req = pageRequest(c);
  c.header('Cache-Control', PERSONAL);
  c.header('X-Robots-Tag', 'noindex, nofollow');
  const { currency, locale } = req.site;
  const { minCents, maxCents } = limits;
  const [base, t] = await Promise.all([baseContext(req, PAGE_TYPE.donate, 'donate'), accountTexts(c)]);
  // The form's messages in the page's words (the checks answer in English).
  const errors = Object.fromEntries(Object.entries(state.errors).map(([k, m]) => [k, donateMessage(m, t) ?? m]));
  const shown: DonateState = { ...state, errors, notice: donateMessage(state.notice, t) };
  return respond(c, req, {
    status,
    templates: ['donate.html', 'page.html'],
    context: {
      ...base,
      collection: { id: 'donate', title: t.donateButton, urlId: 'donate', fullUrl: '/donate', typeName: 'page', mainContent: donateFormHtml(c, shown, currency, locale, limits, pay, t), mainContentHasHeading: true },
      donation: {
        currency, minimum: minCents, minimumMoney: moneyJson(minCents, currency), maximum: maxCents, maximumMoney: moneyJson(maxCents, currency), errors,
        ...(pay.kind === 'stripe' && pay.browser ? { stripe: pay.browser } : {}),
      },
    },
  });
}

export const donationPages = new Hono<AppEnv>({ strict: false });

/**
 * GET /donate (203): the donation block's choice arrives as `amount` (minor units, a suggested
 * amount) or `custom` (what the visitor typed, major units); the form starts with it.
 */
donationPages.get('/donate', async (c) => {
  const currency = c.var.site.currency;
  const limits = await siteDonationLimits(c.var.db, c.var.site);
  const custom = (c.req.query('custom') ?? '').trim().slice(0, 40);
  const preset = c.req.query('amount') ?? '';
  const cents = custom ? majorToMinor(custom, currency) : /^\d{1,12}$/.test(preset) ? Number(preset) : undefined;
  const amount = cents !== undefined ? minorToDecimal(cents, currency) : custom;
  const error = custom && cents === undefined ? DONATION_MESSAGES.amountInvalid : cents !== undefined ? donationAmountError(cents, currency, accountLocale(c), limits) : undefined;
  const coverFee = c.req.query('coverFee') === '1';
  const monthly = c.req.query('frequency') === 'monthly';
  const state: DonateState = { values: { amount, email: '', name: '', message: '', anonymous: false, coverFee, monthly }, errors: error ? { amount: error } : {} };
  return renderDonate(c, state, error ? 400 : 200, limits, await donatePay(c));
});

const donateForm = z.object({
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  amount: z.string().max(40).default(''),
  email: z.string().max(254).default(''),
  name: z.string().max(200).default(''),
  message: z.string().max(2000).default(''),
  anonymous: z.string().max(5).optional(),
  coverFee: z.string().max(5).optional(),
  frequency: z.enum(['once', 'monthly']).default('once'),
  cardNumber: z.string().max(40).default(''),
  expMonth: z.string().max(4).default(''),
  expYear: z.string().max(6).default(''),
  cvc: z.string().max(6).default(''),
});

// A small url-encoded form: another type is 415, an oversize body 413, before the crumb is read.
const guard = bodyGuard({ types: FORM_TYPES, maxBytes: 8 * 1024 });

/**
 * POST /donate: the donate form without JavaScript. Errors come back on the form (400 bad
 * input or amount out of bounds, 402 a declined card, 422 payments off; on a Stripe site,
 * where only the island's Payment Element pays, 400 saying JavaScript is needed); a donation lands
 * on its contribution-confirmed page (303). The form's Idempotency-Key is a hidden field
 * minted with the form, so a resubmitted form never charges twice.
 */
donationPages.post('/donate', guard, requireCrumb, async (c) => {
  const parsed = donateForm.safeParse(await c.req.parseBody());
  if (!parsed.success) throw new ApiError(400, 'invalid_request', 'The form is not complete.');
  const f = parsed.data;
  const site = c.var.site;
  const values: DonateValues = { amount: f.amount.trim(), email: f.email.trim(), name: f.name.trim(), message: f.message.trim(), anonymous: f.anonymous === '1', coverFee: f.coverFee === '1', monthly: f.frequency === 'monthly' };
  const limits = await siteDonationLimits(c.var.db, site);
  const errors: Record<string, string> = {};
  const cents = values.amount ? majorToMinor(values.amount, site.currency) : undefined;
  if (!values.amount) errors.amount = DONATION_MESSAGES.amountMissing;
  else if (cents === undefined) errors.amount = DONATION_MESSAGES.amountInvalid;
  else {
    const bound = donationAmountError(cents, site.currency, accountLocale(c), limits);
    if (bound) errors.amount = bound;
  }
  if (!z.email().max(254).safeParse(values.email).success) errors.email = 'Enter a valid email address.';
  if (values.name.length > 100) errors.name = 'Your name is too long.';
  if (values.message.length > 500) errors.message = DONATION_MESSAGES.messageTooLong;
  const pay = await donatePay(c);
  // On a Stripe site only the island's Payment Element can pay: the form comes back with what was typed and why.
  if (pay.kind === 'stripe') return renderDonate(c, { values, errors, notice: pay.browser ? DONATION_MESSAGES.needsJavaScript : DONATION_MESSAGES.paymentsOff }, 400, limits, pay);
  const number = f.cardNumber.trim();
  const card = { number, expMonth: Number(f.expMonth), expYear: Number(f.expYear.length === 2 ? `20${f.expYear}` : f.expYear), cvc: f.cvc.trim() };
  if (!/^[\d\s-]{12,23}$/.test(number)) errors.card = 'Your card number is incomplete.';
  else if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12 || !Number.isInteger(card.expYear) || card.expYear < 2000 || card.expYear > 2100) errors.card = 'Your card’s expiry date is invalid.';
  else if (!/^\d{3,4}$/.test(card.cvc)) errors.card = 'Your card’s security code is incomplete.';
  if (Object.keys(errors).length > 0 || cents === undefined) return renderDonate(c, { values, errors, notice: 'Please check the fields below.' }, 400, limits, pay);
  try {
    const provider = await donationProvider(c.var.db, c.env, site);
    const placed = await placeDonation(c.var.db, {
      site: { id: site.id, currency: site.currency, title: site.title, locale: site.locale },
      requester: getCookie(c, CRUMB_COOKIE) ?? '',
      idempotencyKey: f.idempotencyKey,
      amountCents: cents,
      limits,
      monthly: values.monthly,
      siteUserId: c.var.siteUser?.id ?? null,
      feeCents: values.coverFee ? coverFeeCents(cents, site.currency) : 0,
      email: values.email, name: values.name, message: values.message, anonymous: values.anonymous,
      card, provider,
      origin: new URL(c.req.url).origin,
      ...(c.var.language ? { language: { code: c.var.language.code, prefix: c.var.language.prefix, texts: await accountTexts(c) } } : {}),
      leaseMs: leaseMs(c.env),
      now: Date.now(),
    });
    c.header('Cache-Control', PERSONAL);
    // A form sent twice (the key is the form's, bound to this visitor's crumb) shows the same donation again.
    if (!placed.confirmationPath) return renderConfirmed(c, placed.order);
    return c.redirect(placed.confirmationPath, 303);
  } catch (err) {
    if (err instanceof ApiError && err.status !== 429 && err.status < 500) {
      const status = err.status === 402 || err.status === 422 ? err.status : 400;
      return renderDonate(c, { values, errors: err.options.fields?.amount ? { amount: err.options.fields.amount } : {}, notice: err.message }, status, limits, pay);
    }
    throw err;
  }
});

const day = (ms: number, locale: string) => new Date(ms).toLocaleDateString(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/**
 * A monthly donation's part of page 204: when it next renews and a button that stops it
 * (a form posted with the page's link token and the crumb), or that it has stopped.
 */
function monthlyHtml(c: Context<AppEnv>, sub: SubscriptionRow | undefined, link: { order: string; token: string } | undefined, t: StoreTexts): string {
  if (!sub) return '';
  if (sub.status !== 'active' && sub.status !== 'past_due' && sub.status !== 'paused') return `<p class="contribution-monthly" data-monthly="stopped">${escapeHtml(t.contributionStopped)}</p>`;
  const next = sub.nextBillingAt ? ` ${fillText(t.contributionNext, { date: day(sub.nextBillingAt, c.var.language?.code ?? 'en-US') })}` : '';
  const cancel = link
    ? `<form class="contribution-cancel" method="post" action="/contribution-confirmed/cancel"><input type="hidden" name="crumb" value="${escapeAttr(crumbFor(c))}"><input type="hidden" name="order" value="${escapeAttr(link.order)}"><input type="hidden" name="token" value="${escapeAttr(link.token)}"><button class="button" type="submit">${escapeHtml(t.contributionStop)}</button></form>`
    : '';
  return `<p class="contribution-monthly" data-monthly="active">${escapeHtml(t.contributionMonthly)}${escapeHtml(next)}</p>${cancel}`;
}

/** Contribution confirmed (204) for a donation the visitor may see. */
async function renderConfirmed(c: Context<AppEnv>, found: LoadedOrder, link?: { order: string; token: string }): Promise<Response> {
  const req = pageRequest(c);
  c.header('Cache-Control', PERSONAL);
  c.header('X-Robots-Tag', 'noindex, nofollow');
  const { order } = found;
  const amount = displayMoney(order.grandTotalCents, order.currency, req.site.locale);
  // A donor who covered the fee reads it back (the line's field answers hold it in the site's money format).
  const fields = found.lines[0]?.additionalFields ? (JSON.parse(found.lines[0].additionalFields) as Record<string, unknown>) : {};
  const stored = typeof fields[COVERS_THE_FEE] === 'string' ? fields[COVERS_THE_FEE] : undefined;
  // The stored fee is in the site's money format; a page of an added language shows it in its own.
  const feeCents = stored && req.language ? majorToMinor(stored, order.currency) : undefined;
  const fee = feeCents !== undefined ? displayMoney(feeCents, order.currency, req.site.locale) : stored;
  const [sub, base, t] = await Promise.all([
    subscriptionOfOrder(req.db, req.site.id, order.id), baseContext(req, PAGE_TYPE.contributionConfirmed, 'contribution-confirmed'), accountTexts(c),
  ]);
  const body = `<section class="contribution-confirmed" data-page-type="204"><h1>${escapeHtml(t.contributionHeading)}</h1>
<p class="contribution-amount">${textHtml(t.contributionGave, { amount: `<strong>${escapeHtml(amount)}</strong>`, site: escapeHtml(req.site.title) })}</p>
${fee ? `<p class="contribution-fee">${escapeHtml(fillText(t.contributionFee, { fee }))}</p>` : ''}
<p>${textHtml(t.contributionReceipt, { number: `<strong>#${order.orderNumber}</strong>`, email: escapeHtml(order.email) })}</p>
${monthlyHtml(c, sub, link, t)}
${order.testMode ? `<p class="contribution-test">${escapeHtml(t.contributionTest)}</p>` : ''}
<p><a href="/">${escapeHtml(t.contributionBack)}</a></p></section>`;
  return respond(c, req, {
    status: 200,
    templates: ['contribution-confirmed.html', 'page.html'],
    context: {
      ...base,
      collection: { id: 'contribution-confirmed', title: t.contributionTitle, urlId: 'contribution-confirmed', fullUrl: '/contribution-confirmed', typeName: 'page', mainContent: body, mainContentHasHeading: true },
      donation: { orderNumber: order.orderNumber, amount: order.grandTotalCents, amountMoney: moneyJson(order.grandTotalCents, order.currency), testMode: order.testMode },
    },
  });
}

/** GET /contribution-confirmed (204): the donation behind the link (its token), else the not-found page. */
donationPages.get('/contribution-confirmed', async (c) => {
  const req = pageRequest(c);
  const found = await orderFromLink(req.db, req.site.id, c.req.query('order'), c.req.query('token'));
  if (!found || !found.order.purchasedCartId.startsWith(DONATION_CART_PREFIX)) {
    c.header('Cache-Control', PERSONAL);
    return respond(c, req, await notFoundPage(req));
  }
  return renderConfirmed(c, found, { order: c.req.query('order')!, token: c.req.query('token')! });
});

const cancelForm = z.object({ order: z.string().max(64), token: z.string().max(64) });

/**
 * POST /contribution-confirmed/cancel: the donor stops a monthly donation from page 204 (the
 * link in the first receipt), with its token and the crumb. One conditional UPDATE on the
 * subscription this donation started; then page 204 again, saying it is stopped. A wrong
 * token is the not-found page.
 */
donationPages.post('/contribution-confirmed/cancel', guard, requireCrumb, async (c) => {
  const req = pageRequest(c);
  const parsed = cancelForm.safeParse(await c.req.parseBody());
  const found = parsed.success ? await orderFromLink(req.db, req.site.id, parsed.data.order, parsed.data.token) : undefined;
  c.header('Cache-Control', PERSONAL);
  if (!found || !found.order.purchasedCartId.startsWith(DONATION_CART_PREFIX)) return respond(c, req, await notFoundPage(req));
  await stopMonthlyDonation(req.db, req.site.id, found.order.id, Date.now());
  return renderConfirmed(c, found, parsed.data);
});
