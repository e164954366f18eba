/**
 * SPEC §5 and §8 texts of forms, exactly as the catalogue gives them (shared with the form
 * island). The bot check's texts (captcha-messages.ts) and the checkout's 'Update the missing
 * or invalid information above.' (the store text `checkoutUpdateMissing`, in the page's language) live apart: imported from here, this
 * table became a chunk of its own that every storefront page preloaded, the product page too.
 */
export const FORM_MESSAGES = {
  required: 'Required',
  likertMissing: 'Survey is not valid. Missing a required question.',
  tooLong: 'You have exceeded the character limit.',
  // SPEC §5 names the format "{email}"; this is the example address shown for it.
  emailInvalid: 'Email is not valid. Email addresses should follow the format user@domain.com.',
  invalidFields: 'One or more fields is invalid, please check your entries.',
  captchaIncomplete: 'Complete CAPTCHA before submitting.',
  cannotParse: 'Could not parse the form fields, please check your entries.',
  noKey: 'Could not get a form submission key, please try again later.',
  processing: 'Error processing form submission. Please reload and try again.',
  unknown: 'Unknown error, please try again later.',
  noticeAbove: 'Your form has encountered a problem. Please scroll down to review.',
  noticeBelow: 'Your form has encountered a problem. Please scroll up to review.',
  // SPEC §8 by status.
  status401: 'Unable to submit form. Please try again later.',
  status404: 'This form has not been configured yet.',
  status429: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  status500: 'Unable to send form. Please try again later.',
  // Checks the catalogue does not word; ours, in the same voice.
  numberInvalid: 'Number is not valid.',
  currencyInvalid: 'Amount is not valid.',
  websiteInvalid: 'Website is not valid. Addresses should look like example.com.',
  dateInvalid: 'Date is not valid.',
  timeInvalid: 'Time is not valid.',
  optionInvalid: 'Choose one of the listed options.',
  // The form's own words around the fields (SPEC §4 'Submitting…').
  submitting: 'Submitting…',
  selectOption: 'Select an option',
  // The no-JS post's page for a form that does not exist, and the hidden honeypot input's label (issue 29).
  notFoundTitle: 'Form not found',
  honeypotLabel: 'Leave this empty',
} as const;

export type FormMessageKey = keyof typeof FORM_MESSAGES;
export type FormMessages = Record<FormMessageKey, string>;

/** The translation entity of the form messages (kind `system`, issue 29). */
export const FORM_MESSAGES_ENTITY = 'form-messages';

/**
 * The English texts with `translated(key)` over them where it gives a text.
 * @example formMessages((k) => (k === 'required' ? 'Obligatoire' : undefined)).required // 'Obligatoire'
 */
export function formMessages(translated: (key: FormMessageKey) => string | undefined = () => undefined): FormMessages {
  const out = { ...FORM_MESSAGES } as FormMessages;
  for (const key of Object.keys(FORM_MESSAGES) as FormMessageKey[]) {
    const text = translated(key);
    if (text) out[key] = text;
  }
  return out;
}

/** The messages a form island got in its props (only the translated ones travel) over the English. */
export function formMessagesOf(value: unknown): FormMessages {
  const given = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return formMessages((key) => (Object.hasOwn(given, key) && typeof given[key] === 'string' ? (given[key] as string) : undefined));
}

export { RESTOCK_MESSAGES } from './restock-messages.js';
