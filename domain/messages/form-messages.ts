/**
 * SPEC §5 and §8 texts of forms, exactly as the catalogue gives them (shared with the form
 * island). The bot check's texts (captcha-messages.ts) and the checkout's 'Update the missing
 * or invalid information above.' (checkout-messages.ts) live apart: imported from here, this
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
} as const;

export { RESTOCK_MESSAGES } from './restock-messages.js';
