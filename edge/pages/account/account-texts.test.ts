import { describe, expect, it } from 'vitest';
import { emailField, newEmailField, newPasswordField } from '../../../domain/accounts/account-fields.js';
import { storeTexts, STORE_TEXTS } from '../../../domain/languages/store-texts.js';
import {
  EMAIL_UNVERIFIED_MESSAGE, INVALID_CREDENTIALS_MESSAGE, INVALID_LINK_MESSAGE, RESET_REQUESTED_MESSAGE, SIGN_UP_MESSAGE,
} from '../../../domain/messages/account-messages.js';
import { MESSAGES } from '../../../domain/messages/storefront-messages.js';
import { CRUMB_FAIL_MESSAGE } from '../../middleware/crumb/index.js';
import { accountMessage } from './account-texts.js';

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('accountMessage', () => {
  it("knows the catalogue's English of every message the account pages show", () => {
    // If one of these drifts, its translation would silently stop applying.
    expect([
      STORE_TEXTS.accountInvalidCredentials, STORE_TEXTS.accountEmailUnverified, STORE_TEXTS.accountInvalidLink,
      STORE_TEXTS.accountSignUpSent, STORE_TEXTS.accountResetSent, STORE_TEXTS.accountSessionExpired,
      STORE_TEXTS.accountRateLimited,
    ]).toEqual([
      INVALID_CREDENTIALS_MESSAGE, EMAIL_UNVERIFIED_MESSAGE, INVALID_LINK_MESSAGE, SIGN_UP_MESSAGE, RESET_REQUESTED_MESSAGE,
      CRUMB_FAIL_MESSAGE, MESSAGES.rateLimited,
    ]);
    expect(firstIssue(emailField.safeParse(''))).toBe(STORE_TEXTS.accountEnterEmail);
    expect(firstIssue(emailField.safeParse('a'.repeat(300)))).toBe(STORE_TEXTS.accountEmailTooLong);
    expect(firstIssue(newEmailField.safeParse('not-an-address'))).toBe(STORE_TEXTS.accountEmailInvalid);
    expect(firstIssue(newPasswordField.safeParse('short'))).toBe(STORE_TEXTS.accountPasswordTooShort);
    expect(firstIssue(newPasswordField.safeParse('x'.repeat(1025)))).toBe(STORE_TEXTS.accountPasswordTooLong);
  });

  it('gives the translation of a known message, English where untranslated, and any other message as it is', () => {
    const french = storeTexts((key) => (key === 'accountInvalidCredentials' ? 'E-mail ou mot de passe incorrect.' : undefined));
    expect(accountMessage(INVALID_CREDENTIALS_MESSAGE, french)).toBe('E-mail ou mot de passe incorrect.');
    expect(accountMessage(INVALID_LINK_MESSAGE, french)).toBe(INVALID_LINK_MESSAGE);
    expect(accountMessage('Something else.', french)).toBe('Something else.');
    expect(accountMessage(undefined, french)).toBeUndefined();
  });
});
